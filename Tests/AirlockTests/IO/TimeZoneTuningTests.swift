import AirlockKit
import Testing

/// The executable names the local zone file in `TZ` at start-up, so that libarchive's time conversions read it once
/// (`TimeZoneTuning`); a user's `TZ` is left alone.
struct TimeZoneTuningTests {
    @Test func namesTheLocalZoneFileOnlyWhenTZIsUnset() {
        #expect(TimeZoneTuning.setting(environment: [:], zoneFileExists: true) == ":/etc/localtime")
        #expect(TimeZoneTuning.setting(environment: ["TZ": "Europe/Berlin"], zoneFileExists: true) == nil)
        #expect(TimeZoneTuning.setting(environment: ["TZ": ""], zoneFileExists: true) == nil)
        #expect(TimeZoneTuning.setting(environment: [:], zoneFileExists: false) == nil)
    }
}
