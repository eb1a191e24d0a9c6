/// The legal forms of companies, as classes of the ways registers and people write them: a class's full name, its
/// abbreviation and their punctuation variants are one form (`Limited Liability Company`, `LLC`, `L.L.C.`;
/// `Spółka z ograniczoną odpowiedzialnością`, `Sp. z o.o.`, `Sp z oo`; `Kommanditbolag`, `KB`). A name comparison
/// leaves them out (`Contoso Ltd` and `Contoso Limited` are one name), and only forms of different classes count
/// against a pair (`GmbH` and `AG`).
///
/// A form is recognised on the folded words (`TextFolding`) by its compact spelling, the words run together
/// (`l l c` and `llc` are `llc`), over up to five words at the end of a name (or at its start, where some registers
/// put it: `PT Astra`, `OOO Romashka`).
///
/// Sources: the ISO 20275 Entity Legal Forms code list (GLEIF), which names each jurisdiction's forms with their
/// abbreviations, and the UK's "same as" rules for company names (The Company, Limited Liability Partnership and
/// Business (Names and Trading Disclosures) Regulations 2015, Schedule 3), which treat `limited`/`ltd`, `public
/// limited company`/`plc`, `company`/`co` as the same; docs/sources.md.
public enum LegalForms {
    /// Each class: its name (the abbreviation used in reports and comparisons) and its spellings, compact.
    static let classes: [(form: String, spellings: [String])] = [
        // English-speaking countries
        ("ltd", ["ltd", "limited", "ltee", "limitee"]),
        ("plc", ["plc", "publiclimitedcompany", "publiccompanylimitedbyshares"]),
        ("llc", ["llc", "limitedliabilitycompany", "limitedliabilityco", "lc"]),
        ("pllc", ["pllc", "professionallimitedliabilitycompany"]),
        ("llp", ["llp", "limitedliabilitypartnership"]),
        ("lp", ["lp", "limitedpartnership"]),
        ("inc", ["inc", "incorporated"]),
        ("corp", ["corp", "corporation"]),
        ("co", ["co", "company", "cie", "compagnie", "cia", "compania"]),
        ("pty", ["pty"]),
        ("pty ltd", ["ptyltd", "proprietarylimited"]),
        ("pte", ["pte"]),
        ("pte ltd", ["pteltd", "privatelimited"]),
        ("pvt ltd", ["pvtltd"]),
        ("pvt", ["pvt"]),
        ("cic", ["cic", "communityinterestcompany"]),
        // German-speaking countries
        ("gmbh", ["gmbh", "mbh", "gesellschaftmitbeschrankterhaftung", "gesmbh"]),
        ("ag", ["ag", "aktiengesellschaft"]),
        ("kg", ["kg", "kommanditgesellschaft"]),
        ("kgaa", ["kgaa", "kommanditgesellschaftaufaktien"]),
        ("ohg", ["ohg", "offenehandelsgesellschaft"]),
        ("ug", ["ug", "unternehmergesellschafthaftungsbeschrankt", "ughaftungsbeschrankt"]),
        ("gbr", ["gbr", "gesellschaftburgerlichenrechts"]),
        ("ev", ["ev", "eingetragenerverein"]),
        ("ek", ["ek", "eingetragenerkaufmann", "eingetragenekauffrau", "ekfm", "ekfr"]),
        ("eg", ["eg", "eingetragenegenossenschaft"]),
        ("se", ["se", "societaseuropaea", "europeancompany"]),
        // Netherlands and Belgium
        ("bv", ["bv", "beslotenvennootschap"]),
        ("nv", ["nv", "naamlozevennootschap"]),
        ("vof", ["vof", "vennootschaponderfirma"]),
        ("cv", ["cv", "commanditairevennootschap"]),
        ("bvba", ["bvba"]),
        ("sprl", ["sprl"]),
        ("cvba", ["cvba"]),
        ("vzw", ["vzw"]),
        ("asbl", ["asbl"]),
        // France, Spain, Italy, Portugal, Latin America
        ("sa", ["sa", "societeanonyme", "sociedadanonima", "sociedadeanonima"]),
        ("sas", ["sas", "societeparactionssimplifiee"]),
        ("sasu", ["sasu"]),
        ("sarl", ["sarl", "societearesponsabilitelimitee"]),
        ("eurl", ["eurl"]),
        ("snc", ["snc", "societeennomcollectif"]),
        ("sca", ["sca"]),
        ("sc", ["sc"]),
        ("sl", ["sl", "sociedadlimitada"]),
        ("slu", ["slu"]),
        ("slne", ["slne"]),
        ("srl", ["srl", "societaaresponsabilitalimitata", "sociedadderesponsabilidadlimitada"]),
        ("srls", ["srls"]),
        ("spa", ["spa", "societaperazioni"]),
        ("sapa", ["sapa"]),
        ("ss", ["ss"]),
        ("lda", ["lda"]),
        ("ltda", ["ltda"]),
        ("sa de cv", ["sadecv"]),
        ("sab de cv", ["sabdecv"]),
        // Nordic countries
        ("ab", ["ab", "aktiebolag", "abpubl"]),
        ("hb", ["hb", "handelsbolag"]),
        ("kb", ["kb", "kommanditbolag"]),
        ("as", ["as", "aksjeselskap", "aktieselskab"]),
        ("asa", ["asa", "allmennaksjeselskap"]),
        ("aps", ["aps", "anpartsselskab"]),
        ("is", ["is", "interessentskab"]),
        ("amba", ["amba"]),
        ("ans", ["ans"]),
        ("ks", ["ks"]),
        ("oy", ["oy", "osakeyhtio"]),
        ("oyj", ["oyj", "julkinenosakeyhtio"]),
        ("ehf", ["ehf", "einkahlutafelag"]),
        ("hf", ["hf", "hlutafelag"]),
        // Central and Eastern Europe
        ("sro", ["sro", "spolsro", "spolecnostsrucenimomezenym"]),
        ("as", ["akciovaspolecnost"]),
        ("sp zoo", ["spzoo", "spolkazograniczonaodpowiedzialnoscia"]),
        ("sp", ["sp", "spolka"]),
        ("sa", ["spolkaakcyjna"]),
        ("kft", ["kft"]),
        ("zrt", ["zrt"]),
        ("nyrt", ["nyrt"]),
        ("doo", ["doo"]),
        ("dd", ["dd"]),
        ("ood", ["ood"]),
        ("ead", ["ead"]),
        ("ad", ["ad"]),
        ("ooo", ["ooo"]),
        ("oao", ["oao"]),
        ("zao", ["zao"]),
        ("pao", ["pao"]),
        // Asia
        ("kk", ["kk", "kabushikikaisha"]),
        ("sdn bhd", ["sdnbhd"]),
        ("bhd", ["bhd", "berhad"]),
        ("tbk", ["tbk"]),
        ("pt", ["pt"]),
    ]

    /// Compact spelling → class.
    static let formOfSpelling: [String: String] = {
        var index: [String: String] = [:]
        for (form, spellings) in classes {
            for spelling in spellings where index[spelling] == nil { index[spelling] = form }
        }
        return index
    }()

    /// The longest form a name is searched for, in words.
    static let longestSpan = 5

    /// The forms some registers write before the name (`PT Astra`, `OOO Romashka`, `AB Volvo`): only these are
    /// looked for at a name's start.
    static let leading: Set<String> = ["pt", "ooo", "oao", "zao", "pao", "ab", "as", "kk", "sa", "cv"]

    /// The position of class `form` among `classes`.
    static func position(of form: String) -> Int? { positions[form] }

    private static let positions: [String: Int] = {
        var index: [String: Int] = [:]
        for (position, entry) in classes.enumerated() where index[entry.form] == nil { index[entry.form] = position }
        return index
    }()

    /// Every class's name (`bv`, `gmbh`, `ltd`, …).
    public static var all: Set<String> { Set(classes.map(\.form)) }

    /// The class of the compact spelling `word` (`limited` → `ltd`), or nil when it names no legal form.
    public static func form(of word: String) -> String? { formOfSpelling[word] }

    /// Whether the folded word `word` is a legal form on its own.
    public static func contains(_ word: String) -> Bool { formOfSpelling[word] != nil }

    /// The words of `words` that are legal forms, as spans, with their classes: from the end of the name as long as
    /// forms follow one another (`GmbH & Co. KG`, the `and` between them allowed), then from its start, each span the
    /// longest run of words whose compact spelling is a form (at the start, only the `leading` forms). Never the whole
    /// name.
    public static func spans(in words: [String]) -> [(range: Range<Int>, form: String)] {
        var found: [(range: Range<Int>, form: String)] = []
        var end = words.count
        while end > 0 {
            guard let span = longest(in: words, endingAt: end, notBefore: 1) else {
                if end < words.count, words[end - 1] == "and" {
                    end -= 1
                    continue
                }
                break
            }
            found.append(span)
            end = span.range.lowerBound
        }
        var start = 0
        while start < end - 1 {
            guard let span = longest(in: words, startingAt: start, before: end - 1), leading.contains(span.form) else { break }
            found.append(span)
            start = span.range.upperBound
        }
        return found.sorted { $0.range.lowerBound < $1.range.lowerBound }
    }

    private static func longest(in words: [String], endingAt end: Int, notBefore floor: Int) -> (range: Range<Int>, form: String)? {
        for length in stride(from: min(longestSpan, end - floor), through: 1, by: -1) {
            let range = (end - length)..<end
            if let form = formOfSpelling[words[range].joined()] { return (range, form) }
        }
        return nil
    }

    private static func longest(in words: [String], startingAt start: Int, before end: Int) -> (range: Range<Int>, form: String)? {
        for length in stride(from: min(longestSpan, end - start), through: 1, by: -1) {
            let range = start..<(start + length)
            if let form = formOfSpelling[words[range].joined()] { return (range, form) }
        }
        return nil
    }
}
