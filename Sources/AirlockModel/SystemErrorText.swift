import Foundation

/// The cause of a failed file operation in a few words (`Read-only file system`, `No such file or directory`):
/// the operating system's own reason, not the Foundation error's dump, so that an error stays one clear line.
public enum SystemErrorText {
    /// The operating system's reason behind `error`: the POSIX error it wraps (at any depth), else its description,
    /// on one line.
    public static func of(_ error: any Error) -> String {
        let nsError = error as NSError
        if nsError.domain == NSPOSIXErrorDomain, let text = strerror(Int32(nsError.code)) { return String(cString: text) }
        if let underlying = nsError.userInfo[NSUnderlyingErrorKey] as? any Error { return of(underlying) }
        if let airlock = error as? AirlockError { return airlock.message }
        return nsError.localizedDescription.split(whereSeparator: \.isNewline).joined(separator: " ")
    }
}
