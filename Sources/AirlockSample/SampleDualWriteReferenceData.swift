/// The reference tables of a dual-write sample pair (`airlock sample --templates dual-write`): what the customer,
/// order and product maps look up, as F&O holds them, and which of them Sales holds already.
///
/// Currencies and units are shared by the legal entities. The other tables are company-specific: both legal
/// entities have the same codes (sales tax groups differ by country), and Sales holds the first rows of each table
/// for the sample company only (`salesHolds`), so converting them both creates rows and finds rows unchanged.
/// Which rows a customer, order or product names is decided by its index, not drawn at random, so that the other
/// records of the pair stay as they were.
struct SampleDualWriteReferenceData {
    /// A currency F&O has (Currencies).
    struct Currency {
        var code: String
        var name: String
        var symbol: String
    }

    /// A unit F&O has (Units).
    struct Unit {
        var symbol: String
        var description: String
        var unitClass: String
        var decimals: Int
        var isBase: Bool
        var system: String
    }

    /// A row of a table that is a code and its description (payment days, sales tax groups, modes of delivery,
    /// price customer groups, sales order origins).
    struct Code {
        var code: String
        var description: String
    }

    /// A payment schedule (Payment schedule).
    struct PaymentSchedule {
        var name: String
        var description: String
        var frequency: Int
        var frequencyUnit: String
        var payments: Int
        var minimumCents: Int
    }

    /// Terms of payment (Terms of payment).
    struct PaymentTerm {
        var name: String
        var description: String
        var days: Int
        var isCash = false
        var isDefault = false
        var paymentDay = ""
        var schedule = ""
    }

    /// A method of payment (Customer payment method).
    struct PaymentMethod {
        var name: String
        var description: String
        var paymentType: String
        var graceDays: Int
        var isDirectDebit = false
    }

    /// Terms of delivery (Terms of delivery).
    struct DeliveryTerm {
        var code: String
        var description: String
        var taxLocationRole: String
        var freightTerms: String
        var isCashOnDelivery = false
    }

    static let currencies = [
        Currency(code: "USD", name: "US Dollar", symbol: "$"), Currency(code: "EUR", name: "Euro", symbol: "€"),
        Currency(code: "GBP", name: "Pound sterling", symbol: "£"), Currency(code: "CAD", name: "Canadian dollar", symbol: "$"),
    ]

    /// The units of the sample world (`SampleWorld.units`, which Sales has), then three Sales lacks.
    static let units: [Unit] = {
        let classes = ["ea": "Quantity", "pcs": "Quantity", "kg": "Mass", "h": "Time", "m": "Length"]
        let world = SampleWorld.units.map { unit in
            Unit(
                symbol: unit.symbol, description: unit.name, unitClass: classes[unit.symbol] ?? "Quantity", decimals: unit.decimals,
                isBase: unit.symbol != "pcs", system: unit.symbol == "ea" || unit.symbol == "pcs" ? "None" : "Metric")
        }
        return world + [
            Unit(symbol: "box", description: "Box", unitClass: "Quantity", decimals: 0, isBase: false, system: "None"),
            Unit(symbol: "l", description: "Liter", unitClass: "LiquidVolume", decimals: 2, isBase: true, system: "Metric"),
            Unit(symbol: "g", description: "Gram", unitClass: "Mass", decimals: 0, isBase: false, system: "Metric"),
        ]
    }()

    static let paymentDays = [Code(code: "Fri", description: "Fridays"), Code(code: "15th", description: "15th of the month")]

    static let paymentSchedules = [
        PaymentSchedule(
            name: "3Months", description: "Three monthly installments", frequency: 1, frequencyUnit: "Months", payments: 3,
            minimumCents: 10_000),
        PaymentSchedule(
            name: "2Weeks", description: "Two installments, two weeks apart", frequency: 2, frequencyUnit: "Weeks", payments: 2,
            minimumCents: 0),
    ]

    static let paymentTerms = [
        PaymentTerm(name: "Net10", description: "Net 10 days", days: 10),
        PaymentTerm(name: "Net30", description: "Net 30 days", days: 30, isDefault: true),
        PaymentTerm(name: "Net45", description: "Net 45 days", days: 45),
        PaymentTerm(name: "COD", description: "Cash on delivery", days: 0, isCash: true),
        PaymentTerm(name: "Fri30", description: "Net 30 days, paid on Fridays", days: 30, paymentDay: "Fri"),
        PaymentTerm(name: "3x30", description: "Three payments, 30 days apart", days: 30, schedule: "3Months"),
    ]

    static let paymentMethods = [
        PaymentMethod(name: "CHECK", description: "Check", paymentType: "Check", graceDays: 5),
        PaymentMethod(name: "ELECTRONIC", description: "Electronic payment", paymentType: "ElectronicPayment", graceDays: 2),
        PaymentMethod(name: "CASH", description: "Cash", paymentType: "Other", graceDays: 0),
        PaymentMethod(name: "DIRDEBIT", description: "Direct debit", paymentType: "ElectronicPayment", graceDays: 0, isDirectDebit: true),
    ]

    static let deliveryModes = [
        Code(code: "10", description: "Truck"), Code(code: "20", description: "Air freight"),
        Code(code: "30", description: "Parcel service"),
    ]

    static let deliveryTerms = [
        DeliveryTerm(code: "FOB", description: "Free on board", taxLocationRole: "Delivery", freightTerms: "Collect"),
        DeliveryTerm(code: "CIF", description: "Cost, insurance and freight", taxLocationRole: "Delivery", freightTerms: "Prepaid"),
        DeliveryTerm(code: "EXW", description: "Ex works", taxLocationRole: "None", freightTerms: "Collect"),
        DeliveryTerm(
            code: "CODLV", description: "Cash on delivery", taxLocationRole: "Delivery", freightTerms: "Prepaid", isCashOnDelivery: true),
    ]

    static let priceGroups = [
        Code(code: "Retail", description: "Retail prices"), Code(code: "Wholesale", description: "Wholesale prices"),
        Code(code: "Major", description: "Major account prices"),
    ]

    static let orderOrigins = [
        Code(code: "Phone", description: "Telephone order"), Code(code: "Web", description: "Web shop order"),
        Code(code: "Email", description: "Order by email"),
    ]

    /// The sales tax groups of a legal entity: German ones for DEMF, US ones otherwise.
    static func taxGroups(_ company: String) -> [Code] {
        if company.uppercased() == "DEMF" {
            return [
                Code(code: "DOM", description: "Domestic (19 %)"), Code(code: "EU", description: "EU customers"),
                Code(code: "EXEMPT", description: "Tax exempt"),
            ]
        }
        return [
            Code(code: "CA", description: "California sales tax"), Code(code: "NY", description: "New York sales tax"),
            Code(code: "EXEMPT", description: "Tax exempt"),
        ]
    }

    /// How many of the first `rows` rows of a company-specific table Sales holds for the sample company: half, at
    /// least one. (Currencies: those of `SampleWorld.currencies`; units: those of `SampleWorld.units`.)
    static func salesHolds(_ rows: Int) -> Int {
        max(1, rows / 2)
    }

    /// The option values of the sales tax location roles the sample uses (the map's `sales-tax-location-role`).
    static let taxLocationRoleOptions = ["None": "192350000", "Delivery": "192350002"]

    /// The option values of the freight charge terms the sample uses (the map's `freight-charge-terms`).
    static let freightTermsOptions = ["Prepaid": "192350000", "Collect": "192350001"]

    // MARK: what the records name

    /// The terms of payment of a customer group (index into `SampleDualWriteWorld.customerGroups`): wholesale Net30,
    /// major customers Net45, retail COD, internet Net10.
    static func groupPaymentTerm(_ group: Int) -> String {
        ["Net30", "Net45", "COD", "Net10"][group % 4]
    }

    /// The clearing period terms of a customer group: major customers Net10, the others none.
    static func groupClearingPaymentTerm(_ group: Int) -> String {
        group == 1 ? "Net10" : ""
    }

    /// The terms of payment of the customer of world account `index` in group `group`: its group's, but Fri30 for
    /// every seventh from the fourth, 3x30 for every seventh from the sixth, and none for every seventh from the seventh.
    static func paymentTerm(customer index: Int, group: Int) -> String {
        switch index % 7 {
        case 3: return "Fri30"
        case 5: return "3x30"
        case 6: return ""
        default: return groupPaymentTerm(group)
        }
    }

    /// The payment day of a customer: Fridays with Fri30, the 15th for every eleventh from the third, else none.
    static func paymentDay(customer index: Int, group: Int) -> String {
        if paymentTerm(customer: index, group: group) == "Fri30" { return "Fri" }
        return index % 11 == 2 ? "15th" : ""
    }

    /// The payment schedule of a customer: 3Months with 3x30, else none.
    static func paymentSchedule(customer index: Int, group: Int) -> String {
        paymentTerm(customer: index, group: group) == "3x30" ? "3Months" : ""
    }

    /// The method of payment of a customer: cash with COD, else check, electronic or none in turn.
    static func paymentMethod(customer index: Int, group: Int) -> String {
        if paymentTerm(customer: index, group: group) == "COD" { return "CASH" }
        return ["CHECK", "ELECTRONIC", ""][index % 3]
    }

    /// The sales tax group of a customer of `company`: its first or second group in turn, exempt for every fifth
    /// from the fifth, none for every fifth from the fourth.
    static func taxGroup(customer index: Int, company: String) -> String {
        let groups = taxGroups(company)
        switch index % 5 {
        case 4: return groups[2].code
        case 3: return ""
        default: return groups[index % 2].code
        }
    }

    /// The price customer group of a customer group: retail for retail and internet customers, wholesale, major.
    static func priceGroup(_ group: Int) -> String {
        ["Wholesale", "Major", "Retail", "Retail"][group % 4]
    }

    /// The mode of delivery of F&O order `index`: the modes in turn, none for every fourth from the fourth.
    static func deliveryMode(order index: Int) -> String {
        index % 4 == 3 ? "" : deliveryModes[index % deliveryModes.count].code
    }

    /// The terms of delivery of F&O order `index`: FOB, CIF, EXW in turn, none for every fifth from the fifth.
    static func deliveryTerm(order index: Int) -> String {
        index % 5 == 4 ? "" : deliveryTerms[index % 3].code
    }

    /// The origin of F&O order `index`: the origins in turn, none for every third from the third.
    static func orderOrigin(order index: Int) -> String {
        index % 3 == 2 ? "" : orderOrigins[index % 2].code
    }

    // MARK: released products

    /// A NoYes field of the Released products V2 map and the two-option column it goes to.
    struct Flag {
        var foField: String
        var salesColumn: String
        /// The value every released product has (the sample sets none by product).
        var value: Bool
    }

    /// The NoYes fields of the Released products V2 map, with the value the sample's products have.
    static let releasedProductFlags = [
        Flag(foField: "ISDISCOUNTPOSREGISTRATIONPROHIBITED", salesColumn: "msdyn_isdiscountposregistrationprohibited", value: false),
        Flag(
            foField: "ISEXEMPTFROMAUTOMATICNOTIFICATIONANDCANCELLATION", salesColumn: "msdyn_exemptautomaticnotificationcancel",
            value: false),
        Flag(foField: "ISINSTALLMENTELIGIBLE", salesColumn: "msdyn_isinstallmenteligible", value: false),
        Flag(foField: "ISINTERCOMPANYPURCHASEUSAGEBLOCKED", salesColumn: "msdyn_isintercompanypurchaseusageblocked", value: false),
        Flag(foField: "ISINTERCOMPANYSALESUSAGEBLOCKED", salesColumn: "msdyn_isintercompanysalesusageblocked", value: false),
        Flag(
            foField: "ISMANUALDISCOUNTPOSREGISTRATIONPROHIBITED", salesColumn: "msdyn_ismanualdiscposregistrationprohibited", value: false),
        Flag(foField: "ISPHANTOM", salesColumn: "msdyn_isphantom", value: false),
        Flag(foField: "ISPOSREGISTRATIONBLOCKED", salesColumn: "msdyn_isposregistrationblocked", value: false),
        Flag(foField: "ISPOSREGISTRATIONQUANTITYNEGATIVE", salesColumn: "msdyn_isposregistrationquantitynegative", value: false),
        Flag(foField: "ISPURCHASEPRICEAUTOMATICALLYUPDATED", salesColumn: "msdyn_ispurchasepriceautomaticallyupdated", value: false),
        Flag(foField: "ISPURCHASEPRICEINCLUDINGCHARGES", salesColumn: "msdyn_ispurchasepriceincludingcharges", value: false),
        Flag(foField: "ISSALESWITHHOLDINGTAXCALCULATED", salesColumn: "msdyn_issaleswithholdingtaxcalculated", value: false),
        Flag(foField: "ISRESTRICTEDFORCOUPONS", salesColumn: "msdyn_isrestrictedforcoupons", value: false),
        Flag(foField: "ISSALESPRICEADJUSTMENTALLOWED", salesColumn: "msdyn_issalespriceadjustmentallowed", value: true),
        Flag(foField: "ISSALESPRICEINCLUDINGCHARGES", salesColumn: "msdyn_issalespriceincludingcharges", value: false),
        Flag(foField: "ISSCALEPRODUCT", salesColumn: "msdyn_isscaleproduct", value: false),
        Flag(foField: "ISSHIPALONEENABLED", salesColumn: "msdyn_isshipaloneenabled", value: false),
        Flag(foField: "ISUNITCOSTPRODUCTVARIANTSPECIFIC", salesColumn: "msdyn_isunitcostproductvariantspecific", value: false),
        Flag(foField: "ISVARIANTSHELFLABELSPRINTINGENABLED", salesColumn: "msdyn_isvariantshelflabelsprintingenabled", value: false),
        Flag(foField: "ISZEROPRICEPOSREGISTRATIONALLOWED", salesColumn: "msdyn_iszeropriceposregistrationallowed", value: false),
        Flag(foField: "MUSTKEYINCOMMENTATPOSREGISTER", salesColumn: "msdyn_mustkeyincommentatposregister", value: false),
        Flag(
            foField: "WILLINVENTORYISSUEAUTOMATICALLYREPORTASFINISHED", salesColumn: "msdyn_willinventoryissueautoreportasfinished",
            value: false),
        Flag(foField: "WILLINVENTORYRECEIPTIGNOREFLUSHINGPRINCIPLE", salesColumn: "msdyn_willinventoryreceiptignoreflushing", value: false),
        Flag(foField: "WILLPICKINGWORKBENCHAPPLYBOXINGLOGIC", salesColumn: "msdyn_willpickingworkbenchapplyboxinglogic", value: false),
        Flag(
            foField: "WILLTOTALPURCHASEDISCOUNTCALCULATIONINCLUDEPRODUCT", salesColumn: "msdyn_willtotalpurchdiscountcalcincludeproduct",
            value: true),
        Flag(
            foField: "WILLTOTALSALESDISCOUNTCALCULATIONINCLUDEPRODUCT", salesColumn: "msdyn_willtotalsalesdiscountcalcincludeproduct",
            value: true),
        Flag(
            foField: "WILLWORKCENTERPICKINGALLOWNEGATIVEINVENTORY", salesColumn: "msdyn_willworkcenterpickingallownegativeinvent",
            value: false),
        Flag(foField: "ISUNITCOSTAUTOMATICALLYUPDATED", salesColumn: "msdyn_isunitcostautomaticallyupdated", value: true),
        Flag(foField: "ISUNITCOSTINCLUDINGCHARGES", salesColumn: "msdyn_isunitcostincludingcharges", value: false),
        Flag(foField: "ISCATCHWEIGHTPRODUCT", salesColumn: "msdyn_iscatchweight", value: false),
    ]

    /// The day of 2026 a product's prices and cost date from.
    static func priceDay(product index: Int) -> Int {
        index * 7 % 60 + 1
    }

    /// A product's net weight in hundredths of a kilogram (services none).
    static func netWeight(_ product: SampleWorld.Product, index: Int) -> Int? {
        product.isService ? nil : 25 + index * 37 % 475
    }

    /// Whether Sales holds the released product (`msdyn_sharedproductdetails`) of world product `index` in the
    /// sample company: every other product Sales knows.
    static func salesHoldsReleasedProduct(_ product: SampleWorld.Product, index: Int) -> Bool {
        product.inSales && index % 2 == 0
    }
}
