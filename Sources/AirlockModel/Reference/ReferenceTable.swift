/// A generated reference table (`countries.txt`, `currencies.txt`: `ReferenceTableFile`) as read: each entry's head
/// fields, and the entry that each folded code or name (`TextFolding.fold`) stands for. A name of two entries stands
/// for neither: it is left out and kept in `ambiguousNames`.
struct ReferenceTable: Sendable {
    /// Each entry's head line, split at `|`, in the table's order; a head line with fewer fields than asked is skipped
    /// with its names.
    let heads: [[String]]
    /// A folded code or name → the index of its entry in `heads`.
    let entryByName: [String: Int]
    /// Folded names that more than one entry gives (none while the generator folds as `TextFolding` does).
    let ambiguousNames: Set<String>

    /// Reads `text`: head lines of `fieldCount` fields separated by `|`, each followed by lines that start with a
    /// blank and hold its names separated by `;`. The head fields at `codeFields` are the entry's codes, which stand
    /// for it whatever name folds to the same text.
    init(text: String, fieldCount: Int, codeFields: [Int]) {
        var heads: [[String]] = []
        var entryByName: [String: Int] = [:]
        var ambiguousNames: Set<String> = []
        var current: Int?
        var memo: [UInt32: TextFolding.ScalarFold] = [:]
        // Cut at the bytes of separators, not at characters: every separator of the table is ASCII.
        for line in text.utf8.split(separator: UInt8(ascii: "\n")) {
            guard line.first == UInt8(ascii: " ") else {
                let fields = line.split(separator: UInt8(ascii: "|"), omittingEmptySubsequences: false).map { String(Substring($0)) }
                if fields.count >= fieldCount {
                    current = heads.count
                    heads.append(fields)
                } else {
                    current = nil
                }
                continue
            }
            guard let entry = current else { continue }
            for name in line.split(separator: UInt8(ascii: ";")) {
                let key = TextFolding.fold(String(Substring(name)), memo: &memo)
                if key.isEmpty || ambiguousNames.contains(key) { continue }
                if let other = entryByName[key], other != entry {
                    entryByName[key] = nil
                    ambiguousNames.insert(key)
                } else {
                    entryByName[key] = entry
                }
            }
        }
        for (entry, head) in heads.enumerated() {
            for field in codeFields where field < head.count {
                let key = TextFolding.fold(head[field], memo: &memo)
                if key.isEmpty { continue }
                entryByName[key] = entry
                ambiguousNames.remove(key)
            }
        }
        self.heads = heads
        self.entryByName = entryByName
        self.ambiguousNames = ambiguousNames
    }
}
