/// Guesses the delimiter of delimited text from its first line.
///
/// F&O source formats may use comma, semicolon, tab, vertical bar or colon; the format record that says
/// which lives in the target environment, not in the package, so the file itself has to tell.
public enum CSVDelimiterSniffer {
    /// Candidates in order of preference when counts tie.
    public static let candidates: [UInt8] = [
        UInt8(ascii: ","), UInt8(ascii: ";"), UInt8(ascii: "\t"), UInt8(ascii: "|"), UInt8(ascii: ":"),
    ]

    /// The candidate that occurs most often outside quotes in the first line of `prefix` (UTF-8), or comma.
    public static func sniff(_ prefix: [UInt8], quote: UInt8 = UInt8(ascii: "\"")) -> UInt8 {
        var counts = [Int](repeating: 0, count: candidates.count)
        var inQuotes = false
        for byte in prefix {
            if byte == quote {
                inQuotes.toggle()
            } else if !inQuotes && (byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r")) {
                break
            } else if !inQuotes, let index = candidates.firstIndex(of: byte) {
                counts[index] += 1
            }
        }
        guard let best = counts.indices.max(by: { counts[$0] < counts[$1] || (counts[$0] == counts[$1] && $0 > $1) }),
            counts[best] > 0
        else { return candidates[0] }
        return candidates[best]
    }
}
