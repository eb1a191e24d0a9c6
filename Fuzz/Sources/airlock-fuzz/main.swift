import AirlockKit
import Foundation

/// The target this process fuzzes, from `AIRLOCK_FUZZ_TARGET` (`zip`, `csv`, `fo-package`, `cmt-package`).
enum FuzzHarness {
    static let target: FuzzTarget = {
        let name = ProcessInfo.processInfo.environment["AIRLOCK_FUZZ_TARGET"] ?? ""
        guard let target = FuzzTarget(rawValue: name) else {
            fatalError("set AIRLOCK_FUZZ_TARGET to one of: \(FuzzTarget.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        return target
    }()
}

#if FUZZING
/// libFuzzer's entry point: any error other than `AirlockError` is a bug and stops the run.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    do {
        _ = try FuzzHarness.target.run(bytes)
    } catch {
        fatalError("\(FuzzHarness.target.rawValue): an error that is not an AirlockError: \(error)")
    }
    return 0
}
#else
// Without the fuzzer: replay the files named on the command line and print how each was answered.
for path in CommandLine.arguments.dropFirst() {
    let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: path)))
    let outcome = try FuzzHarness.target.run(bytes)
    print("\(path): \(outcome.map { "refused: \($0)" } ?? "read")")
}
#endif
