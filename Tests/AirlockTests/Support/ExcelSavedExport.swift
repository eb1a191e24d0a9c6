import AirlockKit
import Foundation

/// The samples' F&O export with Customers V2 as Excel's "CSV" save writes it: Windows-1252, no byte-order mark (its
/// manifest line still says CSV-Unicode). Read with `--fo-encoding windows-1252`, it holds the sample's records.
enum ExcelSavedExport {
    /// `text` as Windows-1252 bytes (characters it lacks become `?`, as Excel writes them).
    static func windows1252(_ text: String) throws -> [UInt8] {
        guard let data = text.data(using: .windowsCP1252, allowLossyConversion: true) else {
            throw AirlockError(.usage, "no Windows-1252 form of '\(text)'")
        }
        return Array(data)
    }

    /// Writes the export as `fo-export.zip` in `folder`; its path.
    static func customers(in folder: String) throws -> String {
        let source = try openPackageSource(path: ConvertFixture.sampleFO)
        var entries: [String: [UInt8]] = [:]
        for member in source.members {
            var bytes = try source.open(member.name).readAll()
            if member.name == "Customers V2.csv" {
                let text = try TextDecodingStream(MemoryByteStream(bytes), location: SourceLocation(file: member.name)).readAll()
                bytes = try windows1252(String(decoding: text, as: UTF8.self))
            }
            entries[member.name] = bytes
        }
        return try ZipFixture.make(folder + "/fo-export.zip", entries: entries)
    }
}
