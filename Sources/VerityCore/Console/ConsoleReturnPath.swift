/// Where a console form may send the browser back to once it is done (the
/// confirmation page's `next`): a path under the console's own root, with a
/// query at most, in letters, digits and `/-_.?=&%` only, with no `//` (another
/// host) or `..` (out of the console). Anything else is no address of ours.
public enum ConsoleReturnPath {
    public static let maxLength = 512

    /// `text` when it is such a path under `root` (e.g. `/console`); nil otherwise.
    public static func checked(_ text: String?, within root: String) -> String? {
        guard let text, text.utf8.count <= maxLength, text == root || text.hasPrefix(root + "/"),
              !text.contains("//"), !text.contains(".."), text.utf8.allSatisfy(pathByte)
        else { return nil }
        return text
    }

    static func pathByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"): true
        default: "/-_.?=&%".utf8.contains(byte)
        }
    }
}
