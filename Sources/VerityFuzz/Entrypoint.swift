import Foundation

// Two builds of one program:
//
//     VerityFuzz list
//     VerityFuzz replay TARGET FILE|DIRECTORY…   every input through the target once (any build)
//
// and, built by scripts/fuzz.sh with `-sanitize=fuzzer` (which defines
// FUZZING), libFuzzer itself: its driver reads its options and corpora, and
// calls `LLVMFuzzerTestOneInput` below with each input for the target named
// by VERITY_FUZZ_TARGET.
//
// SwiftPM links an executable's `main` to `<module>_main` (so tests can link
// the module), and libFuzzer's runtime has a `main` too; so the fuzzing build
// defines `VerityFuzz_main` itself and hands over to `LLVMFuzzerRunDriver`,
// and libFuzzer's own `main` is never pulled in.

#if FUZZING
/// The target VERITY_FUZZ_TARGET names, chosen once before the first input
/// (`list` prints the targets' names instead, for scripts/fuzz.sh).
private let selectedTarget: FuzzTarget = {
    let name = ProcessInfo.processInfo.environment["VERITY_FUZZ_TARGET"] ?? ""
    if name == "list" {
        for target in FuzzTargets.all { print("\(target.name)\t\(target.about)") }
        exit(0)
    }
    guard let target = FuzzTargets.named(name) else {
        FileHandle.standardError.write(Data("VERITY_FUZZ_TARGET must name a target: \(FuzzTargets.all.map(\.name).joined(separator: ", "))\n".utf8))
        exit(64)
    }
    return target
}()

@_cdecl("LLVMFuzzerInitialize")
public func fuzzerInitialize(_ argc: UnsafeMutablePointer<Int32>,
                             _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>) -> Int32 {
    _ = selectedTarget
    return 0
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzerTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    selectedTarget.run(Array(UnsafeBufferPointer(start: data, count: size)))
    return 0
}

/// libFuzzer's driver (compiler-rt, `FuzzerDriver.cpp`): parses the options,
/// runs the corpora or the files, and calls `callback` with each input.
@_silgen_name("LLVMFuzzerRunDriver")
func llvmFuzzerRunDriver(_ argc: UnsafeMutablePointer<Int32>,
                         _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
                         _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> Int32) -> Int32

@_cdecl("VerityFuzz_main")
public func fuzzMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    var count = argc
    var arguments = argv
    _ = selectedTarget
    return llvmFuzzerRunDriver(&count, &arguments) { data, size in fuzzerTestOneInput(data, size) }
}
#else
@main
enum Entrypoint {
    static func main() {
        let arguments = CommandLine.arguments
        guard arguments.count >= 2 else { usage() }
        switch arguments[1] {
        case "list":
            for target in FuzzTargets.all { print("\(target.name)\t\(target.about)") }
        case "replay":
            guard arguments.count >= 4, let target = FuzzTargets.named(arguments[2]) else { usage() }
            var count = 0
            for path in arguments.dropFirst(3) {
                for file in inputs(path) {
                    guard let data = FileManager.default.contents(atPath: file) else { continue }
                    target.run([UInt8](data))
                    count += 1
                }
            }
            print("\(target.name): \(count) inputs replayed")
        default:
            usage()
        }
    }

    /// `path` itself, or the files of a directory, sorted.
    static func inputs(_ path: String) -> [String] {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else { return [] }
        guard isDirectory.boolValue else { return [path] }
        let names = (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
        return names.sorted().map { path + "/" + $0 }.filter { !$0.hasSuffix("/README.md") }
    }

    static func usage() -> Never {
        FileHandle.standardError.write(Data("""
            usage: VerityFuzz list | replay TARGET PATH…
            (fuzzing: scripts/fuzz.sh builds libFuzzer in, and VERITY_FUZZ_TARGET names the target)

            """.utf8))
        exit(64)
    }
}
#endif
