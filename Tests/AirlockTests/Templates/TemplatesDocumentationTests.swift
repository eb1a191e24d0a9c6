import AirlockKit
import Foundation
import Testing

/// `airlock templates doc`: the Markdown mapping reference rendered from the templates, and the committed
/// docs/mapping-reference.md, which must never drift from the bundled templates.
struct TemplatesDocumentationTests {
    static let committedPath = ConvertFixture.root.appendingPathComponent("docs/mapping-reference.md").path

    @Test func committedMappingReferenceMatchesTheBundledTemplates() throws {
        let rendered = TemplateDocumentation.markdown(try TemplateLoader.bundled())
        let committed = try String(contentsOfFile: Self.committedPath, encoding: .utf8)
        #expect(
            committed == rendered,
            "docs/mapping-reference.md is out of date with the bundled templates; regenerate it with `airlock templates doc --out docs/mapping-reference.md` (e.g. `swift run airlock templates doc --out docs/mapping-reference.md`)"
        )
    }

    @Test func committedDualWriteReferenceMatchesTheBundledSet() throws {
        let rendered = TemplateDocumentation.markdown(try TemplateLoader.bundled(.dualWrite))
        let path = ConvertFixture.root.appendingPathComponent("docs/mapping-reference-dual-write.md").path
        let committed = try String(contentsOfFile: path, encoding: .utf8)
        #expect(
            committed == rendered,
            "docs/mapping-reference-dual-write.md is out of date with the bundled dual-write templates; regenerate it with `airlock templates doc --templates dual-write --out docs/mapping-reference-dual-write.md`"
        )
        #expect(rendered.hasPrefix("# Mapping reference: the dual-write set\n"))
        #expect(rendered.contains("**Not carried.**"))
    }

    @Test func everyFlowHasASectionInRunOrder() throws {
        let set = try TemplateLoader.bundled()
        let text = TemplateDocumentation.markdown(set)
        var position = text.startIndex
        for (index, template) in set.runOrder().enumerated() {
            let heading = "\n## \(index + 1). \(template.name)\n"
            let found = try #require(
                text.range(of: heading, range: position..<text.endIndex), "no section for \(template.name) after the previous one")
            position = found.upperBound
            #expect(text.contains("[`\(template.name)`](#\(index + 1)-\(template.name))"), "\(template.name) is not in the contents")
            if let reference = template.reference { #expect(text.contains("| Reference | \(reference) |"), "\(template.name)") }
        }
        #expect(text.contains("\n## Value maps\n"))
        #expect(text.hasSuffix("\n") && !text.hasSuffix("\n\n"))
        #expect(text.range(of: "\n## Settings to check\n")!.lowerBound > text.range(of: "\n## Value maps\n")!.lowerBound)
    }

    @Test func fieldMapsAreDescribedInWords() throws {
        let text = TemplateDocumentation.markdown(try TemplateLoader.bundled())
        // Rows of the quotes, products, invoices and accounts flows.
        #expect(
            text.contains(
                "| 1 | `customerid.Account(accountnumber).Contact(msdynce_contactnumber)` | `REQUESTINGCUSTOMERACCOUNTNUMBER` | lookup account by accountnumber or contact by msdynce_contactnumber | img |"
            ))
        #expect(text.contains("| 2 | (none) | `CUSTOMERGROUPID` | default `10` (no source: always) | doc |"))
        #expect(text.contains("| 12 | (none) | `PARTYTYPE` | constant `Organization` | img, inferred |"))
        #expect(text.contains("country name or code → ISO 3166-1 alpha-2 (unmapped: reject), then default `US` when blank"))
        #expect(text.contains("lookup transactioncurrency by isocurrencycode, then the run's `--default-currency` when blank"))
        #expect(text.contains("state or province → ISO 3166-2 code in the country of `address1_country` (unmapped: keep)"))
        #expect(
            text.contains(
                "| 5 | `SALESUNITSYMBOL` | `defaultuomid.name` | value map [`unit-symbol-to-name`](#unit-symbol-to-name) (unmapped: keep), then lookup uom by name | doc |"
            ))
        #expect(text.contains("date the F&O export's (its locale, or ISO 8601) → ISO 8601"))
        #expect(text.contains("| 6 | `accountnumber` | `CUSTOMERACCOUNT` | copy | img | key |"))
    }

    @Test func filtersRulesValueMapsAndSettingsAreListed() throws {
        let set = try TemplateLoader.bundled()
        let text = TemplateDocumentation.markdown(set)
        #expect(
            text.contains(
                "- `active-quotes-with-external-products-only` (doc, inferred): statecode equals `1` and msdynce_hasexternallymaintainedproductsonly equals `true`."
            ))
        #expect(text.contains("SALESORDERPROCESSINGSTATUS in (`Confirmed`, `Picked`,"))
        #expect(text.contains("msdynce_isactivecustomer not equals `true` and parentcustomerid references `account`"))
        #expect(text.contains("**Filters.** None of its own: only lines whose header the `quotes` flow takes."))
        #expect(text.contains("- `price-list-item` (doc): "))
        #expect(text.contains("priceList = `\"\"`, selection = `first-by-name-with-currency`, amount = `SALESPRICE`"))
        for map in set.valueMaps {
            #expect(text.contains("\n### \(map.name)\n"), "\(map.name)")
            for entry in map.entries.prefix(3) {
                #expect(text.contains("| `\(entry.from)` | `\(entry.to)` |"), "\(map.name): \(entry.from)")
            }
        }
        let settings = set.inferredSettings()
        #expect(!settings.isEmpty)
        for setting in settings {
            #expect(text.contains("| `\(setting.scope)` | \(setting.subject) |"), "\(setting.scope) \(setting.subject)")
        }
    }

    @Test func renderingIsDeterministicAndFollowsEditedTemplates() throws {
        let bundled = try TemplateLoader.bundled()
        #expect(TemplateDocumentation.markdown(bundled) == TemplateDocumentation.markdown(try TemplateLoader.bundled()))
        let folder = try Fixture.scratchDirectory("airlock-templates-doc")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let accounts = try #require(bundled.file(named: "accounts")).text
        let edited = accounts.replacingOccurrences(of: "default: \"10\"", with: "default: \"20\"")
        #expect(edited != accounts)
        try edited.write(toFile: folder + "/accounts.yaml", atomically: true, encoding: .utf8)
        let text = TemplateDocumentation.markdown(try TemplateLoader.load(directory: folder))
        #expect(text.contains("| 2 | (none) | `CUSTOMERGROUPID` | default `20` (no source: always) | doc |"))
    }

    @Test func markdownHelpersEscapeAndSlug() throws {
        #expect(TemplateDocumentation.slug("1. accounts") == "1-accounts")
        #expect(TemplateDocumentation.slug("Settings to check") == "settings-to-check")
        #expect(TemplateDocumentation.slug("country-name-to-iso") == "country-name-to-iso")
        let condition = FilterCondition.all([
            .test(FilterTest(field: FieldReference(field: "a"), operator: .equals, values: ["1"])),
            .any([
                .test(FilterTest(field: FieldReference(field: "b"), operator: .isEmpty, values: [])),
                .test(FilterTest(field: FieldReference(field: "c", referencedField: "d"), operator: .notIn, values: ["x", "y z"])),
            ]),
        ])
        #expect(TemplateDocumentation.condition(condition, top: true) == "a equals `1` and (b is empty or c.d not in (`x`, `y z`))")
    }
}

/// The `templates doc` and `templates schema` commands print what the library renders, or write it into a file.
struct TemplatesCommandTests {
    @Test func docPrintsOrWritesTheMappingReference() throws {
        let expected = TemplateDocumentation.markdown(try TemplateLoader.bundled())
        let printed = try AirlockRunner.run(["templates", "doc"])
        #expect(printed.status == 0, "\(printed.stderr)")
        #expect(printed.stdout == expected)
        let folder = try Fixture.scratchDirectory("airlock-templates-cli")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let written = try AirlockRunner.run(["templates", "doc", "--out", folder + "/reference.md"])
        #expect(written.status == 0, "\(written.stderr)")
        #expect(written.stdout.isEmpty)
        #expect(try String(contentsOfFile: folder + "/reference.md", encoding: .utf8) == expected)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["reference.md"], "no temporary file is left behind")
    }

    @Test func schemaPrintsOrWritesDataSchemaXML() throws {
        let schema = try ExportSchemaBuilder.schema(for: try TemplateLoader.bundled(), catalog: try SchemaCatalogLoader.bundled())
        let expected = try CMTSchemaWriter.bytes(schema)
        let printed = try AirlockRunner.run(["templates", "schema"])
        #expect(printed.status == 0, "\(printed.stderr)")
        #expect(Array(printed.stdout.utf8) == expected)
        let folder = try Fixture.scratchDirectory("airlock-templates-cli")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let written = try AirlockRunner.run(["templates", "schema", "--out", folder + "/data_schema.xml"])
        #expect(written.status == 0, "\(written.stderr)")
        #expect(try Array(Data(contentsOf: URL(fileURLWithPath: folder + "/data_schema.xml"))) == expected)
    }

    @Test func badTemplatesFolderOrOutputIsAnEnvironmentError() throws {
        let missing = try AirlockRunner.run(["templates", "doc", "--templates", "/nonexistent/airlock-templates"])
        #expect(missing.status == 2)
        #expect(missing.stderr.contains("/nonexistent/airlock-templates"))
        let unwritable = try AirlockRunner.run(["templates", "schema", "--out", "/nonexistent/folder/data_schema.xml"])
        #expect(unwritable.status == 2)
        #expect(unwritable.stderr.contains("/nonexistent/folder/data_schema.xml"))
    }
}
