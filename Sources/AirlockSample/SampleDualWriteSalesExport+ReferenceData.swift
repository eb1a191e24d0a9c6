import AirlockPackages

extension SampleDualWriteSalesExport {
    /// The sample company's reference rows Sales holds already (`SampleDualWriteReferenceData.salesHolds` of each
    /// table), with the values the dual-write maps write, so that converting them finds them unchanged: payment days,
    /// payment schedules, terms of payment, methods of payment, sales tax groups, modes and terms of delivery, price
    /// customer groups and sales order origins. Their ids go to `references.codes`.
    mutating func companyReferenceData(_ references: inout References) throws -> [SampleEntityBuilder] {
        typealias Data = SampleDualWriteReferenceData
        let company = Self.lookup("msdyn_company", references.company, "cdm_company", world.company)
        let companyField = Self.field("msdyn_company", .entityReference, "Company", lookup: "cdm_company")
        func bool(_ value: Bool) -> String { value ? "True" : "False" }
        func money(_ cents: Int) -> String { Self.money(cents: cents) }

        /// An entity of `rows` (the held ones), each record's fields given by `values`, its id kept by code.
        func table<Row>(
            _ name: String, _ display: String, primaryName: String, fields: [CMTSchemaField], rows: [Row], code: (Row) -> String,
            values: (Row) -> [CMTFieldValue?]
        ) throws -> SampleEntityBuilder {
            var builder = SampleEntityBuilder(name, display, id: name + "id", primaryName: primaryName, fields: fields + [companyField])
            for row in rows.prefix(Data.salesHolds(rows.count)) {
                let id = referenceRandom.guid()
                references.codes[name, default: [:]][code(row)] = id
                try builder.add(id: id, values(row) + [company])
            }
            return builder
        }
        func codes(_ name: String, _ display: String, code: String, description: String, rows: [Data.Code]) throws -> SampleEntityBuilder {
            try table(
                name, display, primaryName: code,
                fields: [Self.field(code, .string, "Code", key: true), Self.field(description, .string, "Description")], rows: rows,
                code: \.code, values: { [Self.value(code, $0.code), Self.value(description, $0.description)] })
        }

        let days = try codes(
            "msdyn_paymentday", "Payment day", code: "msdyn_name", description: "msdyn_description", rows: Data.paymentDays)
        let schedules = try table(
            "msdyn_paymentschedule", "Payment schedule", primaryName: "msdyn_name",
            fields: [
                Self.field("msdyn_name", .string, "Name", key: true), Self.field("msdyn_description", .string, "Description"),
                Self.field("msdyn_paymentfrequency", .number, "Payment Frequency"),
                Self.field("msdyn_numberofpayments", .number, "Number of Payments"),
                Self.field("msdyn_fixedpaymentamount", .money, "Fixed Payment Amount"),
                Self.field("msdyn_minimumpaymentamount", .money, "Minimum Payment Amount"),
            ], rows: Data.paymentSchedules, code: \.name,
            values: { schedule in
                [
                    Self.value("msdyn_name", schedule.name), Self.value("msdyn_description", schedule.description),
                    Self.value("msdyn_paymentfrequency", String(schedule.frequency)),
                    Self.value("msdyn_numberofpayments", String(schedule.payments)), Self.value("msdyn_fixedpaymentamount", money(0)),
                    Self.value("msdyn_minimumpaymentamount", money(schedule.minimumCents)),
                ]
            })
        let terms = try table(
            "msdyn_paymentterm", "Payment terms", primaryName: "msdyn_name",
            fields: [
                Self.field("msdyn_name", .string, "Name", key: true), Self.field("msdyn_description", .string, "Description"),
                Self.field("msdyn_days", .number, "Days"), Self.field("msdyn_numberofmonth", .number, "Months"),
                Self.field("msdyn_cutoffdayofmonth", .number, "Cutoff Day of Month"),
                Self.field("msdyn_iscashpayment", .bool, "Cash Payment"),
                Self.field("msdyn_iscertifiedcompanycheck", .bool, "Certified Company Check"),
                Self.field("msdyn_isdefaultpaymentterm", .bool, "Default Payment Term"),
            ], rows: Data.paymentTerms, code: \.name,
            values: { term in
                [
                    Self.value("msdyn_name", term.name), Self.value("msdyn_description", term.description),
                    Self.value("msdyn_days", String(term.days)), Self.value("msdyn_numberofmonth", "0"),
                    Self.value("msdyn_cutoffdayofmonth", "0"), Self.value("msdyn_iscashpayment", bool(term.isCash)),
                    Self.value("msdyn_iscertifiedcompanycheck", "False"), Self.value("msdyn_isdefaultpaymentterm", bool(term.isDefault)),
                ]
            })
        let methods = try table(
            "msdyn_customerpaymentmethod", "Customer payment method", primaryName: "msdyn_name",
            fields: [
                Self.field("msdyn_name", .string, "Name", key: true), Self.field("msdyn_description", .string, "Description"),
                Self.field("msdyn_discountgraceperioddays", .number, "Discount Grace Period Days"),
                Self.field("msdyn_bridgingpostingenabled", .bool, "Bridging Posting"), Self.field("msdyn_issepa", .bool, "SEPA"),
                Self.field("msdyn_lastfilenumber", .number, "Last File Number"),
                Self.field("msdyn_lastfilenumbertoday", .number, "Last File Number Today"),
                Self.field("msdyn_directdebit", .bool, "Direct Debit"),
            ], rows: Data.paymentMethods, code: \.name,
            values: { method in
                [
                    Self.value("msdyn_name", method.name), Self.value("msdyn_description", method.description),
                    Self.value("msdyn_discountgraceperioddays", String(method.graceDays)),
                    Self.value("msdyn_bridgingpostingenabled", "False"),
                    Self.value("msdyn_issepa", bool(method.isDirectDebit && world.company.uppercased() == "DEMF")),
                    Self.value("msdyn_lastfilenumber", "0"), Self.value("msdyn_lastfilenumbertoday", "0"),
                    Self.value("msdyn_directdebit", bool(method.isDirectDebit)),
                ]
            })
        let taxGroups = try codes(
            "msdyn_taxgroup", "Sales tax group", code: "msdyn_name", description: "msdyn_description",
            rows: Data.taxGroups(world.company))
        let modes = try codes(
            "msdyn_shipvia", "Mode of delivery", code: "msdyn_name", description: "msdyn_description", rows: Data.deliveryModes)
        let deliveryTerms = try table(
            "msdyn_termsofdelivery", "Terms of delivery", primaryName: "msdyn_termscode",
            fields: [
                Self.field("msdyn_termscode", .string, "Terms Code", key: true),
                Self.field("msdyn_termsdescription", .string, "Description"),
                Self.field("msdyn_intrastatcode", .string, "Intrastat Code"),
                Self.field("msdyn_salestaxlocationrole", .optionSetValue, "Sales Tax Location Role"),
                Self.field("msdyn_freightchargeterms", .optionSetValue, "Freight Charge Terms"),
                Self.field("msdyn_doretailsogettransportationchargesadded", .bool, "Retail Orders Get Transportation Charges"),
                Self.field("msdyn_iscashondelivery", .bool, "Cash on Delivery"),
                Self.field("msdyn_willshipmentconfirmationtransfercharges", .bool, "Shipment Confirmation Transfers Charges"),
            ], rows: Data.deliveryTerms, code: \.code,
            values: { term in
                [
                    Self.value("msdyn_termscode", term.code), Self.value("msdyn_termsdescription", term.description),
                    Self.value("msdyn_intrastatcode", String(term.code.prefix(3))),
                    Self.value("msdyn_salestaxlocationrole", Data.taxLocationRoleOptions[term.taxLocationRole]),
                    Self.value("msdyn_freightchargeterms", Data.freightTermsOptions[term.freightTerms]),
                    Self.value("msdyn_doretailsogettransportationchargesadded", "False"),
                    Self.value("msdyn_iscashondelivery", bool(term.isCashOnDelivery)),
                    Self.value("msdyn_willshipmentconfirmationtransfercharges", "False"),
                ]
            })
        let priceGroups = try codes(
            "msdyn_pricecustomergroup", "Price customer group", code: "msdyn_groupcode", description: "msdyn_groupname",
            rows: Data.priceGroups)
        let origins = try codes(
            "msdyn_salesorderorigin", "Sales order origin", code: "msdyn_origincode", description: "msdyn_origindescription",
            rows: Data.orderOrigins)
        return [days, schedules, terms, methods, taxGroups, modes, deliveryTerms, priceGroups, origins]
    }

    /// The released products (`msdyn_sharedproductdetails`) of the sample company Sales holds
    /// (`SampleDualWriteReferenceData.salesHoldsReleasedProduct`), with the values the Released products V2 map writes.
    mutating func releasedProducts(_ references: References) throws -> SampleEntityBuilder {
        typealias Data = SampleDualWriteReferenceData
        var builder = SampleEntityBuilder(
            "msdyn_sharedproductdetails", "Released product", id: "msdyn_sharedproductdetailsid", primaryName: "msdyn_itemnumber",
            fields: [
                Self.field("msdyn_itemnumber", .string, "Item Number", key: true),
                Self.field("msdyn_company", .entityReference, "Company", lookup: "cdm_company"),
                Self.field("msdyn_salesprice", .money, "Sales Price"), Self.field("msdyn_salespricedate", .datetime, "Sales Price Date"),
                Self.field("msdyn_salespricingprecision", .number, "Sales Pricing Precision"),
                Self.field("msdyn_unitcost", .money, "Unit Cost"), Self.field("msdyn_unitcostdate", .datetime, "Unit Cost Date"),
                Self.field("msdyn_unitcostquantity", .decimal, "Unit Cost Quantity"),
                Self.field("msdyn_purchaseprice", .money, "Purchase Price"),
                Self.field("msdyn_purchasepricedate", .datetime, "Purchase Price Date"),
                Self.field("msdyn_purchasepricequantity", .decimal, "Purchase Price Quantity"),
                Self.field("msdyn_netproductweight", .decimal, "Net Weight"),
                Self.field("msdyn_salesunitsymbol", .entityReference, "Sales Unit", lookup: "uom"),
                Self.field("msdyn_inventoryunitsymbol", .entityReference, "Inventory Unit", lookup: "uom"),
                Self.field("msdyn_purchaseunitsymbol", .entityReference, "Purchase Unit", lookup: "uom"),
            ] + Data.releasedProductFlags.map { Self.field($0.salesColumn, .bool, $0.foField) })
        for (index, product) in world.base.products.enumerated() where Data.salesHoldsReleasedProduct(product, index: index) {
            let day = Data.priceDay(product: index)
            func unitField(_ name: String) -> CMTFieldValue? {
                Self.lookup(name, references.units[product.unit.symbol], "uom", product.unit.name)
            }
            try builder.add(
                id: referenceRandom.guid(),
                [
                    Self.value("msdyn_itemnumber", product.number),
                    Self.lookup("msdyn_company", references.company, "cdm_company", world.company),
                    Self.value("msdyn_salesprice", Self.money(cents: product.price * 100)),
                    Self.value("msdyn_salespricedate", SampleWorld.isoDate(day: day)), Self.value("msdyn_salespricingprecision", "2"),
                    Self.value("msdyn_unitcost", Self.money(cents: product.cost * 100)),
                    Self.value("msdyn_unitcostdate", SampleWorld.isoDate(day: day)),
                    Self.value("msdyn_unitcostquantity", "1.0000000000"),
                    Self.value("msdyn_purchaseprice", Self.money(cents: product.cost * 100)),
                    Self.value("msdyn_purchasepricedate", SampleWorld.isoDate(day: day)),
                    Self.value("msdyn_purchasepricequantity", "1.0000000000"),
                    Self.value("msdyn_netproductweight", Data.netWeight(product, index: index).map { Self.money(cents: $0) }),
                    unitField("msdyn_salesunitsymbol"), unitField("msdyn_inventoryunitsymbol"), unitField("msdyn_purchaseunitsymbol"),
                ] + Data.releasedProductFlags.map { Self.value($0.salesColumn, $0.value ? "True" : "False") })
        }
        return builder
    }
}
