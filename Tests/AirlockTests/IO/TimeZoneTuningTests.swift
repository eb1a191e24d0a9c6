import AirlockKit
import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The process converts times in UTC, decided in one place (`TimeZoneTuning`): the executable pins it at start-up,
/// the zip writer finds it done.
struct TimeZoneTuningTests {
    @Test func pinsUTCOnceAndFindsItDoneAfter() {
        TimeZoneTuning.pinToUTC()
        #expect(getenv("TZ").map { String(cString: $0) } == TimeZoneTuning.utc)
        #expect(!TimeZoneTuning.pinToUTC(), "already pinned: nothing is set again")
    }

    /// The executable's first step: a user's `TZ` is replaced, so a zip's entry times do not depend on it.
    @Test(.enabled(if: AirlockRunner.binaryPath != nil)) func theExecutableWritesTheSameZipInAnyZone() throws {
        let folder = try Fixture.scratchDirectory("airlock-zone")
        var digests: [String] = []
        for zone in ["Pacific/Auckland", "America/Los_Angeles"] {
            let out = folder + "/" + zone.replacingOccurrences(of: "/", with: "-")
            let result = try AirlockRunner.runBinary(["sample", "--accounts", "5", "--out", out], environment: ["TZ": zone])
            #expect(result.status == 0, "\(result.stderr)")
            digests.append(try FileDigest.of(out + "/fo-export.zip").sha256)
        }
        #expect(digests[0] == digests[1])
    }
}
