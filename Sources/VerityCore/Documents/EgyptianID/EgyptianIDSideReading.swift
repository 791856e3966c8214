/// One side of an Egyptian national ID, read on its own: what the OCR
/// service keeps (sealed) between a side's transaction and the combination.
public struct EgyptianIDSideReading: Sendable, Codable, Equatable {
    public var side: DocumentSide
    /// The fields this side holds; the other side's are nil.
    public var text: EgyptianIDText
    /// How far the image was turned to read it upright: 0 or 180 (or 90/270 from the locator).
    public var orientation: Int
    /// 0–1.
    public var confidence: Double
    public var quality: QualityReport
    /// The front's portrait, when a face engine took part.
    public var portrait: PortraitEvidence?
    /// What covers or holes this side.
    public var anomaly: ImageAnomalyEvidence?
    /// A fold or crack across this side.
    public var crack: CrackEvidence?
    /// The front edited after capture; absent for a back, or a capture too clean to judge.
    public var manipulation: ManipulationEvidence?
    /// The side's number printed unlike itself; absent when no number was read.
    public var textManipulation: TextManipulationEvidence?
    public var timings: [StageTiming]

    public init(side: DocumentSide, text: EgyptianIDText, orientation: Int, confidence: Double, quality: QualityReport,
                portrait: PortraitEvidence?, anomaly: ImageAnomalyEvidence? = nil,
                crack: CrackEvidence? = nil, manipulation: ManipulationEvidence? = nil,
                textManipulation: TextManipulationEvidence? = nil, timings: [StageTiming]) {
        self.side = side
        self.text = text
        self.orientation = orientation
        self.confidence = confidence
        self.quality = quality
        self.portrait = portrait
        self.anomaly = anomaly
        self.crack = crack
        self.manipulation = manipulation
        self.textManipulation = textManipulation
        self.timings = timings
    }
}
