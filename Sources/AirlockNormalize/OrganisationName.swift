import AirlockModel

/// The words of a company's name that say which company it is: folded (`TextFolding`, `+` read as `and`), single
/// letters in a row joined (`b v` → `bv`, `s p a` → `spa`), legal forms (`LegalForms`: `L.L.C.`, `Sp. z o.o.`,
/// `Kommanditbolag`) and the article `the` left out, common abbreviations in one spelling (`CompanyWords`: `Bros`
/// as `brothers`). A name made of nothing but a legal form keeps its words.
public enum OrganisationName {
    /// The distinguishing words of `name`, in their order.
    public static func words(_ name: String) -> [String] {
        let joined = joinedWords(name)
        var inForm = Set<Int>()
        for span in LegalForms.spans(in: joined) { inForm.formUnion(span.range) }
        let kept = joined.indices.filter { !inForm.contains($0) && joined[$0] != "the" }.map { CompanyWords.spelled(joined[$0]) }
        return kept.isEmpty ? joined : kept
    }

    /// The legal forms `name` carries, each as its class (`Limited` and `Ltd` as `ltd`, `Sp. z o.o.` as `sp zoo`), in
    /// name order, joined by `, `; "" when it has none.
    public static func legalForm(_ name: String) -> String {
        var forms: [String] = []
        for span in LegalForms.spans(in: joinedWords(name)) where !forms.contains(span.form) { forms.append(span.form) }
        return forms.joined(separator: ", ")
    }

    /// Whether two names' legal forms (`legalForm`) say they are different companies: both carry one, and no class
    /// is common to them (`GmbH & Co. KG` and `KG` share one; `GmbH` and `AG` none).
    public static func legalFormsDiffer(_ a: String, _ b: String) -> Bool {
        legalFormsDiffer(classMask(a), classMask(b))
    }

    /// The same on the forms' class bits (`classMask`).
    public static func legalFormsDiffer(_ a: UInt64, _ b: UInt64) -> Bool { a != 0 && b != 0 && a & b == 0 }

    /// A `legalForm` text as bits, one per class (the class's position among `LegalForms.classes`, modulo 64: two
    /// classes sharing a bit can only make two forms look alike, never different).
    public static func classMask(_ forms: String) -> UInt64 {
        guard !forms.isEmpty else { return 0 }
        return forms.components(separatedBy: ", ").reduce(0) { mask, form in
            mask | (LegalForms.position(of: form).map { UInt64(1) << UInt64($0 % 64) } ?? 0)
        }
    }

    /// The folded words, `+` read as `and`, single letters in a row joined.
    static func joinedWords(_ name: String) -> [String] {
        let folded = TextFolding.words(name.replacingOccurrences(of: "+", with: " & "))
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
