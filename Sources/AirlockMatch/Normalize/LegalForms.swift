/// The legal forms of companies that a name comparison leaves out (`Contoso Ltd` and `Contoso Limited` are one
/// name), as folded words (`TextFolding`). A form written with points or spaces between single letters (`B.V.`,
/// `S.p.A.`, `A/S`) folds to single letters, which `OrganisationName` joins before it looks them up.
///
/// Sources: the forms of the EU's and the UK's company registers as commonly abbreviated; see docs/match.md
/// ("Names").
public enum LegalForms {
    /// Every form, folded (`bv`, `gmbh`, `ltd`, …).
    public static let all: Set<String> = [
        // English-speaking countries
        "ltd", "limited", "plc", "llc", "llp", "lp", "inc", "incorporated", "corp", "corporation", "co", "company", "pty",
        "pte", "pvt", "lc", "pllc", "cic",
        // German-speaking countries
        "gmbh", "ag", "kg", "ohg", "ug", "gbr", "ev", "eg", "mbh", "kgaa", "se",
        // Netherlands and Belgium
        "bv", "nv", "vof", "cv", "bvba", "sprl", "cvba", "vzw", "asbl",
        // France, Spain, Italy, Portugal, Latin America
        "sa", "sas", "sasu", "sarl", "eurl", "sc", "sca", "snc", "sl", "slu", "slne", "srl", "srls", "spa", "sapa", "ss",
        "lda", "ltda", "sab", "cv", "de", "rl",
        // Nordic countries
        "ab", "hb", "kb", "as", "asa", "oy", "oyj", "aps", "ans", "ks", "ehf", "hf",
        // Central and Eastern Europe
        "sro", "spol", "sp", "zoo", "spzoo", "kft", "zrt", "nyrt", "doo", "dd", "ood", "ead", "ad", "oao", "ooo", "zao", "pao",
        // Asia
        "kk", "bhd", "sdn", "tbk", "pt",
    ]

    /// Forms written out or abbreviated, to one spelling: two names whose forms differ after this (`GmbH` and `AG`,
    /// `SARL` and `SA`) are likely two companies.
    public static let spelling: [String: String] = [
        "limited": "ltd", "incorporated": "inc", "corporation": "corp", "company": "co", "gesellschaft": "gmbh", "mbh": "gmbh",
        "spzoo": "sp zoo", "sapa": "sapa", "oyj": "oy",
    ]

    /// Whether the folded word `word` is a legal form.
    public static func contains(_ word: String) -> Bool { all.contains(word) }
}
