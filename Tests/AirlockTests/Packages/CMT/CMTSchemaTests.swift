import AirlockIO
import AirlockModel
import AirlockPackages
import Foundation
import Testing

struct CMTSchemaTests {
    static func read(_ text: String) throws -> CMTSchema {
        try CMTSchemaReader.read(MemoryByteStream(Array(text.utf8)), location: SourceLocation(file: "p.zip", entry: "data_schema.xml"))
    }

    static func readFixture(_ name: String) throws -> CMTSchema {
        try CMTSchemaReader.read(
            MemoryByteStream(Array(try Data(contentsOf: URL(fileURLWithPath: RealExport.cmt(name))))), location: SourceLocation(entry: name)
        )
    }

    @Test func readsTheAbvogelSchema() throws {
        let schema = try Self.readFixture("AllEntities_SomePluginsDisabled_MixedIdentifiers_data_schema.xml")
        #expect(
            schema.entities.map(\.name) == [
                "incident", "invoice", "knowledgearticle", "msdyn_approval", "msdyn_purchaseorderproduct",
                "msdyn_resourcerequirementdetail", "theme",
            ])
        #expect(schema.otherAttributes.isEmpty)
        #expect(schema.entityImportOrder == nil)
        let incident = try #require(schema.entity(named: "incident"))
        #expect(incident.displayName == "Case")
        #expect(incident.objectTypeCode == "112")
        #expect(incident.primaryIDField == "incidentid")
        #expect(incident.primaryNameField == "title")
        #expect(incident.disablePlugins == true)
        #expect(incident.skipUpdate == false)
        #expect(incident.forceCreate == nil)
        let customer = try #require(incident.field(named: "customerid"))
        #expect(customer.type == .entityReference)
        #expect(customer.lookupTargets == ["account", "contact"])
        #expect(customer.updateCompare == nil)
        let id = try #require(incident.field(named: "incidentid"))
        #expect(id.updateCompare == true && id.primaryKey == true && id.type == .guid)
        let article = try #require(schema.entity(named: "knowledgearticle"))
        #expect(
            article.fields.map(\.type) == [
                .string, .string, .number, .optionSetValue, .string, .guid, .owner, .entityReference, .datetime, .guid, .state, .status,
            ])
        #expect(schema.entity(named: "msdyn_purchaseorderproduct")?.field(named: "msdyn_quantity")?.customField == true)
    }

    @Test func readsRootNamespaceAndUnknownAttributes() throws {
        let schema = try Self.read(
            #"<entities xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" dateMode="relative" future="1"><entity name="a" zeta="z" forcecreate="True" alpha="a"><fields><field name="f" type="datetime" dateMode="absolute" extra="x" /></fields></entity></entities>"#
        )
        #expect(schema.dateMode == "relative")
        #expect(
            schema.otherAttributes == [CMTAttribute("xmlns:xsi", "http://www.w3.org/2001/XMLSchema-instance"), CMTAttribute("future", "1")])
        let entity = try #require(schema.entities.first)
        #expect(entity.otherAttributes == [CMTAttribute("zeta", "z"), CMTAttribute("alpha", "a")])
        #expect(entity.forceCreate == true)
        #expect(entity.fields.first?.dateMode == "absolute")
        #expect(entity.fields.first?.otherAttributes == [CMTAttribute("extra", "x")])
    }

    @Test func writesGenuineCMTSchemasByteForByte() throws {
        // The schemas inside two genuine CMT zips: CR LF, no declaration, `<entities xmlns:xsi=…>`.
        for zip in ["ConfigData.zip", "IntegrationTestData.zip"] {
            let source = try openPackageSource(path: RealExport.cmt(zip))
            let original = try source.open("data_schema.xml").readAll()
            let schema = try CMTSchemaReader.read(MemoryByteStream(original), location: source.location(of: "data_schema.xml"))
            #expect(try CMTSchemaWriter.bytes(schema) == original, "\(zip)")
        }
    }

    @Test func relationshipsFilterAndImportOrderRoundTrip() throws {
        let text = """
            <entities dateMode="absolute">\r
              <entity name="quote" displayname="Quote" primaryidfield="quoteid" primarynamefield="name" disableplugins="false">\r
                <fields>\r
                  <field displayname="Quote" name="quoteid" type="guid" primaryKey="true" />\r
                  <field updateCompare="true" displayname="Quote ID" name="quotenumber" type="string" />\r
                  <field displayname="Potential Customer" name="customerid" type="entityreference" lookupType="account|contact" />\r
                </fields>\r
                <relationships>\r
                  <relationship name="price_level_quotes" manyToMany="false" referencingEntity="quote" referencingAttribute="pricelevelid" referencedEntity="pricelevel" referencedAttribute="pricelevelid" />\r
                  <relationship name="quote_competitors" manyToMany="true" isreflexive="false" relatedEntityName="competitorquotes" m2mTargetEntity="competitor" m2mTargetEntityPrimaryKey="competitorid">\r
                    <fields>\r
                      <field name="quoteid" type="guid" primaryKey="true" />\r
                      <field name="competitorid" type="guid" />\r
                    </fields>\r
                  </relationship>\r
                </relationships>\r
                <filter>&lt;fetch&gt;&lt;entity name="quote"&gt;&lt;filter&gt;&lt;condition attribute="statecode" operator="ne" value="3" /&gt;&lt;/filter&gt;&lt;/entity&gt;&lt;/fetch&gt;</filter>\r
              </entity>\r
              <entityImportOrder>\r
                <entityName>quote</entityName>\r
              </entityImportOrder>\r
            </entities>
            """
        let schema = try Self.read(text)
        let quote = try #require(schema.entities.first)
        let relationships = try #require(quote.relationships)
        #expect(relationships.count == 2)
        #expect(!relationships[0].isManyToMany)
        #expect(relationships[0].referencedEntity == "pricelevel")
        #expect(relationships[1].isManyToMany)
        #expect(relationships[1].relatedEntityName == "competitorquotes")
        #expect(relationships[1].targetEntityPrimaryKey == "competitorid")
        #expect(relationships[1].fields?.map(\.name) == ["quoteid", "competitorid"])
        #expect(
            quote.filter
                == #"<fetch><entity name="quote"><filter><condition attribute="statecode" operator="ne" value="3" /></filter></entity></fetch>"#
        )
        #expect(schema.entityImportOrder == ["quote"])
        let written = try CMTSchemaWriter.bytes(schema)
        #expect(written == Array(text.utf8))
        #expect(try Self.read(String(decoding: written, as: UTF8.self)) == schema)
    }

    @Test func writesBooleansInLowerCaseAndKnownAttributesInCMTOrder() throws {
        var entity = CMTSchemaEntity(name: "account", displayName: "Account & Co", primaryIDField: "accountid", forceCreate: true)
        entity.otherAttributes = [CMTAttribute("recordcount", "3")]
        entity.fields = [
            CMTSchemaField(name: "accountid", type: .guid, displayName: "Account", primaryKey: true),
            CMTSchemaField(name: "accountnumber", type: .string, displayName: "Account Number", updateCompare: true, customField: false),
        ]
        let schema = CMTSchema(entities: [entity, CMTSchemaEntity(name: "empty")], entityImportOrder: ["account"])
        let expected = """
            <entities>\r
              <entity name="account" displayname="Account &amp; Co" primaryidfield="accountid" forcecreate="true" recordcount="3">\r
                <fields>\r
                  <field displayname="Account" name="accountid" type="guid" primaryKey="true" />\r
                  <field updateCompare="true" displayname="Account Number" name="accountnumber" type="string" customfield="false" />\r
                </fields>\r
              </entity>\r
              <entity name="empty">\r
                <fields />\r
              </entity>\r
              <entityImportOrder>\r
                <entityName>account</entityName>\r
              </entityImportOrder>\r
            </entities>
            """
        #expect(String(decoding: try CMTSchemaWriter.bytes(schema), as: UTF8.self) == expected)
    }

    @Test func malformedSchemaNamesLineAndColumn() throws {
        let error = try #require(throws: AirlockError.self) {
            try Self.read("<entities>\n  <entity name=\"a\">\n    <fields>\n  </entity>\n</entities>")
        }
        #expect(error.code == .malformedXML)
        #expect(error.location.file == "p.zip")
        #expect(error.location.entry == "data_schema.xml")
        #expect(error.location.line == 4)
        #expect(error.location.column != nil)
    }

    @Test func badSchemaContentIsLocated() throws {
        let noType = try #require(throws: AirlockError.self) {
            try Self.read("<entities>\n<entity name=\"a\"><fields>\n<field name=\"f\" /></fields></entity></entities>")
        }
        #expect(noType.code == .malformedXML)
        #expect(noType.location.line == 3)
        #expect(noType.location.entity == "a")
        #expect(noType.location.field == "f")
        let badBool = try #require(throws: AirlockError.self) {
            try Self.read("<entities><entity name=\"a\" disableplugins=\"maybe\"><fields /></entity></entities>")
        }
        #expect(badBool.code == .invalidValue)
        #expect(badBool.message.contains("maybe"))
        let twice = try #require(throws: AirlockError.self) {
            try Self.read(
                "<entities><entity name=\"a\"><fields><field name=\"f\" type=\"string\" /><field name=\"f\" type=\"string\" /></fields></entity></entities>"
            )
        }
        #expect(twice.location.field == "f")
        #expect(throws: AirlockError.self) { try Self.read("<Entities />") }
    }
}
