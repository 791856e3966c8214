/// Where each quality measure turns from fine to a problem. Chosen from the
/// generated test set (clean, photographed, blurred, glared, grey copies) so that
/// every clean capture passes and every deliberately degraded one is caught;
/// tests/benchmarks print the measured values next to these.
public struct QualityThresholds: Sendable {
    /// Variance of the Laplacian at 1000 px width.
    public var sharpness = 100.0
    /// Share of the document that is blown-out white.
    public var glare = 0.015
    /// Mean grey level below which the capture is too dark.
    public var darkest = 60.0
    /// Grey level of the darkest 2 % above which even the print is washed out
    /// (a white document with dark print is bright, not overexposed).
    public var brightest = 150.0
    /// Standard deviation of grey levels.
    public var contrast = 20.0
    /// Mean colour saturation below which the capture is a grey copy.
    public var colourfulness = 0.03
    /// Letter height in pixels below which text is too small to read reliably:
    /// MRZ letters of 8 px (a 150 dpi scan) are read from a magnified copy.
    public var textHeight = 8.0

    public init() {}
}
