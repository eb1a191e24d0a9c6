/// The word lists the unkeyed pair's names are made of: company name words (a few hundred of each kind, so that a
/// million companies have mostly distinct names, as real ones do, yet share common words), industries, the very
/// common words many companies carry, surnames and first names per country (with their accents), and product words.
enum SampleUnkeyedNames {
    /// First words of company names: colours, places, nature, virtues.
    static let leading = [
        "Blue", "Red", "Green", "Silver", "Golden", "Black", "White", "Grey", "Amber", "Azure", "Crimson", "Emerald", "Ivory", "Scarlet",
        "Cobalt", "Copper", "Iron", "Steel", "Stone", "Granite", "Marble", "Crystal", "Diamond", "Pearl", "Ruby", "Sapphire", "Jade",
        "Onyx", "North", "South", "East", "West", "Northern", "Southern", "Eastern", "Western", "Central", "Coastal", "Alpine",
        "Atlantic", "Pacific", "Nordic", "Baltic", "Celtic", "Royal", "Imperial", "Noble", "Prime", "Premier", "Pioneer", "Summit",
        "Apex", "Zenith", "Vertex", "Horizon", "Meridian", "Orbit", "Polar", "Solar", "Lunar", "Stellar", "Nova", "Astra", "Vector",
        "Quantum", "Fusion", "Matrix", "Nexus", "Vista", "Crest", "Ridge", "Valley", "River", "Lake", "Harbor", "Harbour", "Bay",
        "Cape", "Island", "Forest", "Oak", "Maple", "Cedar", "Pine", "Willow", "Birch", "Elm", "Aspen", "Cypress", "Laurel", "Ivy",
        "Rose", "Lotus", "Orchid", "Thistle", "Heather", "Falcon", "Eagle", "Hawk", "Raven", "Phoenix", "Griffin", "Lion", "Tiger",
        "Wolf", "Fox", "Bear", "Stag", "Swan", "Dolphin", "Osprey", "Kestrel", "Heron", "Bright", "Swift", "Rapid", "Bold", "Brave",
        "True", "Clear", "Pure", "Fresh", "Smart", "Wise", "Keen", "Agile", "Nimble", "Solid", "Sterling", "Liberty", "Unity",
        "Harmony", "Trinity", "Victory", "Legacy", "Heritage", "Frontier", "Pinnacle", "Keystone", "Cornerstone", "Landmark",
        "Beacon", "Lighthouse", "Anchor", "Compass", "Voyager", "Mariner", "Navigator", "Ranger", "Highland", "Lowland", "Moorland",
        "Meadow", "Orchard", "Harvest", "Spring", "Summer", "Autumn", "Winter", "Evergreen", "Greenfield", "Brookfield", "Fairfield",
        "Westfield", "Northgate", "Southgate", "Eastgate", "Kingsgate", "Queensway", "Riverside", "Lakeside", "Hillside", "Seaside",
        "Bayside", "Parkside", "Oakwood", "Elmwood", "Redwood", "Blackwood", "Ashford", "Bradford", "Stratford", "Milford", "Thornton",
        "Kingston", "Preston", "Clifton", "Ashton", "Hampton", "Camden", "Windsor", "Chelsea", "Mayfair", "Tudor", "Victoria", "Albion",
        "Britannia", "Caledonia", "Avalon", "Camelot", "Atlas", "Titan", "Orion", "Pegasus", "Hermes", "Apollo", "Athena", "Minerva",
        "Juno", "Mercury", "Neptune", "Jupiter", "Saturn", "Vulcan", "Aurora", "Zephyr", "Boreal", "Tundra", "Delta", "Sigma", "Omega",
        "Alpha", "Gamma", "Kappa", "Lambda", "Contoso", "Fabrikam", "Litware", "Adatum", "Tailspin", "Wingtip", "Woodgrove",
        "Northwind", "Proseware", "Lucerne", "Fourth Coffee", "Alpine Ski", "Coho", "Wide World", "Trey", "Humongous", "Graphic",
        "Margie's", "Consolidated", "Lamna", "Relecloud", "Munson's", "Bellows", "Datum", "First Up", "Southridge", "Tasmanian",
    ]

    /// Second words of company names: things and places.
    static let following = [
        "Yonder", "Ridge", "Peak", "Bridge", "Stone", "Field", "Gate", "Point", "Way", "Line", "Path", "Star", "Wave", "Wind", "Wing",
        "Light", "Spark", "Flame", "Fire", "Frost", "Cloud", "Sky", "Sun", "Moon", "Tide", "Stream", "Brook", "Falls", "Rock", "Hill",
        "Mountain", "Dale", "Glen", "Wood", "Grove", "Park", "Garden", "Works", "Mill", "Forge", "Foundry", "Yard", "Dock", "Port",
        "Haven", "Shore", "Coast", "Sound", "Crown", "Shield", "Arrow", "Sword", "Lance", "Tower", "Castle", "Hall", "House", "Lodge",
        "Court", "Square", "Circle", "Cross", "Key", "Lock", "Link", "Chain", "Thread", "Loom", "Weave", "Craft", "Hand", "Mark",
        "Sign", "Print", "Scale", "Balance", "Measure", "Signal", "Pulse", "Beat", "Rhythm", "Note", "Chord", "Echo", "Trail", "Track",
        "Road", "Route", "Lane", "Quay", "Wharf", "Sail", "Mast", "Keel", "Helm", "Rudder", "Lantern", "Torch", "Prism", "Lens",
        "Mirror", "Glass", "Gem", "Jewel", "Leaf", "Root", "Seed", "Branch", "Bloom", "Petal", "Thorn", "Vine", "Acre", "Furrow",
        "Plough", "Anvil", "Hammer", "Bolt", "Rivet", "Gear", "Wheel", "Axle", "Spoke", "Engine", "Motor", "Dynamo", "Circuit", "Grid",
        "Node", "Core", "Hub", "Nest", "Den", "Hive", "Burrow", "Summit", "Vale", "Crest", "Bay", "Harbour", "Meadow", "Orchard",
        "Beacon", "Anchor", "Compass", "Horizon", "Frontier", "Island", "Lake", "River", "Forest", "Valley", "Canyon", "Mesa", "Prairie",
    ]

    /// The two halves of one-word names such as `Northwind` or `Bluestone`.
    static let compoundHeads = [
        "North", "South", "East", "West", "Blue", "Red", "Green", "Silver", "Gold", "Black", "White", "Oak", "Elm", "Ash", "Stone",
        "Iron", "Brook", "Fair", "High", "Long", "Wide", "Deep", "Bright", "Sun", "Moon", "Star", "Sea", "Lake", "River", "Wood",
        "Rock", "Glen", "Red", "Clear", "Swift", "King", "Queen", "Old", "New", "Mill",
    ]
    static let compoundTails = [
        "wind", "stone", "field", "gate", "wood", "brook", "bridge", "ford", "haven", "point", "view", "line", "way", "side", "crest",
        "ridge", "vale", "mere", "wick", "ton", "bury", "dale", "well", "moor", "water", "light", "star", "wave", "path", "land",
        "port", "works", "grove", "hurst", "combe", "leigh", "stead", "worth", "holm", "shaw",
    ]

    /// Industries and trades: the last word (or two) of most company names.
    static let industries = [
        "Traders", "Trading", "Airlines", "Logistics", "Freight", "Shipping", "Transport", "Haulage", "Couriers", "Consulting",
        "Consultants", "Advisors", "Associates", "Engineering", "Engineers", "Construction", "Builders", "Contractors", "Developments",
        "Properties", "Estates", "Realty", "Foods", "Food Company", "Bakery", "Brewing", "Brewery", "Distillery", "Vineyards", "Farms",
        "Dairies", "Organics", "Pharma", "Pharmaceuticals", "Biotech", "Labs", "Laboratories", "Diagnostics", "Medical", "Healthcare",
        "Health", "Dental", "Clinics", "Textiles", "Fabrics", "Apparel", "Fashion", "Footwear", "Furniture", "Interiors", "Design",
        "Studios", "Media", "Publishing", "Press", "Printing", "Graphics", "Marketing", "Advertising", "Communications", "Telecom",
        "Networks", "Software", "Technologies", "Tech", "Digital", "Data", "Analytics", "Computing", "Electronics", "Electrical",
        "Instruments", "Controls", "Automation", "Robotics", "Machinery", "Machine Tools", "Tools", "Hardware", "Metals", "Steelworks",
        "Plastics", "Chemicals", "Coatings", "Paints", "Packaging", "Paper", "Timber", "Lumber", "Glassworks", "Ceramics", "Energy",
        "Power", "Solar", "Wind Power", "Utilities", "Water", "Environmental", "Recycling", "Waste Management", "Motors", "Automotive",
        "Aviation", "Aerospace", "Marine", "Yachts", "Rail", "Cargo", "Supplies", "Supply", "Wholesale", "Distribution", "Distributors",
        "Imports", "Exports", "Outfitters", "Retail", "Stores", "Markets", "Hotels", "Hospitality", "Travel", "Tours", "Leisure",
        "Sports", "Fitness", "Games", "Toys", "Security", "Facilities", "Cleaning", "Maintenance", "Installations", "Plumbing",
        "Heating", "Roofing", "Landscaping", "Insurance", "Finance", "Capital", "Investments", "Ventures", "Accounting", "Legal",
        "Recruitment", "Staffing", "Training", "Education", "Academy", "Research", "Innovations", "Manufacturing", "Products",
        "Components", "Parts", "Equipment", "Coffee", "Tea Company", "Winery", "Bikes", "Optics", "Audio", "Lighting", "Robotics Labs",
    ]

    /// Words a great many company names carry, which say nothing about which company it is.
    static let common = [
        "Global", "Services", "Solutions", "Group", "International", "Holdings", "Enterprises", "Systems", "Company", "Worldwide",
        "Partners", "Industries",
    ]

    /// Words that make a sibling company of a name: `Harper & Sons` → `Harper & Sons Holdings`.
    static let siblingWords = [
        "Holdings", "International", "Group", "Services", "Europe", "Trading", "Logistics", "Properties", "Finance", "Retail",
        "Solutions", "Capital", "Industries", "Technologies", "North", "South",
    ]

    /// Family-business endings after a surname, per country (`&` is written as such; some are written with `and`).
    static func familyEndings(_ country: SampleUnkeyedCountry) -> [String] { tableFamilyEndings[country.rawValue] }
    private static let tableFamilyEndings = SampleUnkeyedCountry.allCases.map(allFamilyEndings)
    private static func allFamilyEndings(_ country: SampleUnkeyedCountry) -> [String] {
        switch country {
        case .gb, .us: ["& Sons", "& Co", "Brothers", "& Partners", "& Associates", "& Daughters", "and Sons", "Group"]
        case .de: ["& Söhne", "& Partner", "& Co", "Gebrüder"]
        case .nl: ["& Zonen", "& Partners", "& Co"]
        case .fr: ["& Fils", "Frères", "& Associés", "& Cie"]
        case .es: ["e Hijos", "Hermanos", "& Asociados"]
        case .it: ["& Figli", "Fratelli", "& Associati", "& C."]
        case .se: ["& Söner", "Bröderna", "& Partners"]
        }
    }

    /// A country's own trades, around a surname: `Bäckerei {}`, `{} Maschinenbau` (`{}` is where the surname goes).
    static func localTrades(_ country: SampleUnkeyedCountry) -> [String] { tableLocalTrades[country.rawValue] }
    private static let tableLocalTrades = SampleUnkeyedCountry.allCases.map(allLocalTrades)
    private static func allLocalTrades(_ country: SampleUnkeyedCountry) -> [String] {
        switch country {
        case .gb: ["{} Joinery", "{} Builders Merchants", "{} Haulage", "{} Motor Company", "{} Bakers", "{} Printers"]
        case .us: ["{} Hardware", "{} Trucking", "{} Lumber Company", "{} Auto Parts", "{} Roofing", "{} Realty"]
        case .de:
            [
                "{} Maschinenbau", "{} Bau", "{} Logistik", "{} Elektrotechnik", "{} Metallbau", "Bäckerei {}", "Autohaus {}", "{} Holzbau",
                "{} Möbelwerkstätten", "{} Gartenbau", "Druckerei {}", "{} Straßenbau", "{} Sanitär- und Heizungstechnik",
                "{} Kältetechnik",
            ]
        case .nl:
            [
                "{} Bouw", "{} Installatietechniek", "Bouwbedrijf {}", "{} Transport", "{} Techniek", "Handelsonderneming {}", "{} Bloemen",
                "Kaashandel {}", "Schildersbedrijf {}", "{} Metaalbewerking",
            ]
        case .fr:
            [
                "Société {}", "Établissements {}", "Boulangerie {}", "Transports {}", "Menuiserie {}", "Électricité {}", "Imprimerie {}",
                "Garage {}", "Maçonnerie {}", "Pâtisserie {}", "Bâtiment {}",
            ]
        case .es:
            [
                "Construcciones {}", "Distribuciones {}", "Transportes {}", "Talleres {}", "Muebles {}", "Bodegas {}", "Panadería {}",
                "Electricidad {}", "Reformas {}",
            ]
        case .it:
            [
                "{} Costruzioni", "Trasporti {}", "Officine {}", "Mobili {}", "Cantina {}", "Pasticceria {}", "Impianti {}", "{} Meccanica",
                "Tipografia {}",
            ]
        case .se: ["{} Bygg", "{}s Åkeri", "{} Konsult", "{} Elektriska", "{} Fastigheter", "{} Verkstad", "{}s Måleri", "{} Snickeri"]
        }
    }

    /// Surnames per country.
    static func surnames(_ country: SampleUnkeyedCountry) -> [String] { tableSurnames[country.rawValue] }
    private static let tableSurnames = SampleUnkeyedCountry.allCases.map(allSurnames)
    private static func allSurnames(_ country: SampleUnkeyedCountry) -> [String] {
        switch country {
        case .gb:
            [
                "Harper", "Smith", "Jones", "Taylor", "Brown", "Williams", "Wilson", "Davies", "Robinson", "Wright", "Thompson", "Evans",
                "Walker", "Hall", "Wood", "Jackson", "Clarke", "Hughes", "Edwards", "Turner", "Hill", "Moore", "Cooper", "Ward", "Morris",
                "King", "Baker", "Harris", "Lewis", "Young", "Allen", "Mitchell", "Carter", "Phillips", "Parker", "Bennett", "Fletcher",
                "Sutton", "Barker", "Hudson", "Fisher", "Mason", "Palmer", "Holmes", "Lawson", "Pearce", "Marshall", "Gibson", "Hunter",
                "Ellis", "Webb", "Spencer", "Knight", "Murray", "Armstrong", "Hawkins", "Griffiths", "Lloyd", "Chapman", "Ashworth",
                "Whitfield", "O'Brien", "O'Connor", "O'Neill", "McCarthy", "Murphy", "Kelly", "Walsh", "Byrne", "Ó Súilleabháin",
                "MacDonald", "McKenzie", "Campbell", "Stewart", "Fraser", "Ní Bhriain", "Ó Ceallaigh", "Pritchard", "Llewellyn", "Vaughan",
            ]
        case .us:
            [
                "Anderson", "Miller", "Davis", "Garcia", "Rodriguez", "Martinez", "Hernandez", "Lopez", "Gonzalez", "Wilson", "Thomas",
                "Moore", "Jackson", "Martin", "Lee", "Perez", "Thompson", "White", "Harris", "Sanchez", "Clark", "Ramirez", "Lewis",
                "Robinson", "Walker", "Young", "Allen", "King", "Wright", "Scott", "Torres", "Nguyen", "Hill", "Flores", "Green", "Adams",
                "Nelson", "Baker", "Hall", "Rivera", "Campbell", "Mitchell", "Carter", "Roberts", "Kowalski", "Nowak", "Schmidt",
                "O'Sullivan", "Peña", "Ibáñez", "Cohen", "Kim", "Patel", "Chen", "Washington", "Brooks", "Sullivan", "Foster", "Bryant",
            ]
        case .de:
            [
                "Müller", "Schmidt", "Schneider", "Fischer", "Weber", "Meyer", "Wagner", "Becker", "Schulz", "Hoffmann", "Schäfer", "Koch",
                "Bauer", "Richter", "Klein", "Wolf", "Schröder", "Neumann", "Schwarz", "Zimmermann", "Braun", "Krüger", "Hofmann",
                "Hartmann", "Lange", "Schmitt", "Werner", "Krause", "Lehmann", "Köhler", "Jäger", "Groß", "Vogel", "Günther", "Böhm",
                "Weiß", "Fuchs", "Kühn", "Huber", "Baumann", "Dürr", "Förster", "Heß", "Ländle", "Möller", "Sauer", "Vöhringer",
            ]
        case .nl:
            [
                "de Jong", "Jansen", "de Vries", "van den Berg", "van Dijk", "Bakker", "Janssen", "Visser", "Smit", "Meijer", "de Boer",
                "Mulder", "de Groot", "Bos", "Vos", "Peters", "Hendriks", "van Leeuwen", "Dekker", "Brouwer", "de Wit", "Dijkstra",
                "Smits", "de Graaf", "van der Meer", "van der Linden", "Kok", "Jacobs", "de Haan", "Vermeulen", "Hoekstra", "Koster",
                "van Beek", "Maas", "Verhoeven", "Schouten", "Willems", "Prins", "Blom", "Huisman", "van Vliet", "Kuipers", "Veenstra",
                "Kramer", "van den Broek", "de Bruijn", "Postma", "Timmermans", "Groen", "Sanders", "Verbeek", "Lammers", "van der Veen",
                "Wolters", "Hermans", "Schipper", "van Wijk", "Gerritsen", "Martens", "Evers", "Bosman", "Brinkman", "Hoogland",
            ]
        case .fr:
            [
                "Martin", "Bernard", "Dubois", "Thomas", "Robert", "Richard", "Petit", "Durand", "Leroy", "Moreau", "Simon", "Laurent",
                "Lefèvre", "Michel", "Garnier", "Faure", "Rousseau", "Blanc", "Guérin", "Muller", "Henry", "Roussel", "Nicolas", "Perrin",
                "Morin", "Mathieu", "Clément", "Gauthier", "Dumont", "Fontaine", "Chevalier", "Robin", "Dupont", "Bérard", "Lemaître",
                "Féraud", "Hébert", "Gérard", "Ménard", "Léger", "Benoît", "Lévêque", "Thébault", "Crépin",
            ]
        case .es:
            [
                "García", "Fernández", "González", "Rodríguez", "López", "Martínez", "Sánchez", "Pérez", "Gómez", "Martín", "Jiménez",
                "Ruiz", "Hernández", "Díaz", "Moreno", "Álvarez", "Muñoz", "Romero", "Alonso", "Gutiérrez", "Navarro", "Torres",
                "Domínguez", "Vázquez", "Ramos", "Gil", "Ramírez", "Serrano", "Blanco", "Suárez", "Castillo", "Ortega", "Rubio", "Núñez",
                "Ibáñez", "Peña", "Echeverría", "Zubizarreta",
            ]
        case .it:
            [
                "Rossi", "Russo", "Ferrari", "Esposito", "Bianchi", "Romano", "Colombo", "Ricci", "Marino", "Greco", "Bruno", "Gallo",
                "Conti", "De Luca", "Mancini", "Costa", "Giordano", "Rizzo", "Lombardi", "Moretti", "Barbieri", "Fontana", "Santoro",
                "Mariani", "Rinaldi", "Caruso", "Ferrara", "Galli", "Martini", "Leone", "Longo", "Gentile", "Martinelli", "Vitale",
                "D'Angelo", "De Santis", "Marchetti", "Parisi", "Fabbri", "Sanna", "Nicolì", "Cantù", "Mazzà",
            ]
        case .se:
            [
                "Andersson", "Johansson", "Karlsson", "Nilsson", "Eriksson", "Larsson", "Olsson", "Persson", "Svensson", "Gustafsson",
                "Pettersson", "Jonsson", "Hansson", "Bengtsson", "Jönsson", "Lindberg", "Jakobsson", "Magnusson", "Lindström", "Lindqvist",
                "Lindgren", "Axelsson", "Bergström", "Lundberg", "Lundgren", "Sjöberg", "Wallin", "Engström", "Eklund", "Håkansson",
                "Björk", "Bergman", "Holm", "Söderberg", "Nyström", "Löfgren", "Mårtensson", "Åberg", "Öberg", "Ström", "Åkesson",
                "Lundqvist", "Forsberg", "Sandberg", "Henriksson", "Danielsson", "Fransson", "Berggren", "Nordström", "Holmberg",
                "Eliasson", "Björklund", "Hermansson", "Sjögren", "Dahlberg", "Öhman", "Lindahl",
            ]
        }
    }

    /// First names per country.
    static func firstNames(_ country: SampleUnkeyedCountry) -> [String] { tableFirstNames[country.rawValue] }
    private static let tableFirstNames = SampleUnkeyedCountry.allCases.map(allFirstNames)
    private static func allFirstNames(_ country: SampleUnkeyedCountry) -> [String] {
        switch country {
        case .gb:
            [
                "Oliver", "George", "Harry", "Jack", "Charlie", "Thomas", "James", "William", "Emily", "Olivia", "Amelia", "Isla", "Sophie",
                "Charlotte", "Grace", "Lucy", "Hannah", "Zoë", "Siobhán", "Niamh", "Seán", "Aoife", "Ciarán", "Róisín", "Eóin", "Rhys",
                "Gareth", "Fiona", "Alistair", "Catriona", "Margaret", "David", "Sarah", "Richard", "Helen", "Peter", "Claire",
            ]
        case .us:
            [
                "Michael", "Jennifer", "David", "Sarah", "Robert", "Jessica", "Daniel", "Ashley", "Matthew", "Emily", "Christopher",
                "Amanda", "Joshua", "Megan", "Andrew", "Lauren", "Ryan", "Rachel", "Brandon", "Nicole", "José", "María", "Zoë", "Renée",
                "André", "Tyler", "Brittany", "Kevin", "Stephanie", "Jason", "Heather", "Justin", "Amber",
            ]
        case .de:
            [
                "Jürgen", "Jörg", "Günter", "Björn", "Sören", "Uwe", "Klaus", "Stefan", "Andreas", "Thomas", "Michael", "Markus", "Sabine",
                "Ursula", "Birgit", "Käthe", "Anja", "Katrin", "Lena", "Lukas", "Jonas", "Felix", "Maximilian", "Sophie", "Marie", "Hannah",
                "Mia", "Zoë", "Anneliese", "Hans-Jürgen", "Jürgen", "Dörte", "Bärbel", "Götz", "Frauke",
            ]
        case .nl:
            [
                "Jan", "Pieter", "Henk", "Sander", "Daan", "Bram", "Thijs", "Joost", "Maarten", "Sem", "Femke", "Anouk", "Sanne", "Lotte",
                "Eva", "Iris", "Noortje", "Inge", "Maaike", "Joëlle", "Chloë", "Renée", "Koen", "Floor", "Ruud", "Wouter", "Marieke",
            ]
        case .fr:
            [
                "François", "Hélène", "Céline", "Jérôme", "Amélie", "Élodie", "Stéphane", "Frédéric", "Gaël", "Zoë", "Noël", "Chloé", "Léa",
                "Théo", "Benoît", "Cécile", "Pierre", "Marie", "Julien", "Nicolas", "Camille", "Sébastien", "Aurélie", "Manon", "Inès",
                "Maël", "Joël", "Hervé", "Thérèse", "Anaïs", "Loïc",
            ]
        case .es:
            [
                "José", "María", "Jesús", "Ángel", "Íñigo", "Raúl", "Sofía", "Lucía", "Martín", "Andrés", "Álvaro", "Inés", "Begoña",
                "Nuria", "Pilar", "Javier", "Carmen", "Rocío", "Sergio", "Elena", "Adrián", "Hugo", "Marta", "Óscar", "Ramón",
            ]
        case .it:
            [
                "Giuseppe", "Giovanni", "Antonio", "Mario", "Luca", "Marco", "Francesco", "Alessandro", "Lorenzo", "Matteo", "Giulia",
                "Francesca", "Chiara", "Sara", "Martina", "Elena", "Alessia", "Niccolò", "Beatrice", "Federica", "Paolo", "Roberta",
                "Simone", "Nicolò", "Ludovica",
            ]
        case .se:
            [
                "Björn", "Åsa", "Örjan", "Sören", "Märta", "Lars", "Anders", "Johan", "Erik", "Karl", "Per", "Nils", "Sven", "Maria",
                "Anna", "Ingrid", "Karin", "Sara", "Linnéa", "Elsa", "Maja", "Astrid", "Måns", "Göran", "Tove", "Klas", "Åke",
            ]
        }
    }

    /// The gender F&O records for a person of first name `name` (one of `firstNames`): `Female`, `Male`, or
    /// `Unknown` for a name given to either (Camille, Ashley).
    static func gender(ofFirstName name: String) -> String {
        if eitherGenderFirstNames.contains(name) { return "Unknown" }
        return femaleFirstNames.contains(name) ? "Female" : "Male"
    }
    private static let eitherGenderFirstNames: Set = ["Camille", "Ashley"]
    private static let femaleFirstNames: Set = [
        "Emily", "Olivia", "Amelia", "Isla", "Sophie", "Charlotte", "Grace", "Lucy", "Hannah", "Zoë", "Siobhán", "Niamh", "Aoife", "Róisín",
        "Fiona", "Catriona", "Margaret", "Sarah", "Helen", "Claire", "Jennifer", "Jessica", "Amanda", "Megan", "Lauren", "Rachel", "Nicole",
        "María", "Renée", "Brittany", "Stephanie", "Heather", "Amber", "Sabine", "Ursula", "Birgit", "Käthe", "Anja", "Katrin", "Lena",
        "Marie", "Mia", "Anneliese", "Dörte", "Bärbel", "Frauke", "Femke", "Anouk", "Sanne", "Lotte", "Eva", "Iris", "Noortje", "Inge",
        "Maaike", "Joëlle", "Chloë", "Floor", "Marieke", "Hélène", "Céline", "Amélie", "Élodie", "Chloé", "Léa", "Cécile", "Aurélie",
        "Manon", "Inès", "Thérèse", "Anaïs", "Sofía", "Lucía", "Inés", "Begoña", "Nuria", "Pilar", "Carmen", "Rocío", "Elena", "Marta",
        "Giulia", "Francesca", "Chiara", "Sara", "Martina", "Alessia", "Beatrice", "Federica", "Roberta", "Ludovica", "Åsa", "Märta",
        "Maria", "Anna", "Ingrid", "Karin", "Linnéa", "Elsa", "Maja", "Astrid", "Tove",
    ]

    /// Free e-mail providers per country, for person customers.
    static func mailProviders(_ country: SampleUnkeyedCountry) -> [String] { tableMailProviders[country.rawValue] }
    private static let tableMailProviders = SampleUnkeyedCountry.allCases.map(allMailProviders)
    private static func allMailProviders(_ country: SampleUnkeyedCountry) -> [String] {
        switch country {
        case .gb: ["gmail.com", "outlook.com", "hotmail.co.uk", "btinternet.com", "yahoo.co.uk", "icloud.com"]
        case .us: ["gmail.com", "outlook.com", "yahoo.com", "icloud.com", "aol.com", "comcast.net"]
        case .de: ["gmail.com", "web.de", "gmx.de", "t-online.de", "outlook.de", "posteo.de"]
        case .nl: ["gmail.com", "ziggo.nl", "kpnmail.nl", "hotmail.nl", "outlook.com", "xs4all.nl"]
        case .fr: ["gmail.com", "orange.fr", "free.fr", "laposte.net", "sfr.fr", "outlook.fr"]
        case .es: ["gmail.com", "hotmail.es", "yahoo.es", "outlook.es", "telefonica.net"]
        case .it: ["gmail.com", "libero.it", "virgilio.it", "alice.it", "outlook.it"]
        case .se: ["gmail.com", "telia.com", "hotmail.se", "outlook.com", "bredband.net"]
        }
    }

    /// Product words: what kind, of what, which thing, and the unit it is sold in (`SampleUnkeyedProduct`).
    static let productQualities = [
        "Premium", "Standard", "Heavy-Duty", "Compact", "Industrial", "Professional", "Deluxe", "Eco", "Classic", "Ultra", "Mini",
        "Pro", "Basic", "Advanced", "Lightweight", "Reinforced", "Stainless", "Galvanised", "Insulated", "Portable", "Modular",
        "Universal", "Precision", "Outdoor", "Indoor", "Waterproof", "Fireproof", "Anti-Static", "Ergonomic", "Adjustable",
        "Foldable", "Digital", "Smart", "Wireless", "Solar", "Hybrid", "Recycled", "Organic", "Extra Strong", "High-Gloss",
    ]
    static let productMaterials = [
        "Steel", "Aluminium", "Copper", "Brass", "Oak", "Pine", "Walnut", "Glass", "Ceramic", "Rubber", "Nylon", "Cotton", "Leather",
        "Polyester", "Carbon", "Titanium", "PVC", "Acrylic", "Bamboo", "Zinc", "Cast Iron", "Beech", "Birch", "Polypropylene",
        "Silicone", "Wool", "Linen", "Kevlar", "Granite", "Concrete",
    ]
    /// Each thing with the symbol of the unit it is sold in (ea, pcs, kg, m, h, l, box).
    static let productThings: [(name: String, unit: String)] = [
        ("Hex Bolt", "box"), ("Office Chair", "ea"), ("Desk", "ea"), ("Cable", "m"), ("Pipe", "m"), ("Valve", "pcs"), ("Bracket", "pcs"),
        ("Hinge", "pcs"), ("Gasket", "pcs"), ("Bearing", "pcs"), ("Pump", "ea"), ("Filter", "pcs"), ("Sensor", "ea"), ("Switch", "pcs"),
        ("Relay", "pcs"), ("Connector", "pcs"), ("Adapter", "pcs"), ("Fitting", "pcs"), ("Flange", "pcs"), ("Washer", "box"),
        ("Screw", "box"), ("Nut", "box"), ("Panel", "ea"), ("Shelf", "ea"), ("Cabinet", "ea"), ("Lamp", "ea"), ("Fan", "ea"),
        ("Heater", "ea"), ("Drill", "ea"), ("Saw", "ea"), ("Hammer", "ea"), ("Wrench", "ea"), ("Ladder", "ea"), ("Trolley", "ea"),
        ("Pallet", "pcs"), ("Crate", "pcs"), ("Container", "ea"), ("Tape", "pcs"), ("Adhesive", "l"), ("Paint", "l"), ("Varnish", "l"),
        ("Coating", "l"), ("Lubricant", "l"), ("Oil", "l"), ("Grease", "kg"), ("Cleaner", "l"), ("Detergent", "l"), ("Gloves", "box"),
        ("Helmet", "ea"), ("Goggles", "pcs"), ("Jacket", "pcs"), ("Boots", "pcs"), ("Mat", "pcs"), ("Rope", "m"), ("Chain", "m"),
        ("Hose", "m"), ("Nozzle", "pcs"), ("Tank", "ea"), ("Drum", "ea"), ("Canister", "pcs"), ("Battery", "pcs"), ("Charger", "ea"),
        ("Monitor", "ea"), ("Keyboard", "ea"), ("Printer", "ea"), ("Router", "ea"), ("Server Rack", "ea"), ("Granulate", "kg"),
        ("Powder", "kg"), ("Sealant", "l"), ("Wire", "m"), ("Sheet", "pcs"), ("Beam", "m"), ("Profile", "m"), ("Fabric", "m"),
    ]
    /// Services, sold by the hour: `Pump Maintenance`, `Sensor Calibration – On-site`.
    static let services = [
        "Installation", "Maintenance", "Repair", "Inspection", "Calibration", "Training", "Consulting", "Cleaning", "Support",
        "Commissioning", "Servicing", "Testing",
    ]
    static let serviceLevels = ["Level 1", "Level 2", "Level 3", "Remote", "On-site", "Express", "Weekend", "Standard", "Priority"]
    /// Sizes and models that tell products of the same words apart.
    static let productVariants = [
        "M4", "M6", "M8", "M10", "M12", "10 mm", "16 mm", "25 mm", "40 mm", "2.5 mm²", "4 mm²", "500 ml", "1 l", "5 l", "20 l",
        "25 kg", "Type A", "Type B", "Type C", "Series 100", "Series 200", "Series 300", "Series 400", "Series 500", "XL", "XXL",
        "Small", "Medium", "Large", "Mk II", "Mk III", "Gen 2", "Gen 3", "Plus", "Max", "Lite", "S", "X",
    ]
}
