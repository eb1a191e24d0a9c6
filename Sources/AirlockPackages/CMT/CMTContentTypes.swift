import AirlockIO
import AirlockModel

/// The `[Content_Types].xml` member of a CMT zip.
///
/// These are the exact bytes of the member in genuine CMT-written zips (xrm-ci-framework `ConfigData.zip` and
/// Capgemini `IntegrationTestData.zip`, both 191 bytes): a UTF-8 BOM, the declaration, and one line with a single
/// `Default` for `.xml` (what `System.IO.Packaging` writes). The reference's reconstruction has the same
/// elements and attributes, laid out on several lines.
public enum CMTContentTypes {
    /// The member's bytes.
    public static let bytes: [UInt8] = [0xEF, 0xBB, 0xBF] + Array(text.utf8)

    /// The member's text (after the BOM).
    public static let text =
        #"<?xml version="1.0" encoding="utf-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="xml" ContentType="application/octet-stream" /></Types>"#

    /// What is wrong with the `[Content_Types].xml` member `member` of `source`, or nil when it is fine: the
    /// importer opens the zip as an Open Packaging Conventions package, which needs it well-formed with a
    /// `<Types>` root.
    public static func problem(in source: PackageSource, member: String) -> String? {
        do {
            let xml = try XMLStreamReader(source.open(member), location: source.location(of: member))
            while let kind = try xml.next() {
                guard kind == .startElement else { continue }
                guard xml.name == "Types" else { return "the root element is <\(xml.name)>, not <Types>" }
                try xml.skipElement()
                while try xml.next() != nil {}
                return nil
            }
            return "the file has no root element"
        } catch let error as AirlockError {
            return AirlockError.oneLine(error.message)
        } catch {
            return "\(error)"
        }
    }
}
