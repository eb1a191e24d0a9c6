/// The export time on the root of `data.xml`: the text as written and, when Airlock recognises it, its value.
///
/// Current CMT writes UTC in .NET's `o` format; older builds wrote culture-formatted text such as
/// `29/08/2019 17:48:29` or `4/5/2019 11:23:19 PM`, which `CMTDateTime(parsing:)` also reads.
public struct CMTTimestamp: Sendable, Hashable {
    /// The attribute text as written.
    public var text: String
    /// The parsed value; nil when the text is in no form Airlock knows.
    public var value: CMTDateTime?

    /// A timestamp read from `text`; `value` is nil when the text does not parse.
    public init(text: String) {
        self.text = text
        self.value = try? CMTDateTime(parsing: text)
    }

    /// A timestamp for `value`, with its canonical text.
    public init(_ value: CMTDateTime) {
        self.text = value.isoText
        self.value = value
    }

    /// The text a writer puts out: the canonical ISO form when the value is known, else the text as read.
    public var canonicalText: String { value?.isoText ?? text }
}
