/// A country of the unkeyed pair's world, with what its companies' records look like there: legal forms, cities with
/// their postcodes and dialling codes, streets, how numbers and VAT numbers are written, and the names Sales users
/// type for the country.
enum SampleUnkeyedCountry: Int, CaseIterable {
    case gb, de, nl, us, fr, es, it, se

    /// A city: its name, other names people write for it, its postcodes' leading characters, its dialling code.
    struct City {
        var name: String
        /// Other spellings: the English name, without accents, transliterated (`Munich`, `Muenchen`).
        var alternatives: [String]
        var postcodePrefixes: [String]
        /// The dialling code without the trunk prefix (`20` for London).
        var area: String
    }

    /// ISO 3166 alpha-2 code, as F&O's ADDRESSCOUNTRYREGIONISOCODE holds it.
    var isoCode: String {
        switch self {
        case .gb: "GB"
        case .de: "DE"
        case .nl: "NL"
        case .us: "US"
        case .fr: "FR"
        case .es: "ES"
        case .it: "IT"
        case .se: "SE"
        }
    }

    /// The currency its customers are invoiced in (ISO 4217), as F&O's SALESCURRENCYCODE holds it.
    var currency: String {
        switch self {
        case .gb: "GBP"
        case .us: "USD"
        case .se: "SEK"
        case .de, .nl, .fr, .es, .it: "EUR"
        }
    }

    /// The language its customers are written to, as F&O's LANGUAGEID holds it.
    var languageID: String {
        switch self {
        case .gb: "en-gb"
        case .us: "en-us"
        case .de: "de"
        case .nl: "nl"
        case .fr: "fr"
        case .es: "es"
        case .it: "it"
        case .se: "sv"
        }
    }

    /// The currencies of the countries, with their names, in the order the Sales export lists them.
    static let currencies: [(code: String, name: String)] = [
        ("EUR", "Euro"), ("GBP", "Pound Sterling"), ("SEK", "Swedish Krona"), ("USD", "US Dollar"),
    ]

    /// The share of the world's organisations (percent).
    var share: Int {
        switch self {
        case .gb: 24
        case .de: 20
        case .nl: 12
        case .us: 20
        case .fr: 12
        case .es: 5
        case .it: 5
        case .se: 2
        }
    }

    /// A country drawn by `share`.
    static func draw(_ random: inout SampleRandom) -> SampleUnkeyedCountry {
        random.pick(weighted: shares)
    }
    private static let shares = allCases.map { ($0, $0.share) }

    /// Each city's index in `cities` with its weight: the first (largest) cities have more companies.
    var cityWeights: [(Int, Int)] { Self.tableCityWeights[rawValue] }
    private static let tableCityWeights = allCases.map { country in country.cities.indices.map { ($0, max(1, 8 - $0)) } }

    /// Legal forms with their weights, as the F&O record writes them.
    var legalForms: [(String, Int)] { Self.tableLegalForms[rawValue] }
    private static let tableLegalForms = allCases.map(\.allLegalForms)
    private var allLegalForms: [(String, Int)] {
        switch self {
        case .gb: [("Ltd", 60), ("Limited", 25), ("plc", 10), ("LLP", 5)]
        case .de: [("GmbH", 65), ("AG", 10), ("GmbH & Co. KG", 15), ("e.K.", 5), ("KG", 5)]
        case .nl: [("B.V.", 85), ("N.V.", 10), ("V.O.F.", 5)]
        case .us: [("Inc.", 45), ("LLC", 35), ("Corp.", 15), ("Co.", 5)]
        case .fr: [("SARL", 35), ("S.A.", 20), ("SAS", 40), ("EURL", 5)]
        case .es: [("S.L.", 70), ("S.A.", 30)]
        case .it: [("S.r.l.", 70), ("S.p.A.", 30)]
        case .se: [("AB", 100)]
        }
    }

    /// What Sales users type in address1_country for the country.
    var salesNames: [String] { Self.tableSalesNames[rawValue] }
    private static let tableSalesNames = allCases.map(\.allSalesNames)
    private var allSalesNames: [String] {
        switch self {
        case .gb: ["United Kingdom", "UK", "GB", "Great Britain", "England", "U.K."]
        case .de: ["Germany", "Deutschland", "DE", "GERMANY"]
        case .nl: ["Netherlands", "The Netherlands", "NL", "Holland", "Nederland"]
        case .us: ["United States", "USA", "US", "United States of America", "U.S.A."]
        case .fr: ["France", "FR", "FRANCE"]
        case .es: ["Spain", "España", "ES", "Espana"]
        case .it: ["Italy", "Italia", "IT"]
        case .se: ["Sweden", "Sverige", "SE"]
        }
    }

    /// The country calling code, without `+`.
    var callingCode: String {
        switch self {
        case .gb: "44"
        case .de: "49"
        case .nl: "31"
        case .us: "1"
        case .fr: "33"
        case .es: "34"
        case .it: "39"
        case .se: "46"
        }
    }

    /// What a number written nationally starts with (nothing in the United States, Spain and Italy).
    var trunkPrefix: String {
        switch self {
        case .us, .es, .it: ""
        default: "0"
        }
    }

    /// The top-level domain of the country's companies.
    var topLevelDomain: String {
        switch self {
        case .gb: "co.uk"
        case .de: "de"
        case .nl: "nl"
        case .us: "com"
        case .fr: "fr"
        case .es: "es"
        case .it: "it"
        case .se: "se"
        }
    }

    /// Whether the house number comes before the street (`12 High Street`) rather than after (`Hauptstraße 12`).
    var numberFirst: Bool {
        switch self {
        case .gb, .us, .fr: true
        default: false
        }
    }

    /// Whether a comma separates the street from a number after it (`Via Roma, 12`).
    var commaBeforeNumber: Bool { self == .es || self == .it }

    /// Whether the country's companies have VAT numbers (EU members and the United Kingdom).
    var hasVAT: Bool { self != .us }

    /// Generic e-mail local parts (`info`, `kontakt`).
    var mailboxes: [String] { Self.tableMailboxes[rawValue] }
    private static let tableMailboxes = allCases.map(\.allMailboxes)
    private var allMailboxes: [String] {
        switch self {
        case .gb: ["info", "sales", "enquiries", "contact", "hello", "office", "accounts"]
        case .us: ["info", "sales", "contact", "hello", "office", "orders"]
        case .de: ["info", "kontakt", "vertrieb", "office", "service"]
        case .nl: ["info", "verkoop", "contact", "service"]
        case .fr: ["contact", "info", "commercial", "accueil"]
        case .es: ["info", "contacto", "ventas", "administracion"]
        case .it: ["info", "commerciale", "contatti", "amministrazione"]
        case .se: ["info", "kontakt", "order", "kundtjanst"]
        }
    }

    /// What a first address line says when the street is on the second (a building, a floor).
    var buildings: [String] { Self.tableBuildings[rawValue] }
    private static let tableBuildings = allCases.map(\.allBuildings)
    private var allBuildings: [String] {
        switch self {
        case .gb: ["Unit 4", "Suite 2", "First Floor", "Building B", "The Old Mill", "Riverside House"]
        case .us: ["Suite 200", "Suite 1450", "Building 3", "Floor 12", "Unit C"]
        case .de: ["Gebäude B", "2. OG", "Haus 3", "Hinterhaus", "Halle 4"]
        case .nl: ["2e verdieping", "Gebouw A", "Unit 12"]
        case .fr: ["Bâtiment A", "2e étage", "ZI Nord", "Immeuble Le Central"]
        case .es: ["2º piso", "Nave 4", "Edificio B"]
        case .it: ["Scala B", "Piano 2", "Capannone 3"]
        case .se: ["Plan 3", "Hus B", "Port 2"]
        }
    }

    /// The kinds of street, the most usual first.
    var streetKinds: [SampleUnkeyedStreet.Kind] { Self.tableStreetKinds[rawValue] }
    private static let tableStreetKinds = allCases.map(\.allStreetKinds)
    private var allStreetKinds: [SampleUnkeyedStreet.Kind] {
        typealias Kind = SampleUnkeyedStreet.Kind
        switch self {
        case .gb:
            return [
                Kind(full: "Street", short: ["St", "St."]), Kind(full: "Road", short: ["Rd", "Rd."]), Kind(full: "Lane", short: ["Ln"]),
                Kind(full: "Avenue", short: ["Ave", "Av."]), Kind(full: "Drive", short: ["Dr"]), Kind(full: "Close", short: ["Cl"]),
                Kind(full: "Place", short: ["Pl"]), Kind(full: "Crescent", short: ["Cres"]), Kind(full: "Court", short: ["Ct"]),
                Kind(full: "Gardens", short: ["Gdns"]), Kind(full: "Terrace", short: ["Terr"]), Kind(full: "Way", short: []),
            ]
        case .us:
            return [
                Kind(full: "Street", short: ["St", "St."]), Kind(full: "Avenue", short: ["Ave", "Ave."]),
                Kind(full: "Boulevard", short: ["Blvd", "Blvd."]), Kind(full: "Road", short: ["Rd"]), Kind(full: "Drive", short: ["Dr"]),
                Kind(full: "Lane", short: ["Ln"]), Kind(full: "Parkway", short: ["Pkwy"]), Kind(full: "Court", short: ["Ct"]),
                Kind(full: "Place", short: ["Pl"]),
            ]
        case .de:
            return [
                Kind(full: "straße", short: ["strasse", "str."], attached: true), Kind(full: "weg", short: [], attached: true),
                Kind(full: "allee", short: [], attached: true), Kind(full: "platz", short: ["pl."], attached: true),
                Kind(full: "ring", short: [], attached: true), Kind(full: "gasse", short: [], attached: true),
            ]
        case .nl:
            return [
                Kind(full: "straat", short: ["str."], attached: true), Kind(full: "weg", short: [], attached: true),
                Kind(full: "laan", short: ["ln."], attached: true), Kind(full: "plein", short: [], attached: true),
                Kind(full: "gracht", short: ["gr."], attached: true), Kind(full: "singel", short: [], attached: true),
            ]
        case .fr:
            return [
                Kind(full: "rue", short: ["r.", "Rue"], before: true), Kind(full: "avenue", short: ["av.", "ave"], before: true),
                Kind(full: "boulevard", short: ["bd", "boul."], before: true), Kind(full: "place", short: ["pl."], before: true),
                Kind(full: "chemin", short: ["ch."], before: true), Kind(full: "allée", short: ["all.", "allee"], before: true),
                Kind(full: "impasse", short: ["imp."], before: true),
            ]
        case .es:
            return [
                Kind(full: "Calle", short: ["C/", "c/"], before: true), Kind(full: "Avenida", short: ["Avda.", "Av."], before: true),
                Kind(full: "Paseo", short: ["Pº", "P.º"], before: true), Kind(full: "Plaza", short: ["Pza.", "Pl."], before: true),
            ]
        case .it:
            return [
                Kind(full: "Via", short: ["V."], before: true), Kind(full: "Viale", short: ["V.le"], before: true),
                Kind(full: "Piazza", short: ["P.za", "P.zza"], before: true), Kind(full: "Corso", short: ["C.so"], before: true),
            ]
        case .se:
            return [
                Kind(full: "gatan", short: ["g."], attached: true), Kind(full: "vägen", short: ["v.", "vagen"], attached: true),
                Kind(full: "torget", short: [], attached: true), Kind(full: "gränd", short: [], attached: true),
            ]
        }
    }

    /// Street names (for an attached kind, the first part of the word: `Haupt` + `straße`).
    var streetNames: [String] { Self.tableStreetNames[rawValue] }
    private static let tableStreetNames = allCases.map(\.allStreetNames)
    private var allStreetNames: [String] {
        switch self {
        case .gb:
            [
                "High", "Church", "Station", "Victoria", "Park", "Mill", "King", "Queen", "Albert", "George", "London", "Manor", "Green",
                "Chapel", "Bridge", "School", "North", "South", "West", "East", "New", "Castle", "Market", "York", "Windsor",
                "Springfield", "Grange", "Kings", "Queens", "Orchard", "Princes", "St John's", "Cavendish", "Chiltern", "Belmont",
                "Highfield", "Meadow", "Stanley", "Richmond", "Wellington",
            ]
        case .us:
            [
                "Main", "Oak", "Maple", "Washington", "Lake", "Hill", "Pine", "Elm", "Cedar", "Park", "Market", "Mission", "Lincoln",
                "Jefferson", "Madison", "Franklin", "Sunset", "Ridge", "Highland", "Spring", "Walnut", "Chestnut", "River", "Center",
                "Union", "Church", "1st", "2nd", "3rd", "5th", "Grand", "Broad", "Water", "Cherry", "Willow", "Sycamore", "Peachtree",
            ]
        case .de:
            [
                "Haupt", "Bahnhof", "Schiller", "Goethe", "Garten", "Kirch", "Linden", "Mozart", "Wald", "Rosen", "Birken", "Eichen",
                "Berg", "Schul", "Markt", "Industrie", "Post", "Friedrich-Ebert-", "Dorf", "Mühlen", "Sonnen", "Feld", "Wiesen", "Tal",
                "Brunnen", "Kastanien", "Ahorn", "Buchen", "Tannen", "Uhland", "Beethoven", "Bismarck", "Kaiser", "König", "Luisen",
                "Wilhelm", "Bürger", "Lessing", "Gutenberg", "Hölderlin",
            ]
        case .nl:
            [
                "Kerk", "Molen", "Dorps", "School", "Stations", "Prinsen", "Keizers", "Heren", "Hoofd", "Nieuwe", "Markt", "Brug", "Haven",
                "Linden", "Eiken", "Beuken", "Wilhelmina", "Juliana", "Beatrix", "Oranje", "Parallel", "Zuid", "Noord", "Oost", "West",
                "Industrie", "Tuin", "Akker", "Zee", "Rijn",
            ]
        case .fr:
            [
                "de la République", "Victor Hugo", "du Général de Gaulle", "Jean Jaurès", "de la Paix", "Pasteur", "des Écoles",
                "Saint-Michel", "de l'Église", "Gambetta", "Émile Zola", "du Maréchal Foch", "de la Gare", "du Château", "des Lilas",
                "Voltaire", "Carnot", "de Verdun", "Nationale", "Thiers", "Sainte-Catherine", "de Lyon", "de Paris", "des Champs",
                "du Moulin", "de la Libération", "Jules Ferry", "Molière", "des Acacias", "du Stade",
            ]
        case .es:
            [
                "Mayor", "Gran Vía", "de Alcalá", "Serrano", "del Sol", "de la Constitución", "de España", "Real", "Nueva", "San Martín",
                "de Cervantes", "del Prado", "de Colón", "Diagonal", "de Andalucía", "de la Paz", "de Goya", "de Velázquez", "del Carmen",
                "de los Reyes Católicos",
            ]
        case .it:
            [
                "Roma", "Garibaldi", "Giuseppe Verdi", "Dante Alighieri", "Cavour", "Mazzini", "della Libertà", "Vittorio Emanuele II",
                "XX Settembre", "Nazionale", "del Corso", "San Francesco", "Matteotti", "Marconi", "dei Mille", "della Repubblica",
                "Manzoni", "Gramsci", "Leopardi", "Trieste",
            ]
        case .se:
            [
                "Drottning", "Kungs", "Stor", "Sve", "Hamn", "Kyrko", "Skol", "Öster", "Väster", "Norr", "Söder", "Sjö", "Ängs", "Björk",
                "Ek", "Lind", "Vasa", "Birger Jarls", "Strand", "Industri",
            ]
        }
    }

    /// The country's cities: name, other spellings, postcode prefixes, dialling code.
    var cities: [City] { Self.tableCities[rawValue] }
    private static let tableCities = allCases.map(\.allCities)
    private var allCities: [City] {
        switch self {
        case .gb:
            [
                City(
                    name: "London", alternatives: ["LONDON"], postcodePrefixes: ["SW", "EC", "W", "N", "E", "SE", "NW", "WC"], area: "20"),
                City(name: "Manchester", alternatives: [], postcodePrefixes: ["M"], area: "161"),
                City(name: "Birmingham", alternatives: [], postcodePrefixes: ["B"], area: "121"),
                City(name: "Leeds", alternatives: [], postcodePrefixes: ["LS"], area: "113"),
                City(name: "Glasgow", alternatives: [], postcodePrefixes: ["G"], area: "141"),
                City(name: "Edinburgh", alternatives: [], postcodePrefixes: ["EH"], area: "131"),
                City(name: "Bristol", alternatives: [], postcodePrefixes: ["BS"], area: "117"),
                City(name: "Cambridge", alternatives: [], postcodePrefixes: ["CB"], area: "1223"),
                City(name: "Oxford", alternatives: [], postcodePrefixes: ["OX"], area: "1865"),
                City(name: "Liverpool", alternatives: [], postcodePrefixes: ["L"], area: "151"),
                City(name: "Sheffield", alternatives: [], postcodePrefixes: ["S"], area: "114"),
                City(name: "Newcastle upon Tyne", alternatives: ["Newcastle"], postcodePrefixes: ["NE"], area: "191"),
                City(name: "Cardiff", alternatives: ["Caerdydd"], postcodePrefixes: ["CF"], area: "29"),
                City(name: "Belfast", alternatives: [], postcodePrefixes: ["BT"], area: "28"),
                City(name: "Nottingham", alternatives: [], postcodePrefixes: ["NG"], area: "115"),
                City(name: "Leicester", alternatives: [], postcodePrefixes: ["LE"], area: "116"),
            ]
        case .de:
            [
                City(name: "Berlin", alternatives: [], postcodePrefixes: ["10", "12", "13"], area: "30"),
                City(name: "Hamburg", alternatives: [], postcodePrefixes: ["20", "22"], area: "40"),
                City(name: "München", alternatives: ["Munich", "Muenchen", "Munchen"], postcodePrefixes: ["80", "81"], area: "89"),
                City(name: "Köln", alternatives: ["Cologne", "Koeln", "Koln"], postcodePrefixes: ["50", "51"], area: "221"),
                City(name: "Frankfurt am Main", alternatives: ["Frankfurt", "Frankfurt a. M."], postcodePrefixes: ["60"], area: "69"),
                City(name: "Stuttgart", alternatives: [], postcodePrefixes: ["70"], area: "711"),
                City(name: "Düsseldorf", alternatives: ["Duesseldorf", "Dusseldorf"], postcodePrefixes: ["40"], area: "211"),
                City(name: "Leipzig", alternatives: [], postcodePrefixes: ["04"], area: "341"),
                City(name: "Dortmund", alternatives: [], postcodePrefixes: ["44"], area: "231"),
                City(name: "Essen", alternatives: [], postcodePrefixes: ["45"], area: "201"),
                City(name: "Bremen", alternatives: [], postcodePrefixes: ["28"], area: "421"),
                City(name: "Dresden", alternatives: [], postcodePrefixes: ["01"], area: "351"),
                City(name: "Hannover", alternatives: ["Hanover"], postcodePrefixes: ["30"], area: "511"),
                City(name: "Nürnberg", alternatives: ["Nuremberg", "Nuernberg"], postcodePrefixes: ["90"], area: "911"),
            ]
        case .nl:
            [
                City(name: "Amsterdam", alternatives: [], postcodePrefixes: ["10"], area: "20"),
                City(name: "Rotterdam", alternatives: [], postcodePrefixes: ["30"], area: "10"),
                City(name: "Den Haag", alternatives: ["'s-Gravenhage", "The Hague"], postcodePrefixes: ["25"], area: "70"),
                City(name: "Utrecht", alternatives: [], postcodePrefixes: ["35"], area: "30"),
                City(name: "Eindhoven", alternatives: [], postcodePrefixes: ["56"], area: "40"),
                City(name: "Groningen", alternatives: [], postcodePrefixes: ["97"], area: "50"),
                City(name: "Tilburg", alternatives: [], postcodePrefixes: ["50"], area: "13"),
                City(name: "Almere", alternatives: [], postcodePrefixes: ["13"], area: "36"),
                City(name: "Breda", alternatives: [], postcodePrefixes: ["48"], area: "76"),
                City(name: "Nijmegen", alternatives: [], postcodePrefixes: ["65"], area: "24"),
            ]
        case .us:
            [
                City(name: "New York", alternatives: ["New York City", "NYC"], postcodePrefixes: ["100"], area: "212"),
                City(name: "San Francisco", alternatives: ["SF"], postcodePrefixes: ["941"], area: "415"),
                City(name: "Chicago", alternatives: [], postcodePrefixes: ["606"], area: "312"),
                City(name: "Boston", alternatives: [], postcodePrefixes: ["021"], area: "617"),
                City(name: "Seattle", alternatives: [], postcodePrefixes: ["981"], area: "206"),
                City(name: "Austin", alternatives: [], postcodePrefixes: ["787"], area: "512"),
                City(name: "Denver", alternatives: [], postcodePrefixes: ["802"], area: "303"),
                City(name: "Atlanta", alternatives: [], postcodePrefixes: ["303"], area: "404"),
                City(name: "Los Angeles", alternatives: ["LA"], postcodePrefixes: ["900"], area: "213"),
                City(name: "Miami", alternatives: [], postcodePrefixes: ["331"], area: "305"),
                City(name: "Dallas", alternatives: [], postcodePrefixes: ["752"], area: "214"),
                City(name: "Phoenix", alternatives: [], postcodePrefixes: ["850"], area: "602"),
            ]
        case .fr:
            [
                City(name: "Paris", alternatives: ["PARIS"], postcodePrefixes: ["750"], area: "1"),
                City(name: "Lyon", alternatives: ["Lyons"], postcodePrefixes: ["690"], area: "4"),
                City(name: "Marseille", alternatives: ["Marseilles"], postcodePrefixes: ["130"], area: "4"),
                City(name: "Toulouse", alternatives: [], postcodePrefixes: ["310"], area: "5"),
                City(name: "Nice", alternatives: [], postcodePrefixes: ["060"], area: "4"),
                City(name: "Nantes", alternatives: [], postcodePrefixes: ["440"], area: "2"),
                City(name: "Strasbourg", alternatives: [], postcodePrefixes: ["670"], area: "3"),
                City(name: "Bordeaux", alternatives: [], postcodePrefixes: ["330"], area: "5"),
                City(name: "Lille", alternatives: [], postcodePrefixes: ["590"], area: "3"),
                City(name: "Orléans", alternatives: ["Orleans"], postcodePrefixes: ["450"], area: "2"),
                City(name: "Besançon", alternatives: ["Besancon"], postcodePrefixes: ["250"], area: "3"),
                City(name: "Saint-Étienne", alternatives: ["Saint-Etienne", "St-Étienne"], postcodePrefixes: ["420"], area: "4"),
            ]
        case .es:
            [
                City(name: "Madrid", alternatives: [], postcodePrefixes: ["280"], area: "91"),
                City(name: "Barcelona", alternatives: [], postcodePrefixes: ["080"], area: "93"),
                City(name: "Valencia", alternatives: ["València"], postcodePrefixes: ["460"], area: "96"),
                City(name: "Sevilla", alternatives: ["Seville"], postcodePrefixes: ["410"], area: "954"),
                City(name: "Zaragoza", alternatives: ["Saragossa"], postcodePrefixes: ["500"], area: "976"),
                City(name: "Málaga", alternatives: ["Malaga"], postcodePrefixes: ["290"], area: "952"),
                City(name: "Bilbao", alternatives: ["Bilbo"], postcodePrefixes: ["480"], area: "94"),
                City(name: "A Coruña", alternatives: ["La Coruña", "A Coruna"], postcodePrefixes: ["150"], area: "981"),
            ]
        case .it:
            [
                City(name: "Roma", alternatives: ["Rome"], postcodePrefixes: ["001"], area: "06"),
                City(name: "Milano", alternatives: ["Milan"], postcodePrefixes: ["201"], area: "02"),
                City(name: "Napoli", alternatives: ["Naples"], postcodePrefixes: ["801"], area: "081"),
                City(name: "Torino", alternatives: ["Turin"], postcodePrefixes: ["101"], area: "011"),
                City(name: "Firenze", alternatives: ["Florence"], postcodePrefixes: ["501"], area: "055"),
                City(name: "Bologna", alternatives: [], postcodePrefixes: ["401"], area: "051"),
                City(name: "Genova", alternatives: ["Genoa"], postcodePrefixes: ["161"], area: "010"),
                City(name: "Venezia", alternatives: ["Venice"], postcodePrefixes: ["301"], area: "041"),
            ]
        case .se:
            [
                City(name: "Stockholm", alternatives: [], postcodePrefixes: ["11", "12"], area: "8"),
                City(name: "Göteborg", alternatives: ["Gothenburg", "Goteborg"], postcodePrefixes: ["41"], area: "31"),
                City(name: "Malmö", alternatives: ["Malmo"], postcodePrefixes: ["21"], area: "40"),
                City(name: "Uppsala", alternatives: [], postcodePrefixes: ["75"], area: "18"),
                City(name: "Västerås", alternatives: ["Vasteras"], postcodePrefixes: ["72"], area: "21"),
                City(name: "Örebro", alternatives: ["Orebro"], postcodePrefixes: ["70"], area: "19"),
                City(name: "Linköping", alternatives: ["Linkoping"], postcodePrefixes: ["58"], area: "13"),
            ]
        }
    }

    /// A postcode in `city`, as the country writes it (`SW1A 1AA`, `80331`, `1012 AB`, `114 55`).
    func postcode(in city: City, _ random: inout SampleRandom) -> String {
        let prefix = random.pick(city.postcodePrefixes)
        func letters(_ count: Int, from alphabet: String) -> String {
            let characters = Array(alphabet)
            return String((0..<count).map { _ in random.pick(characters) })
        }
        switch self {
        case .gb:
            var outward = prefix + String(random.int(1...(prefix.count == 1 ? 20 : 9)))
            if prefix.count <= 2 && ["SW", "EC", "W", "WC", "E", "N"].contains(prefix) && random.chance(25) {
                outward += letters(1, from: "ABCDEHJKMNPRVWXY")
            }
            return outward + " " + String(random.int(0...9)) + letters(2, from: "ABDEFGHJLNPQRSTUWXYZ")
        case .nl:
            return prefix + random.digits(2) + " " + letters(2, from: "ABCEGHJKLMNPRTVWXZ")
        case .se:
            let digits = prefix + random.digits(5 - prefix.count)
            return String(digits.prefix(3)) + " " + String(digits.suffix(2))
        case .fr where prefix == "750":
            return "750" + SampleUnkeyedText.padded(random.int(1...20), width: 2)
        case .fr:
            return prefix + random.pick(["00", "00", "10", "20", "30", "40", "50"])
        default:
            return prefix + random.digits(5 - prefix.count)
        }
    }

    /// A VAT number (`GB123456789`, `DE123456789`, `NL123456789B01`, `FR12345678901`), unique through `digits`
    /// (nine digits no other organisation has); in the United States an employer identification number.
    func vatNumber(digits: String, _ random: inout SampleRandom) -> String {
        switch self {
        case .gb: "GB" + digits
        case .de: "DE" + digits
        case .nl: "NL" + digits + "B" + random.pick(["01", "01", "01", "02"])
        case .fr: "FR" + random.digits(2) + digits
        case .es: "ES" + random.pick(["A", "B", "B", "B"]) + String(digits.suffix(8))
        case .it: "IT" + random.digits(2) + digits
        case .se: "SE" + String(random.int(1...9)) + digits + "01"
        case .us: String(digits.prefix(2)) + "-" + String(digits.suffix(7))
        }
    }
}
