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

/// libFuzzer's driver, for a `main` of our own.
@_silgen_name("LLVMFuzzerRunDriver")
func runFuzzerDriver(
    _ argc: UnsafeMutablePointer<CInt>, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
    _ callback: @convention(c) (UnsafePointer<UInt8>, Int) -> CInt
) -> CInt

/// SwiftPM links an executable's `main` to `<module>_main` (so tests can import executables); with
/// `-parse-as-library` the compiler emits none, so define it and hand over to libFuzzer's driver.
@_cdecl("airlock_fuzz_main")
public func airlockFuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    var count = argc
    var arguments = argv
    return withUnsafeMutablePointer(to: &count) { countPointer in
        withUnsafeMutablePointer(to: &arguments) { argumentsPointer in
            runFuzzerDriver(countPointer, argumentsPointer) { data, size in fuzzOneInput(data, size) }
        }
    }
}
