import AirlockModel
import Foundation

/// The comparable forms of a phone number, an e-mail address, a web address, a tax number and a postcode.
public enum ContactKeys {
    /// How many trailing digits of a phone number are compared: the subscriber number and area code without the
    /// country code or trunk prefix (`+44 20 7946 0958`, `020 7946 0958` and `0044 20 7946 0958` all end in
    /// `207946095`8). A number with fewer digits is not compared.
    public static let phoneDigits = 9

    /// The last `phoneDigits` digits of `text`, "" when it holds fewer.
    public static func phone(_ text: String) -> String {
        var digits: [Character] = []
        for character in text where character.isASCII && character.isNumber { digits.append(character) }
        guard digits.count >= phoneDigits else { return "" }
        return String(digits.suffix(phoneDigits))
    }

    /// The address lower-cased and trimmed, "" when it has no `@` with text on both sides.
    public static func email(_ text: String) -> String {
        let address = text.trimmingCharacters(in: .whitespaces).lowercased()
        guard let at = address.lastIndex(of: "@"), at != address.startIndex, address.index(after: at) != address.endIndex else {
            return ""
        }
        return address
    }

    /// The domain of an address from `email(_:)`, "" when it is a public one (`PublicMailDomains`).
    public static func companyDomain(ofEmail address: String) -> String {
        guard let at = address.lastIndex(of: "@") else { return "" }
        return companyDomain(String(address[address.index(after: at)...]))
    }

    /// The host of a web address without scheme, `www.`, path or port, lower-cased; "" when it is a public mail
    /// domain.
    public static func companyDomain(ofWebsite text: String) -> String {
        var host = text.trimmingCharacters(in: .whitespaces).lowercased()
        if let scheme = host.range(of: "://") { host = String(host[scheme.upperBound...]) }
        if let end = host.firstIndex(where: { $0 == "/" || $0 == ":" || $0 == "?" || $0 == "#" }) { host = String(host[..<end]) }
        if host.hasPrefix("www.") { host.removeFirst(4) }
        guard host.contains(".") else { return "" }
        return companyDomain(host)
    }

    static func companyDomain(_ domain: String) -> String {
        PublicMailDomains.all.contains(domain) ? "" : domain
    }

    /// A tax or VAT registration number without spaces, points or dashes, upper-cased, and without a leading
    /// two-letter country prefix (`DE 123.456.789` and `123456789` are one number).
    public static func taxNumber(_ text: String) -> String {
        let key = TextFolding.compactKey(text)
        let scalars = Array(key.unicodeScalars)
        if scalars.count > 4, scalars[0].properties.isAlphabetic, scalars[1].properties.isAlphabetic,
            scalars[2].properties.numericType != nil
        {
            return String(String.UnicodeScalarView(scalars[2...]))
        }
        return key
    }

    /// A postcode upper-cased without spaces or dashes; a US ZIP+4 (`98052-6399`) cut to its five digits.
    public static func postcode(_ text: String, country: String) -> String {
        let key = TextFolding.compactKey(text)
        if country == "US", key.count == 9, key.allSatisfy(\.isNumber) { return String(key.prefix(5)) }
        return key
    }
}
