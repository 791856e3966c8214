/// A coarse name for a browser ("Firefox · Linux"), from its `User-Agent`:
/// enough for an operator to tell their devices apart on their page, too
/// little to fingerprint anyone, so only this is kept, never the header.
/// Proper names only, so it reads the same in every language; empty when
/// neither is known (the page words that).
public enum DeviceLabel {
    public static func of(userAgent: String?) -> String {
        let agent = String((userAgent ?? "").prefix(512))
        // Order matters: Edge and Opera say "Chrome", Chrome says "Safari".
        let browsers: [(mark: String, name: String)] = [
            ("Edg/", "Edge"), ("OPR/", "Opera"), ("Firefox/", "Firefox"), ("Chromium/", "Chromium"),
            ("HeadlessChrome/", "Chrome"), ("Chrome/", "Chrome"), ("Safari/", "Safari"),
        ]
        let systems: [(mark: String, name: String)] = [
            ("Android", "Android"), ("iPhone", "iOS"), ("iPad", "iPadOS"), ("Windows", "Windows"),
            ("Mac OS X", "macOS"), ("CrOS", "ChromeOS"), ("Linux", "Linux"),
        ]
        let browser = browsers.first { agent.contains($0.mark) }?.name
        let system = systems.first { agent.contains($0.mark) }?.name
        return [browser, system].compactMap { $0 }.joined(separator: " · ")
    }
}
