import Foundation
@testable import VerityKernel

/// A clock tests move by hand.
public final class TestClock: @unchecked Sendable {
    private let lock = NSLock()
    private var millis: Int64

    public init(start: Int64 = Int64(Date().timeIntervalSince1970 * 1000)) { millis = start }

    public var now: Int64 { lock.withLock { millis } }

    public func advance(seconds: Int) { lock.withLock { millis += Int64(seconds) * 1000 } }

    public func advance(milliseconds: Int64) { lock.withLock { millis += milliseconds } }

    public var verityClock: VerityClock { VerityClock { [unowned self] in self.now } }
}
