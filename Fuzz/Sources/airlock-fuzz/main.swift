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

// Built only by `bin/fuzz` (with -sanitize=fuzzer and -parse-as-library); libFuzzer supplies `main`. To replay
// an input, run the binary on the file: `AIRLOCK_FUZZ_TARGET=csv .build-fuzz/release/airlock-fuzz crash-…`.

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
