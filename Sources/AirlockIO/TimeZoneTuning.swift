import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The time zone the process converts times in: UTC, decided once, at the executable's start.
///
/// A zip entry stores its time as DOS local time, which libarchive computes through the C library's zone: the zips
/// Airlock writes are made in UTC so that equal inputs give equal bytes on any machine. UTC also spares the C library
/// a `stat` of `/etc/localtime` at every conversion, which with `TZ` unset cost 200,000 system calls to open a zip of
/// 100,000 entries. Airlock reads no entry's time, so the zone changes nothing else; a `TZ` the user set is replaced.
public enum TimeZoneTuning {
    /// The `TZ` value: UTC, as POSIX spells it (no zone file is read).
    public static let utc = "UTC0"

    /// Sets `TZ` to UTC unless it is already. The executable calls it once, at start-up, before any other thread runs
    /// (`setenv` is not safe beside a concurrent `getenv`); `ZipArchiveWriter` calls it too, for a library caller
    /// that did not, and then finds it done.
    /// - Returns: whether it was set here.
    @discardableResult
    public static func pinToUTC() -> Bool {
        if let current = getenv("TZ"), String(cString: current) == utc { return false }
        setenv("TZ", utc, 1)
        tzset()
        return true
    }
}
