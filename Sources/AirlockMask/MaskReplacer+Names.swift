import AirlockMatch
import AirlockModel

extension MaskReplacer {
    /// An organisation's name: each word replaced by a word drawn from its folded form (so `Müller` and `MUELLER`
    /// give one word), in its case pattern; legal forms (`GmbH`, `Sp. z o.o.`, `Ltd`), single letters and the
    /// connecting words (`and`, `&`, `the`) kept as written, so `match` still reads the legal form.
    public func organisation(_ name: String) -> String {
        let folded = TextFolding.words(name)
        var kept: Set<String> = ["and", "the", "und", "et", "y", "of"]
        for span in LegalForms.spans(in: folded) { kept.formUnion(folded[span.range]) }
        return Self.replacingLetterRuns(name) { run, _ in
            let folded = TextFolding.words(String(run)).joined()
            guard folded.count > 1, !kept.contains(folded), !LegalForms.contains(folded) else { return nil }
            let key = Self.nameKey(run)
            return Self.cased(word("organisation", key, length: key.count), like: run)
        }
    }

    /// A person's name (first, middle or last name, or a full name): each word replaced by a word drawn from its
    /// folded form, in its case pattern; initials kept.
    public func person(_ name: String) -> String {
        Self.replacingLetterRuns(name) { run, _ in
            let key = Self.nameKey(run)
            guard key.count > 1 else { return nil }
            return Self.cased(word("person", key, length: key.count), like: run)
        }
    }
}
