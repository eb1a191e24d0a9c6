import AirlockModel
import AirlockNormalize

/// One record of either side as matching holds it: numbers only, its texts and name words in the run's
/// `MatchRecordStore`. Values compared for equality alone (tax number, e-mail address, domains, phones, a
/// contact's company) are held as 64-bit hashes (`MatchRecord.hash`), texts that are shown, compared letter by
/// letter or counted (key, name, street, postcode, city, …) as bytes in the store: a million accounts with their
/// contacts and products fit in a few hundred bytes a record (docs/performance.md).
public struct MatchRecord: Sendable, BitwiseCopyable {
    /// The texts a record keeps in the store, in the order they are stored.
    public enum Text: Int, CaseIterable, Sendable {
        /// The F&O key or the Sales record's GUID (`MatchRecordDraft.key`).
        case key
        /// The name as written.
        case name
        case street, houseNumber, postcode, city, country
        /// A Sales record's key attribute as it stands.
        case currentKey
        /// The key the two sides are joined on, compacted.
        case comparableKey
        /// An F&O customer's party number.
        case party
        /// A product's number, compacted, and unit symbol.
        case number, unit
    }

    /// Where the record's texts start in the store's bytes.
    var textStart: UInt32
    /// Where each text ends, counted from `textStart`, in `Text` order (a record's texts hold at most
    /// `MatchRecordStore.maxRecordText` bytes).
    var textEnds: (UInt16, UInt16, UInt16, UInt16, UInt16, UInt16, UInt16, UInt16, UInt16, UInt16, UInt16, UInt16)
    /// Where the record's name words start in the store's words, how many there are, and of them how many are a
    /// person's given names (the rest are the family names).
    var wordStart: UInt32
    var wordCount: UInt16
    var firstWordCount: UInt16
    /// Whether the record has a person's name (given and family names), else a name of words.
    var isPerson: Bool
    /// Whether it is a Sales record (else an F&O one).
    public var isSales: Bool
    /// A person's gender (`PersonDetails.Gender`), 0 when unknown; the first letter of a middle name, 0 for none.
    public var gender: UInt8 = 0
    public var middleInitial: UInt8 = 0
    /// A person's household: how many records of its side (itself included, at most 255) share its family name and
    /// its address (street and house number); 0 where it has no address or family name (`TermFrequencies`).
    public var householdSize: UInt8 = 0
    /// A person's full name: how many records of its side (itself included, at most 255) hold its given and family
    /// names both; 0 for a record that is not a person with both (`TermFrequencies`).
    public var fullNameCount: UInt8 = 0
    /// The entity it was read from, as an index into the store's labels.
    var label: UInt16
    /// Its row in the export's entity file (1 = the first record).
    public var row: Int32
    /// A company's legal forms as bits, one per class (`OrganisationName.classMask`).
    public var legalFormClasses: UInt64
    /// Hashes of the values compared for equality alone; 0 where the record has none.
    public var taxNumber: UInt64
    public var email: UInt64
    public var emailDomain: UInt64
    public var webDomain: UInt64
    public var phones: (UInt64, UInt64)
    /// A contact's company: the hash of its Sales parent account's GUID, or of the F&O customer account.
    public var parent: UInt64
    /// The share of its side's records of the entity holding the same name (a person's: family names), street,
    /// postcode and city (0: not counted): how much an exact agreement on it says (`MatchScorer.frequencyBits`).
    public var nameFrequency: Float = 0
    public var streetFrequency: Float = 0
    public var postcodeFrequency: Float = 0
    public var cityFrequency: Float = 0
    /// A person's given names' share, as `nameFrequency` is the family names' (a company's: its name's).
    public var givenFrequency: Float = 0
    /// A person's birth date as `yyyymmdd` (`PersonDetails.birthDate`), 0 when unknown.
    public var birthDate: UInt32 = 0

    /// Where text `text` lies in the store's bytes.
    func range(_ text: Text) -> Range<Int> {
        withUnsafeBytes(of: textEnds) { ends in
            let index = text.rawValue
            let end = Int(ends.load(fromByteOffset: index * 2, as: UInt16.self))
            let start = index == 0 ? 0 : Int(ends.load(fromByteOffset: (index - 1) * 2, as: UInt16.self))
            return (Int(textStart) + start)..<(Int(textStart) + end)
        }
    }

    /// Whether text `text` is empty.
    func lacks(_ text: Text) -> Bool { range(text).isEmpty }

    /// The hash a value compared for equality alone is held as: 0 for "", never 0 otherwise.
    public static func hash(_ value: String) -> UInt64 {
        guard !value.isEmpty else { return 0 }
        var value = value
        let hash = value.withUTF8 { ValueHash.hash(UnsafeRawBufferPointer($0)) }
        return hash == 0 ? 1 : hash
    }

    /// Whether the record holds phone number hash `phone`.
    func hasPhone(_ phone: UInt64) -> Bool { phone != 0 && (phones.0 == phone || phones.1 == phone) }
}
