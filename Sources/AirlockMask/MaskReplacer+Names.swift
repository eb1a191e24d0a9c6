import AirlockModel
import AirlockNormalize

extension MaskReplacer {
    /// Organisations' and persons' words are drawn alike: a column filled from an account's name by one flow and from a
    /// contact's full name by another (F&O `ADDRESSDESCRIPTION`) says the same as either export, and `Müller` in a
    /// company's name and in a person's stays one word.
    static let namePurpose = "name"

    /// An organisation's name: each word replaced by a word drawn from its folded form (so `Müller` and `MUELLER`
    /// give one word), in its case pattern; legal forms (`GmbH`, `Sp. z o.o.`, `Ltd`), single letters and the
    /// connecting words (`and`, `&`, `the`) kept as written, so `match` still reads the legal form.
    public func organisation(_ name: String) -> String {
        let folded = TextFolding.words(name)
        var kept: Set<String> = ["and", "the", "und", "et", "y", "of"]
        for span in LegalForms.spans(in: folded) { kept.formUnion(folded[span.range]) }
        return Self.replacingLetterRuns(name) { run, _ in
            let folded = TextFolding.words(String(run)).joined()
            guard !kept.contains(folded), !LegalForms.contains(folded) else { return nil }
            guard folded.count > 1 else { return initialAlone(run) }
            return Self.cased(nameWord(Self.namePurpose, folded), like: run)
        }
    }

    /// A person's name (first, middle or last name, or a full name): each word replaced by a word drawn from its
    /// folded form, in its case pattern, as an organisation's words are; an initial by the image of its letter, which
    /// the masked words of that letter begin with.
    public func person(_ name: String) -> String {
        Self.replacingLetterRuns(name) { run, _ in
            let key = Self.nameKey(run)
            guard key.count > 1 else { return initialAlone(run) }
            return Self.cased(nameWord(Self.namePurpose, key), like: run)
        }
    }

    /// A single letter of a name (`J.`): the image of its initial, in its case (nil for another letter: kept).
    private func initialAlone(_ run: Substring) -> String? {
        guard run.count == 1, let scalar = run.unicodeScalars.first, let image = initial(of: scalar) else { return nil }
        return Self.cased(String(image), like: run)
    }
}
