import Foundation
import VerityCore

/// Times the stages of one inspection.
struct Stopwatch {
    private(set) var timings: [StageTiming] = []

    mutating func measure<T, E: Error>(_ stage: String, _ work: () throws(E) -> T) throws(E) -> T {
        let start = DispatchTime.now().uptimeNanoseconds
        defer {
            let elapsed = Double(DispatchTime.now().uptimeNanoseconds - start) / 1_000_000
            timings.append(StageTiming(stage: stage, milliseconds: (elapsed * 100).rounded() / 100))
        }
        return try work()
    }
}
