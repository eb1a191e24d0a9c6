import AirlockKit
import ArgumentParser
import Foundation

struct SampleCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sample",
        abstract: "Write a consistent pair of sample exports: fo-export.zip (F&O) and sales-export.zip (Sales).",
        discussion: """
            Contacts (about 1.5 per account), products (a quarter of the accounts), orders, quotes and invoices scale \
            with --accounts. The two sides overlap partly and differ in some values, as real systems do. The same \
            --seed gives byte-identical files.
            """)

    @Option(help: "The folder to write into (created if missing).")
    var out: String

    @Option(help: "How many accounts to generate.")
    var accounts: Int = 12

    @Option(help: "Random seed.")
    var seed: UInt64 = 1

    @Option(help: "The F&O legal entity (DATAAREAID) of the F&O export.")
    var company: String = "USMF"

    func validate() throws {
        guard accounts >= 1 else { throw ValidationError("--accounts must be at least 1") }
    }

    func run() throws {
        try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true)
        for path in try SampleGenerator.write(to: out, accounts: accounts, seed: seed, company: company) {
            print(path)
        }
    }
}
