/// Data file names as F&O export writes them: `<entity label>.<ext>`, with the characters Windows forbids
/// in file names (`\ / : * ? " < > |`) dropped, not replaced ("Country/regions" → `Countryregions.csv`).
public enum FOFileName {
    /// The file name for entity `label` with extension `ext` (without the dot).
    public static func forEntity(_ label: String, ext: String) -> String {
        let forbidden: Set<Character> = ["\\", "/", ":", "*", "?", "\"", "<", ">", "|"]
        let cleaned = String(label.filter { !forbidden.contains($0) && !($0.asciiValue.map { $0 < 0x20 } ?? false) })
        return "\(cleaned.isEmpty ? "Entity" : cleaned).\(ext)"
    }
}
