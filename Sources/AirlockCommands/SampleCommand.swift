import ArgumentParser

/// `airlock sample`: see `SamplePipeline`.
struct SampleCommand: OutputCommand {
    static let configuration = CommandConfiguration(
        commandName: "sample",
        abstract: "Write a consistent pair of sample exports: fo-export.zip (F&O) and sales-export.zip (Sales).",
        discussion: """
            Contacts (about 1.5 per account), products (a quarter of the accounts), orders, quotes and invoices scale \
            with --accounts. The two sides overlap partly and differ in some values, as real systems do. The same \
            --seed gives byte-identical files.

            --defects adds records a converter must reject, one of each kind per 20 accounts (at least one), \
            after the clean records (which stay byte for byte those of the pair without defects), and writes \
            expected-rejects.csv next to the zips: UTF-8, header flow,key,reason, one line per record to reject, \
            sorted by flow then key. A key is the source record's natural key, parts joined with "/".
              1 accounts duplicate-key: a second Sales account with an existing number
              2 accounts missing-required: a Sales account without accountnumber
              3 contacts orphan-reference: a contact (no active customer) of an
                unknown account GUID; key CONTACTNUMBER/ (the parent part is empty)
              4 quotes orphan-reference: an active quote of an unknown customer GUID;
                its lines quote-lines header-rejected
              5 order-lines-to-fo orphan-reference: the last line of an active Sales
                order names an unknown product GUID
              6 order-lines-to-sales orphan-reference: the last line of a confirmed
                F&O order names product P-NOPE-n
              7 products unmapped-value: an F&O product with ISSTOCKEDPRODUCT Maybe
              8 products invalid-value: an F&O product with SALESPRICE 12,50
              9 invoices duplicate-key: a second F&O invoice header with an existing
                number (no lines)
             10 orders-to-sales orphan-reference: a confirmed F&O order of customer
                NOBODY-n; its lines order-lines-to-sales header-rejected
            Without --defects, an expected-rejects.csv left in the folder is removed.

            --templates dual-write writes the pair in the shapes of dual-write's table maps, for convert \
            --templates dual-write, cut from the same generated data: F&O Legal entities, the reference tables \
            (Currencies, Units, payment days, schedules, terms and methods, Sales tax groups, Modes and Terms of \
            delivery, Price customer groups, Sales order origin codes), Customer groups, Customers V3 \
            (organizations and persons, and a few customers of a second legal entity: DEMF, or USMF with \
            --company DEMF), CDS released distinct products, Released products V2, CDS sales order headers and \
            lines, Sales invoice headers and lines V2; Sales currencies, units (with msdyn_symbol), cdm_company \
            (the --company only), some of each reference table, customer groups, parties, products and some of \
            their released products, accounts, contacts (sellable person customers and plain contacts), quotes \
            and orders with lines. It takes no --defects.

            --unkeyed writes, instead, a noisy pair that shares no key, for airlock match, with its answer key \
            match-truth.csv (UTF-8, header kind,entity,left,right, sorted): fo-export.zip holds Customers V2 \
            (organisations, some twice, and about 3 % person customers), CDS Contacts (or, with --fo-contacts \
            contacts-v2, Contacts V2 as a data management export of contact persons holds them) and Sellable \
            released products; sales-export.zip holds transactioncurrency, uom, account, contact and product records of the same things as \
            people key them again: typos, other legal forms, accents, case, address, postcode, phone and VAT \
            formats, values missing on one side, look-alike sibling companies, and duplicates within a side. About \
            70 % of the organisations are on both sides, 15 % only in F&O, 15 % only in Sales; records are in a \
            shuffled order. Each line of match-truth.csv is a true link: pair,account,CUSTOMERACCOUNT,accountid; \
            pair,contact,CONTACTPERSONPARTYNUMBER (or a person customer's CUSTOMERACCOUNT),contactid; \
            pair,product,PRODUCTNUMBER,productid; fo-duplicate,account,key,key and sales-duplicate,ENTITY,id,id \
            for two records of one side of one thing. It takes neither --defects nor --templates dual-write \
            (docs/sample.md, "An unkeyed pair for airlock match").

            --after-import RUN writes, instead, fo-export.zip and sales-export.zip as the systems would export them \
            after RUN's packages were imported, --lose records failing and --drift changed since, with the answer \
            key after-import.csv (docs/sample.md, "After an import"). RUN is the output folder of airlock convert, \
            whose packages go into the exports it read, or of airlock retry, whose packages go into the exports \
            after the import before it: those the verify it was made from read (--from-verify), or the ones --fo \
            and --sales name, which a retry of the importers' error files needs.
            """)

    @Option(help: "The folder to write into (created if missing).")
    var out: String

    @Option(help: "How many accounts to generate.")
    var accounts: Int = 12

    @Option(help: "Random seed.")
    var seed: UInt64 = 1

    @Option(help: "The F&O legal entity (DATAAREAID) of the F&O export.")
    var company: String = "USMF"

    @Flag(help: "Add records a converter must reject, and their answer key expected-rejects.csv (see below).")
    var defects = false

    @Option(help: "The bundled template set whose entities the pair holds: prospect-to-cash or dual-write (see below).")
    var templates: TemplateSetName = .standard

    @Flag(help: "Write an unkeyed, noisy pair with its answer key match-truth.csv, for airlock match (see below).")
    var unkeyed = false

    @Option(help: "With --unkeyed: the F&O entity of the contact persons, cds-contacts or contacts-v2.")
    var foContacts: SampleUnkeyedContactEntity?

    @Option(
        help: ArgumentHelp(
            "Instead: write the exports as they would be after the packages of this convert (or retry) output folder were imported, for rehearsal and training (see below).",
            valueName: "RUN"))
    var afterImport: String?

    @Option(help: "With --after-import: records sent whose import fails (picked by --seed).")
    var lose: Int = 0

    @Option(help: "With --after-import: records imported that someone changes afterwards (picked by --seed).")
    var drift: Int = 0

    @Option(
        help: ArgumentHelp(
            "With --after-import: the F&O export the packages are imported into (default: the one the conversion read; for a retry folder, the one its verify read).",
            valueName: "FILE"))
    var fo: String?

    @Option(
        help: ArgumentHelp(
            "With --after-import: the Sales export the packages are imported into (default: as for --fo).", valueName: "FILE"))
    var sales: String?

    func validate() throws {
        guard accounts >= 1 else { throw ValidationError("--accounts must be at least 1") }
        if lose < 0 || drift < 0 { throw ValidationError("--lose and --drift take 0 or more records") }
        if afterImport == nil, lose > 0 || drift > 0 { throw ValidationError("--lose and --drift go with --after-import") }
        if afterImport == nil, fo != nil || sales != nil { throw ValidationError("--fo and --sales go with --after-import") }
        if afterImport != nil, unkeyed || defects || templates != .standard || foContacts != nil {
            throw ValidationError("--after-import writes the exports after a run's import; leave out --unkeyed, --defects and --templates")
        }
        if unkeyed, defects { throw ValidationError("--unkeyed writes a pair without defects; leave out --defects") }
        if foContacts != nil, !unkeyed { throw ValidationError("--fo-contacts chooses the contacts of an unkeyed pair; add --unkeyed") }
        if unkeyed, templates == .dualWrite {
            throw ValidationError("--unkeyed writes Customers V2, CDS Contacts and products; leave out --templates dual-write")
        }
        if defects, templates == .dualWrite {
            throw ValidationError("--defects writes a prospect-to-cash pair; leave it out with --templates dual-write")
        }
        if defects, accounts < SampleGenerator.minimumAccountsWithDefects {
            throw ValidationError("--defects needs --accounts \(SampleGenerator.minimumAccountsWithDefects) or more")
        }
    }

    func run(output: CommandOutput) throws {
        let result = try SamplePipeline.run(
            SampleOptions(
                outputDirectory: out, accounts: accounts, seed: seed, company: company, defects: defects, templates: templates,
                unkeyed: unkeyed, foContacts: foContacts ?? .cdsContacts, afterImport: afterImport, lose: lose, drift: drift,
                foExportBefore: fo, salesExportBefore: sales))
        output.write(result.text)
    }
}
