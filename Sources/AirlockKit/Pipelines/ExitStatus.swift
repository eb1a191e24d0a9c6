/// The exit status an outcome implies, as `airlock` exits with it.
public enum ExitStatus: Int32, Sendable {
    /// Done, and the data has no errors (warnings allowed).
    case success = 0
    /// The data has errors: a validated package with error findings, converted packages that fail validation,
    /// more rejected records than allowed.
    case dataErrors = 1
    /// Bad usage or an environment error, such as an unreadable package or a file that cannot be written.
    /// Pipelines throw for these; the command line exits with this status.
    case usageOrEnvironmentError = 2
}
