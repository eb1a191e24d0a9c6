import AirlockIO
import AirlockReconcile

/// Writes `keymap.csv` (`Keymap`) from a run's links, an entry at a time.
enum KeymapWriter {
    static func write(_ links: [MatchLink], outcome: MatchOutcome, to path: String) throws {
        let writer = try CSVFileWriter(path: path, header: Keymap.columns)
        for link in links { try writer.writeRecord(Keymap.fields(of: outcome.keymapEntry(link))) }
        try writer.close()
    }
}
