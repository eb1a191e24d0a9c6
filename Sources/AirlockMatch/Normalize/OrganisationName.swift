import AirlockModel

/// The words of a company's name that say which company it is: folded (`TextFolding`), single letters in a row
/// joined (`b v` → `bv`, `s p a` → `spa`), legal forms (`LegalForms`) and the article `the` left out. A name made
/// of nothing but a legal form keeps its words.
public enum OrganisationName {
    /// The distinguishing words of `name`, in their order.
    public static func words(_ name: String) -> [String] {
        let joined = joinedWords(name)
        let kept = joined.filter { !LegalForms.contains($0) && $0 != "the" }
        return kept.isEmpty ? joined : kept
    }

    /// The legal forms `name` carries, each in one spelling (`Limited` as `ltd`, `Incorporated` as `inc`), joined by
    /// spaces; "" when it has none.
    public static func legalForm(_ name: String) -> String {
        let forms = joinedWords(name).filter(LegalForms.contains).map { LegalForms.spelling[$0] ?? $0 }
        return forms.count == joinedWords(name).count ? "" : forms.joined(separator: " ")
    }

    /// The folded words, single letters in a row joined.
    static func joinedWords(_ name: String) -> [String] {
        let folded = TextFolding.words(name)
        var joined: [String] = []
        var letters = ""
        for word in folded {
            if word.count == 1, word.first?.isLetter == true {
                letters += word
                continue
            }
            if !letters.isEmpty {
                joined.append(letters)
                letters = ""
            }
            joined.append(word)
        }
        if !letters.isEmpty { joined.append(letters) }
        return joined
    }
}
