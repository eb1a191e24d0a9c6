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
}
