/// How `FOManifestWriter` lays out `Manifest.xml` and `PackageHeader.xml`; the bytes are otherwise fixed.
public enum FOXMLLayout: Sendable, Equatable {
    /// Everything on one line, as the 2017 F&O export wrote it.
    case singleLine
    /// One element per line, indented with tabs, lines ended by `newline`, no newline after the root's end tag,
    /// as modern F&O exports are (`"\r\n"`, .NET's default, or `"\n"`).
    case indented(newline: String)

    /// Tab-indented with CR LF: the default for packages Airlock writes.
    public static let `default` = FOXMLLayout.indented(newline: "\r\n")
}
