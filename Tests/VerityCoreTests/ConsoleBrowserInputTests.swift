import Testing
@testable import VerityCore

/// What the console reads from a browser beside its forms: the name a known
/// device is listed by, and where a confirmation may send the browser back.
@Suite("Console: device names and return paths")
struct ConsoleBrowserInputTests {
    @Test func aDeviceIsNamedByItsBrowserAndSystemOnly() {
        #expect(DeviceLabel.of(userAgent: "Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0") == "Firefox · Linux")
        // Edge and Opera say "Chrome" and "Safari" too; Chrome says "Safari".
        #expect(DeviceLabel.of(userAgent: "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/126.0 Safari/537.36 Edg/126.0")
                == "Edge · Windows")
        #expect(DeviceLabel.of(userAgent: "Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 Chrome/126.0 Safari/537.36")
                == "Chrome · macOS")
        #expect(DeviceLabel.of(userAgent: "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) Version/17.4 Mobile/15E148 Safari/604.1")
                == "Safari · iOS")
        #expect(DeviceLabel.of(userAgent: "Mozilla/5.0 (Linux; Android 14) Chrome/126.0 Mobile Safari/537.36") == "Chrome · Android")
        for unnamed in [nil, "", "curl/8.5", "<script>alert(1)</script>", String(repeating: "A", count: 100_000)] {
            #expect(DeviceLabel.of(userAgent: unnamed) == "", "\(unnamed?.prefix(20) ?? "nil")")
        }
    }

    @Test func aReturnPathStaysInTheConsole() {
        for kept in ["/console", "/console/settings/keys?environment=test", "/console/settings?environment=live&done=saved"] {
            #expect(ConsoleReturnPath.checked(kept, within: "/console") == kept)
        }
        for refused in [nil, "", "https://evil.example/console", "//evil.example", "/console//evil.example", "/console/../admin",
                        "/consoles", "/admin/v1/operators", "/console/\"><script>", "/console\\..\\admin", "/console/\u{0}",
                        "/console/ space", "/console/" + String(repeating: "a", count: 600)] {
            #expect(ConsoleReturnPath.checked(refused, within: "/console") == nil, "\(refused?.prefix(30) ?? "nil")")
        }
    }
}
