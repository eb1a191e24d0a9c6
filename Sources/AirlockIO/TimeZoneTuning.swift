import Foundation

/// How the process has the C library find its local time zone.
///
/// With `TZ` unset, glibc looks at `/etc/localtime` again at every `localtime`/`mktime` call to see whether it changed
/// (a `stat` per call), and libarchive converts every zip entry's DOS time through them: opening a zip of 100,000
/// entries made 200,000 system calls for nothing (1.9 s where 1.1 s does). `TZ=:/etc/localtime` names the same zone,
/// read once. A `TZ` the user set wins, and without `/etc/localtime` nothing is set.
public enum TimeZoneTuning {
    /// The zone file glibc reads when `TZ` is unset.
    public static let localZoneFile = "/etc/localtime"

    /// The `TZ` value to set in a process with `environment`, or nil to leave it as it is.
    public static func setting(environment: [String: String], zoneFileExists: Bool) -> String? {
        guard environment["TZ"] == nil, zoneFileExists else { return nil }
        return ":" + localZoneFile
    }

    /// Sets `TZ` as `setting` says. Call once, at start-up, before any other thread runs (`setenv` is not safe beside
    /// a concurrent `getenv`).
    /// - Returns: whether it was set here.
    @discardableResult
    public static func readLocalZoneOnce() -> Bool {
        guard
            let value = setting(
                environment: ProcessInfo.processInfo.environment, zoneFileExists: FileManager.default.fileExists(atPath: localZoneFile))
        else { return false }
        return setenv("TZ", value, 0) == 0
    }
}
