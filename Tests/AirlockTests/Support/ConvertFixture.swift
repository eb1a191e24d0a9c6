import AirlockKit
import Foundation

/// Shared helpers of the `airlock convert` tests: the sample pair, runs, and reading what a run wrote.
enum ConvertFixture {
    /// The repository root (the folder holding `samples/`).
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    /// The checked-in sample pair.
    static var sampleFO: String { root.appendingPathComponent("samples/" + RunLayout.foExport).path }
    static var sampleSales: String { root.appendingPathComponent("samples/" + RunLayout.salesExport).path }

    /// The twelve bundled flows, as docs/convert.md lists them.
    static let flowNames = [
        "accounts", "contacts", "contacts-to-customers", "products", "quotes", "quote-lines", "orders-to-sales",
        "order-lines-to-sales", "orders-to-fo", "order-lines-to-fo", "invoices", "invoice-lines",
    ]

    /// The F&O entity of the bundled `invoices` flow.
    static let invoiceHeaders = "Externally maintained customer sales invoice headers"

    /// A generated pair in a new scratch folder: (folder, F&O export, Sales export).
    static func generatedPair(accounts: Int, seed: UInt64, defects: Bool = false) throws -> (folder: String, fo: String, sales: String) {
        let folder = try Fixture.scratchDirectory("airlock-convert-pair")
        _ = try SampleGenerator.write(to: folder, accounts: accounts, seed: seed, defects: defects)
        return (folder, folder + "/" + RunLayout.foExport, folder + "/" + RunLayout.salesExport)
    }

    /// Runs a conversion with the bundled catalog.
    @discardableResult
    static func convert(
        fo: String, sales: String, out: String?, only: [String]? = nil, dryRun: Bool = false, full: Bool = false,
        maxRejects: Int? = nil, force: Bool = false, company: String? = nil
    ) throws -> ConversionResult {
        let options = ConversionOptions(
            foPath: fo, salesPath: sales, outputDirectory: out, only: only, dryRun: dryRun, company: company, full: full,
            maxRejects: maxRejects, force: force)
        return try Converter.run(options, catalog: SchemaCatalogLoader.bundled())
    }

    /// Every file under `folder` (recursively), by path relative to it.
    static func files(under folder: String) throws -> [String: Data] {
        var result: [String: Data] = [:]
        let base = URL(fileURLWithPath: folder).standardizedFileURL.resolvingSymlinksInPath().path
        guard let enumerator = FileManager.default.enumerator(atPath: base) else { return result }
        while let relative = enumerator.nextObject() as? String {
            var isDirectory: ObjCBool = false
            let path = base + "/" + relative
            if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue {
                result[relative] = try Data(contentsOf: URL(fileURLWithPath: path))
            }
        }
        return result
    }

    /// Entries of `parent` that look like a conversion's staging folder (`.<name>.airlock-<pid>.tmp[.old]`).
    /// Staging folders left in `parent` or in the folders directly under it (the output folders).
    static func stagingLeftovers(in parent: String) -> [String] {
        let manager = FileManager.default
        var found: [String] = []
        for name in (try? manager.contentsOfDirectory(atPath: parent)) ?? [] {
            if name.hasPrefix(".airlock-staging-") || (name.hasPrefix(".") && name.contains(".airlock-")) { found.append(name) }
            for inner in (try? manager.contentsOfDirectory(atPath: parent + "/" + name)) ?? [] where inner.hasPrefix(".airlock-staging-") {
                found.append(name + "/" + inner)
            }
        }
        return found
    }

    /// A CSV file: whether it starts with a UTF-8 BOM, and its records (RFC 4180, quoted line breaks kept).
    static func csv(_ path: String) throws -> (bom: Bool, records: [[String]]) {
        let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: path)))
        let bom = bytes.starts(with: [0xEF, 0xBB, 0xBF])
        let location = SourceLocation(file: path)
        let records = try CSVReader(TextDecodingStream(MemoryByteStream(bytes), location: location), location: location).readAll()
        return (bom, records)
    }

    /// The rows of a CSV file as dictionaries by header name.
    static func csvRows(_ path: String) throws -> [[String: String]] {
        let records = try csv(path).records
        guard let header = records.first else { return [] }
        return records.dropFirst().map { record in
            var row: [String: String] = [:]
            for (index, name) in header.enumerated() where index < record.count { row[name] = record[index] }
            return row
        }
    }

    /// The F&O tables of a package by entity label.
    static func foTables(_ path: String) throws -> [String: Table] {
        let reader = try FOPackageReader(source: openPackageSource(path: path))
        var tables: [String: Table] = [:]
        for line in reader.manifest.entities { tables[line.entityName] = try reader.readEntity(line).table }
        return tables
    }

    /// The sample Sales export without the unit named `name`.
    static func salesWithoutUnit(_ name: String, in folder: String) throws -> String {
        let source = try openPackageSource(path: ConvertFixture.sampleSales)
        var entries: [String: [UInt8]] = [:]
        for member in source.members {
            var text = String(decoding: try source.open(member.name).readAll(), as: UTF8.self)
            if member.name == "data.xml" {
                text = text.replacingOccurrences(
                    of: #"<record id="[^"]+">\s*<field name="uomid" [^>]*/>\s*<field name="name" value="\#(name)" />(?s:.*?)</record>\s*"#,
                    with: "", options: .regularExpression)
            }
            entries[member.name] = Array(text.utf8)
        }
        return try ZipFixture.make(folder + "/sales-export.zip", entries: entries)
    }
}
