/// Words of company names that registers and people abbreviate, each to one spelling (`Bros` and `Brothers`,
/// `Intl` and `International`), and the words the UK's company-name rules treat as `and` (`&`, `+`, `plus`).
///
/// Sources: the UK's "same as" rules for company names (The Company, Limited Liability Partnership and Business
/// (Names and Trading Disclosures) Regulations 2015, Schedule 3: `and`, `&`, `plus`, `+` are one word) and the
/// abbreviations in common use in company names (`Bros`, `Intl`, `Mfg`, `Assoc`, `Svcs`, `Mgmt`, `Natl`, `Grp`,
/// `Hldgs`); docs/sources.md.
enum CompanyWords {
    /// Folded word → its one spelling.
    static let spelling: [String: String] = [
        "bros": "brothers", "bro": "brother", "intl": "international", "internat": "international", "mfg": "manufacturing",
        "mfrs": "manufacturers", "mfr": "manufacturer", "assoc": "associates", "assocs": "associates", "assn": "association",
        "svcs": "services", "svc": "service", "servs": "services", "mgmt": "management", "natl": "national", "grp": "group",
        "hldgs": "holdings", "hldg": "holding", "ent": "enterprises", "entps": "enterprises", "dept": "department",
        "dist": "distribution", "distr": "distribution", "tech": "technology", "technol": "technology", "eng": "engineering",
        "engg": "engineering", "sys": "systems", "ctr": "center", "centre": "center", "labs": "laboratories",
        "lab": "laboratory", "plus": "and",
    ]

    /// `word` in its one spelling.
    static func spelled(_ word: String) -> String { spelling[word] ?? word }
}
