/// Latency samples in milliseconds and their percentiles.
struct LatencyStats: Sendable {
    private(set) var samples: [Double] = []

    mutating func add(_ milliseconds: Double) { samples.append(milliseconds) }
    mutating func merge(_ other: LatencyStats) { samples += other.samples }

    var mean: Double { samples.isEmpty ? .nan : samples.reduce(0, +) / Double(samples.count) }

    func percentile(_ p: Double) -> Double {
        guard !samples.isEmpty else { return .nan }
        let sorted = samples.sorted()
        let index = Int((p / 100 * Double(sorted.count - 1)).rounded())
        return sorted[min(max(index, 0), sorted.count - 1)]
    }
}

func milliseconds(since start: UInt64) -> Double {
    Double(DispatchTime.now().uptimeNanoseconds - start) / 1_000_000
}

import Dispatch
