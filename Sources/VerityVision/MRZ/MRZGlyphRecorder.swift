import Foundation

/// Collects what the MRZ classifier is shown while it reads: each line's text
/// and each cell's features. It cuts training glyphs from real scans
/// (`VerityBench mrz-glyphs`, tools/mrzmodel) with exactly the features the
/// reader computes. Off unless bound around a read:
/// `MRZGlyphRecorder.$current.withValue(recorder) { … }`.
public final class MRZGlyphRecorder: @unchecked Sendable {
    /// One line as the classifier read it; an empty cell has no features.
    public struct Line: Sendable {
        public let text: String
        public let features: [[Float]?]
    }

    @TaskLocal public static var current: MRZGlyphRecorder?

    private let lock = NSLock()
    private var recorded: [Line] = []

    public init() {}

    /// Every line read, in the order the reader read them (passes, placements, orientations).
    public var lines: [Line] { lock.withLock { recorded } }

    func record(_ line: Line) { lock.withLock { recorded.append(line) } }
}
