import Foundation
import NIOCore
import Testing
@testable import VerityKernel

/// The rules that keep slow and idle clients from starving a server, on a
/// clock the test moves: how long each part of a request may take, and how
/// large-body slots are shared.
@Suite("Slow clients: the read clock and the large-body shares")
struct SlowClientRulesTests {
    static func limits() -> ConnectionLimits {
        var limits = ConnectionLimits()
        limits.headerSeconds = 10
        limits.idleSeconds = 60
        limits.bodySeconds = 10
        limits.minimumBodyBytesPerSecond = 1_000
        return limits
    }

    /// The clock's ticks, a second apart from `start`.
    static func ticks(_ clock: RequestReadClock, from start: NIODeadline, seconds: ClosedRange<Int64>,
                      each: (NIODeadline) -> Void = { _ in }) -> [RequestReadClock.Expiry?] {
        seconds.map { second in
            let now = start + .seconds(second)
            each(now)
            return clock.tick(now: now)
        }
    }

    @Test func aNewConnectionMustDeliverItsHeadWithinTheHeaderTimeoutHoweverItDribbles() {
        // given: a connection opened at t0 that sends a byte every second and never ends its head
        let t0 = NIODeadline.now()
        let clock = RequestReadClock(limits: Self.limits(), opened: t0)
        // then: dropped at ten seconds, the dribble notwithstanding
        let expiries = Self.ticks(clock, from: t0, seconds: 1...10) { clock.bytesArrived(1, now: $0) }
        #expect(expiries.dropLast().allSatisfy { $0 == nil })
        #expect(expiries.last == .head)
    }

    @Test func aKeptAliveConnectionMayIdleThenHasTheHeaderTimeoutFromItsNextRequestsFirstByte() {
        let t0 = NIODeadline.now()
        let clock = RequestReadClock(limits: Self.limits(), opened: t0)
        clock.headArrived(now: t0)
        clock.requestEnded()
        clock.answerEnded(now: t0)
        // idle for 59 s: kept; at 60 s: closed
        #expect(Self.ticks(clock, from: t0, seconds: 1...59).allSatisfy { $0 == nil })
        #expect(clock.tick(now: t0 + .seconds(60)) == .idle)
        // a first byte at 30 s gives the head ten seconds from then
        let again = RequestReadClock(limits: Self.limits(), opened: t0)
        again.answerEnded(now: t0)
        again.bytesArrived(1, now: t0 + .seconds(30))
        #expect(again.tick(now: t0 + .seconds(39)) == nil)
        #expect(again.tick(now: t0 + .seconds(40)) == .head)
    }

    @Test func aBodyThatFallsSilentOrBelowTheMinimumRateIsDroppedAndAFastOneIsNot() {
        let t0 = NIODeadline.now()
        // silent: a first chunk, then nothing for ten seconds
        let silent = RequestReadClock(limits: Self.limits(), opened: t0)
        silent.headArrived(now: t0)
        silent.bytesArrived(50_000, now: t0)
        let quiet = Self.ticks(silent, from: t0, seconds: 1...10)
        #expect(quiet.dropLast().allSatisfy { $0 == nil } && quiet.last == .bodySilent)
        // slow: 500 bytes a second, half the minimum, never silent
        let slow = RequestReadClock(limits: Self.limits(), opened: t0)
        slow.headArrived(now: t0)
        let crawling = Self.ticks(slow, from: t0, seconds: 1...10) { slow.bytesArrived(500, now: $0 - .milliseconds(500)) }
        #expect(crawling.dropLast().allSatisfy { $0 == nil } && crawling.last == .bodyTooSlow)
        // fast enough: 2 kB a second for a minute
        let fast = RequestReadClock(limits: Self.limits(), opened: t0)
        fast.headArrived(now: t0)
        #expect(Self.ticks(fast, from: t0, seconds: 1...60) { fast.bytesArrived(2_000, now: $0 - .milliseconds(500)) }.allSatisfy { $0 == nil })
        // a burst then a trickle: the window, not the average since the start, decides
        let burst = RequestReadClock(limits: Self.limits(), opened: t0)
        burst.headArrived(now: t0)
        burst.bytesArrived(5_000_000, now: t0 + .milliseconds(500))
        let after = Self.ticks(burst, from: t0, seconds: 1...20) { now in
            if now > t0 + .seconds(1) { burst.bytesArrived(10, now: now - .milliseconds(500)) }
        }
        #expect(after.contains(.bodyTooSlow))
    }

    @Test func whileTheServerAnswersTheClientIsNotTimed() {
        let t0 = NIODeadline.now()
        let clock = RequestReadClock(limits: Self.limits(), opened: t0)
        clock.headArrived(now: t0)
        clock.requestEnded()
        #expect(Self.ticks(clock, from: t0, seconds: 1...600).allSatisfy { $0 == nil })
    }

    @Test func oneClaimantTakesMostOfAnIdleServerButNeverWhatOthersNeedToGetIn() throws {
        // given: 16 slots, so a share of 4
        let bodies = LargeBodies(limit: 16)
        #expect(bodies.share == 4)
        // when one public client key, from one address, asks for all of them
        var held: [LargeBodyTicket] = []
        while let ticket = try? bodies.admit(address: "198.51.100.7", credential: "ClientKey pk_test_public", tenant: nil) {
            held.append(ticket)
        }
        // then it gets 12, and 4 stay free
        #expect(held.count == 12)
        // another tenant's user, and a capture link from another address, get in
        let tenant = UUID()
        let other = try bodies.admit(address: "203.0.113.9", credential: "Bearer user-token", tenant: tenant)
        let link = try bodies.admit(address: "192.0.2.1", credential: "/capture/abc/submit", tenant: nil)
        // the same key from a new address is still past its share
        #expect(throws: (any Error).self) { try bodies.admit(address: "192.0.2.200", credential: "ClientKey pk_test_public", tenant: nil) }
        // a slot given back twice is given back once
        link.release()
        link.release()
        #expect(bodies.count == 13)
        // one tenant behind many credentials and addresses is held to its share once the server is busy
        var tenantHeld = [other]
        for index in 0..<3 { tenantHeld.append(try bodies.admit(address: "10.0.0.\(index)", credential: "token \(index)", tenant: tenant)) }
        #expect(bodies.count == 16)
        for ticket in held.prefix(4) { ticket.release() }
        #expect(throws: (any Error).self) { try bodies.admit(address: "10.0.1.1", credential: "token x", tenant: tenant) }
        let newcomer = try bodies.admit(address: "10.0.2.1", credential: "token y", tenant: UUID())
        for ticket in held + tenantHeld + [newcomer] { ticket.release() }
        #expect(bodies.count == 0)
    }

    @Test func connectionsPastTheCapsGoToTheProbeLaneThenAreRefused() {
        var limits = ConnectionLimits()
        limits.maxConnectionsPerAddress = 2
        limits.probeLane = 3
        limits.probeLanePerAddress = 2
        let ledger = ConnectionLedger(limits: limits, maxConnections: 3)
        #expect(ledger.admit("a") == .served && ledger.admit("a") == .served)
        #expect(ledger.admit("a") == .probesOnly && ledger.admit("a") == .probesOnly)
        #expect(ledger.admit("a") == .refused)
        // another address is served until the total is reached
        #expect(ledger.admit("b") == .served)
        #expect(ledger.admit("b") == .probesOnly)
        #expect(ledger.admit("c") == .refused, "the probe lane is full")
        ledger.release(.served, "a")
        #expect(ledger.admit("c") == .served)
        #expect(ledger.open == 3)
    }

    @Test func anIPv6ClientCountsAsItsSlash64AndAMappedIPv4AsItsIPv4() throws {
        let one = try SocketAddress(ipAddress: "2001:db8:1:2:aaaa::1", port: 1)
        let two = try SocketAddress(ipAddress: "2001:db8:1:2:bbbb::9", port: 2)
        let elsewhere = try SocketAddress(ipAddress: "2001:db8:1:3::1", port: 1)
        #expect(ClientAddress.key(of: one) == ClientAddress.key(of: two))
        #expect(ClientAddress.key(of: one) != ClientAddress.key(of: elsewhere))
        #expect(ClientAddress.key(of: try SocketAddress(ipAddress: "::ffff:192.0.2.4", port: 1)) == "192.0.2.4")
        #expect(ClientAddress.key(of: try SocketAddress(ipAddress: "192.0.2.4", port: 1)) == "192.0.2.4")
    }
}
