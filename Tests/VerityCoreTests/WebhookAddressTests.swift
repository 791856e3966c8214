import Testing
@testable import VerityCore

@Suite("Webhook endpoint addresses")
struct WebhookAddressTests {
    @Test func httpsIsRequiredExceptForAReceiverOnThisMachine() throws {
        #expect(try WebhookAddress.validatedURL("https://hooks.example.com/verity").absoluteString == "https://hooks.example.com/verity")
        for loopback in ["http://localhost:8080/h", "http://127.0.0.1/h", "http://[::1]:9000/h", "http://127.8.9.10/h"] {
            #expect(throws: Never.self) { try WebhookAddress.validatedURL(loopback) }
        }
        for bad in ["http://example.com/h", "http://10.0.0.5/h", "ftp://example.com", "https://a:b@example.com/", "https://example.com/#x",
                    "https:///nohost", "javascript:alert(1)", "", "   "] {
            #expect(throws: VerityError.self, "\(bad)") { try WebhookAddress.validatedURL(bad) }
        }
    }

    @Test func onlyPublicUnicastAddressesArePublic() {
        for open in [[93, 184, 216, 34], [8, 8, 8, 8], [172, 32, 0, 1], [100, 128, 0, 1]] as [[UInt8]] {
            #expect(WebhookAddress.isPublic(open), "\(open)")
        }
        for closed in [[127, 0, 0, 1], [10, 1, 2, 3], [172, 16, 0, 1], [172, 31, 255, 255], [192, 168, 1, 1], [169, 254, 169, 254],
                       [100, 64, 0, 1], [0, 0, 0, 0], [224, 0, 0, 1], [255, 255, 255, 255], [198, 18, 0, 1]] as [[UInt8]] {
            #expect(!WebhookAddress.isPublic(closed), "\(closed)")
        }
        let loopback6: [UInt8] = Array(repeating: 0, count: 15) + [1]
        let mappedPrivate: [UInt8] = Array(repeating: 0, count: 10) + [0xff, 0xff, 10, 0, 0, 1]
        let mappedPublic: [UInt8] = Array(repeating: 0, count: 10) + [0xff, 0xff, 8, 8, 8, 8]
        let uniqueLocal: [UInt8] = [0xfd, 0x12] + Array(repeating: 0, count: 13) + [1]
        let linkLocal: [UInt8] = [0xfe, 0x80] + Array(repeating: 0, count: 13) + [1]
        let global: [UInt8] = [0x2a, 0x00, 0x14, 0x50] + Array(repeating: 0, count: 11) + [1]
        #expect(!WebhookAddress.isPublic(loopback6) && !WebhookAddress.isPublic(mappedPrivate))
        #expect(!WebhookAddress.isPublic(uniqueLocal) && !WebhookAddress.isPublic(linkLocal))
        #expect(WebhookAddress.isPublic(mappedPublic) && WebhookAddress.isPublic(global))
        #expect(!WebhookAddress.isPublic([1, 2, 3]))
    }

    /// IPv6 forms that carry or tunnel an IPv4 address are judged by where
    /// they lead (issue 47 found the translated, 6to4, Teredo, site-local,
    /// discard and 6to4-relay forms judged public; the rest guard the fix).
    @Test func ipv6FormsThatCarryAPrivateIPv4AddressAreNotPublic() throws {
        for closed in ["::ffff:0:10.0.0.1", "::ffff:0:127.0.0.1", "2002:a00:1::1", "2002:7f00:1::", "2002:a9fe:a9fe::1",
                       "2001::1", "2001:0:4136:e378:8000:63bf:f5ff:fffe", "2001:2::1", "fec0::1", "feff::1", "100::1",
                       "64:ff9b:1::a00:1", "64:ff9b::a00:1", "::ffff:192.88.99.1", "::1.2.3.4"] {
            let bytes = try #require(WebhookAddress.literalBytes(closed), "\(closed)")
            #expect(!WebhookAddress.isPublic(bytes), "\(closed)")
        }
        #expect(!WebhookAddress.isPublic([192, 88, 99, 1]))
        for open in ["2002:808:808::1", "::ffff:0:8.8.8.8", "64:ff9b::808:808", "2a00:1450:4001::1", "2600::1"] {
            let bytes = try #require(WebhookAddress.literalBytes(open), "\(open)")
            #expect(WebhookAddress.isPublic(bytes), "\(open)")
        }
    }

    /// A delivery connects to the address it checked: literals are read as
    /// addresses (never resolved), and a checked address is written back as
    /// the text a connection is pinned to.
    @Test func literalsAreAddressesAndAddressesRoundTripAsText() {
        #expect(WebhookAddress.literalBytes("203.0.113.7") == [203, 0, 113, 7])
        #expect(WebhookAddress.literalBytes("[::1]") == Array(repeating: 0, count: 15) + [1])
        #expect(WebhookAddress.literalBytes("2a00:1450::1") == [0x2a, 0x00, 0x14, 0x50] + Array(repeating: 0, count: 11) + [1])
        for name in ["example.com", "localhost", "1.2.3", "1.2.3.4.5", "256.1.1.1", "", "::g", "0x7f.1"] {
            #expect(WebhookAddress.literalBytes(name) == nil, "\(name)")
        }
        #expect(WebhookAddress.text(of: [93, 184, 216, 34]) == "93.184.216.34")
        #expect(WebhookAddress.text(of: [0x2a, 0x00, 0x14, 0x50] + Array(repeating: 0, count: 11) + [1]) == "2a00:1450::1")
        #expect(WebhookAddress.text(of: [1, 2, 3]) == nil)
    }
}
