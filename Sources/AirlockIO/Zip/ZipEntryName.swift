/// Checks on entry names that come from outside: nothing may point outside the extraction root.
public enum ZipEntryName {
    /// Why `name` is unsafe to use as a relative path, or nil when it is safe.
    public static func problem(with name: String) -> String? {
        if name.isEmpty { return "the entry has an empty name" }
        if name.contains("\\") { return "the entry name contains a backslash" }
        if name.hasPrefix("/") { return "the entry name is an absolute path" }
        let scalars = Array(name.unicodeScalars.prefix(2))
        if scalars.count == 2, scalars[1] == ":", scalars[0].properties.isAlphabetic {
            return "the entry name starts with a drive letter"
        }
        if name.unicodeScalars.contains(where: { $0.value < 0x20 }) {
            return "the entry name contains a control character"
        }
        for component in name.split(separator: "/", omittingEmptySubsequences: false) where component == ".." {
            _ = component
            return "the entry name contains a '..' component"
        }
        return nil
    }
}
