/// What the reading stages found, before fields are chosen and cross-checked.
public struct DocumentEvidence: Sendable {
    public var mrz: MRZResult?
    /// Mean recogniser probability over the MRZ characters (0–1).
    public var mrzConfidence: Double
    /// The recogniser's probability for each MRZ character, by line (empty when unknown).
    public var mrzCharacterConfidence: [[Double]] = []
    public var aamva: AAMVALicense?
    /// Labelled values read from the printed (visual) zone.
    public var visual: [VisualZoneParser.Value]
    /// Every word read in the printed zone, upper-cased letters only: the
    /// MRZ's names are checked against them when no caption named a value.
    public var visualWords: [String] = []
    /// Fields read by a document-specific reader (e.g. the Egyptian ID), with their sources.
    public var read: [DocumentField]
    /// ISO 3166 alpha-2 country of issue the caller declared.
    public var country: String
    /// Sides the MRZ, the barcode and the printed labels were read from.
    public var mrzSide: DocumentSide = .front
    public var barcodeSide: DocumentSide = .back
    public var visualSide: DocumentSide = .front
    /// Fields a reader found inconsistent by the document's own rules (e.g. a
    /// national number whose check digit does not match).
    public var flagged: [String] = []

    public init(mrz: MRZResult? = nil, mrzConfidence: Double = 0, aamva: AAMVALicense? = nil,
                visual: [VisualZoneParser.Value] = [], read: [DocumentField] = [], country: String) {
        self.mrz = mrz
        self.mrzConfidence = mrzConfidence
        self.aamva = aamva
        self.visual = visual
        self.read = read
        self.country = country
    }
}
