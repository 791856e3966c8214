import Foundation
import Testing
@testable import VerityCore

@Suite("Random ids are version-4 UUIDs that do not repeat")
struct RandomUUIDTests {
    @Test func versionVariantAndUniqueness() {
        var seen = Set<UUID>()
        var bitsSet = [Int](repeating: 0, count: 128)
        for _ in 0..<10_000 {
            let id = UUID.random()
            let text = id.uuidString
            #expect(Array(text)[14] == "4", "\(text)")
            #expect("89AB".contains(Array(text)[19]), "\(text)")
            #expect(seen.insert(id).inserted)
            withUnsafeBytes(of: id.uuid) { bytes in
                for bit in 0..<128 where bytes[bit / 8] & (1 << (bit % 8)) != 0 { bitsSet[bit] += 1 }
            }
        }
        // Every bit that is not fixed by the version and variant varies.
        let fixed: Set<Int> = [52, 53, 54, 55, 70, 71]
        for bit in 0..<128 where !fixed.contains(bit) {
            #expect((3_000...7_000).contains(bitsSet[bit]), "bit \(bit) was set \(bitsSet[bit]) times in 10,000")
        }
    }
}
