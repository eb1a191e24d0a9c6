import AirlockIO
import AirlockModel

extension SampleDualWriteFOExport {
    /// The reference tables as F&O exports them (`SampleDualWriteReferenceData`): currencies and units once, the
    /// company-specific tables once per legal entity (the sample company's first). The columns are the F&O fields
    /// of each table's dual-write map, and DATAAREAID.
    func referenceFiles() throws -> [(label: String, technicalName: String, encoding: TextEncoding, table: Table)] {
        [
            ("Currencies", "CurrencyEntity", .utf8BOM, try currencies()),
            ("Units", "UnitOfMeasureEntity", .utf16LE, try units()),
            ("Payment days CDS", "PaymentDaysCdsEntity", .utf8BOM, try paymentDays()),
            ("Payment schedule", "PaymentScheduleEntity", .utf8BOM, try paymentSchedules()),
            ("Terms of payment", "PaymentTermEntity", .utf16LE, try paymentTerms()),
            ("Customer payment method", "CustomerPaymentMethodEntity", .utf8BOM, try paymentMethods()),
            ("Sales tax groups", "TaxGroupEntity", .utf8BOM, try taxGroups()),
            ("Modes of delivery", "DlvModeEntity", .utf16LE, try deliveryModes()),
            ("Terms of delivery", "DlvTermEntity", .utf8BOM, try deliveryTerms()),
            ("Price customer groups", "PriceCustomerGroupEntity", .utf8BOM, try priceGroups()),
            ("Sales order origin codes", "SalesOrderOriginEntity", .utf16LE, try orderOrigins()),
        ]
    }

    /// The legal entities, the sample company's first.
    private var companies: [String] { [world.company, world.otherCompany] }

    private static func noYes(_ value: Bool) -> String { value ? "Yes" : "No" }

    private func currencies() throws -> Table {
        var table = SampleTableBuilder(name: "Currencies", columns: ["CURRENCYCODE", "NAME", "SYMBOL"])
        for currency in SampleDualWriteReferenceData.currencies {
            table.set(["CURRENCYCODE": currency.code, "NAME": currency.name, "SYMBOL": currency.symbol])
            try table.appendRow()
        }
        return table.table
    }

    private func units() throws -> Table {
        var table = SampleTableBuilder(
            name: "Units",
            columns: ["UNITSYMBOL", "DECIMALPRECISION", "ISBASEUNIT", "ISSYSTEMUNIT", "SYSTEMOFUNITS", "UNITCLASS", "UNITDESCRIPTION"])
        for unit in SampleDualWriteReferenceData.units {
            table.set([
                "UNITSYMBOL": unit.symbol, "DECIMALPRECISION": String(unit.decimals), "ISBASEUNIT": Self.noYes(unit.isBase),
                "ISSYSTEMUNIT": "No", "SYSTEMOFUNITS": unit.system, "UNITCLASS": unit.unitClass, "UNITDESCRIPTION": unit.description,
            ])
            try table.appendRow()
        }
        return table.table
    }

    /// A table of codes and descriptions, once per legal entity.
    private func codes(
        _ name: String, code: String, description: String, rows: (String) -> [SampleDualWriteReferenceData.Code]
    ) throws -> Table {
        var table = SampleTableBuilder(name: name, columns: [code, "DATAAREAID", description])
        for company in companies {
            for row in rows(company) {
                table.set([code: row.code, "DATAAREAID": company, description: row.description])
                try table.appendRow()
            }
        }
        return table.table
    }

    private func paymentDays() throws -> Table {
        try codes("Payment days CDS", code: "NAME", description: "DESCRIPTION") { _ in SampleDualWriteReferenceData.paymentDays }
    }

    private func paymentSchedules() throws -> Table {
        var table = SampleTableBuilder(
            name: "Payment schedule",
            columns: [
                "NAME", "ALLOCATIONMETHOD", "DATAAREAID", "DESCRIPTION", "FIXEDPAYMENTAMOUNT", "MINIMUMPAYMENTAMOUNT", "NOTES",
                "NUMBEROFPAYMENTS", "PAYMENTFREQUENCY", "PAYMENTFREQUENCYUNITS", "SALESTAXALLOCATIONMETHOD",
            ])
        for company in companies {
            for schedule in SampleDualWriteReferenceData.paymentSchedules {
                table.set([
                    "NAME": schedule.name, "ALLOCATIONMETHOD": "Total", "DATAAREAID": company, "DESCRIPTION": schedule.description,
                    "FIXEDPAYMENTAMOUNT": "0.00", "MINIMUMPAYMENTAMOUNT": SampleWorld.money(cents: schedule.minimumCents),
                    "NUMBEROFPAYMENTS": String(schedule.payments), "PAYMENTFREQUENCY": String(schedule.frequency),
                    "PAYMENTFREQUENCYUNITS": schedule.frequencyUnit, "SALESTAXALLOCATIONMETHOD": "Proportional",
                ])
                try table.appendRow()
            }
        }
        return table.table
    }

    private func paymentTerms() throws -> Table {
        var table = SampleTableBuilder(
            name: "Terms of payment",
            columns: [
                "NAME", "CREDITCARDCREDITCHECKTYPE", "CREDITCARDPAYMENTTYPE", "CUTOFFDAYOFMONTH", "DATAAREAID", "DESCRIPTION",
                "ISCASHPAYMENT", "ISCERTIFIEDCOMPANYCHECK", "ISDEFAULTPAYMENTTERM", "NUMBEROFDAYS", "NUMBEROFMONTHS", "PAYMENTDAYNAME",
                "PAYMENTMETHODTYPE", "PAYMENTSCHEDULENAME",
            ])
        for company in companies {
            for term in SampleDualWriteReferenceData.paymentTerms {
                table.set([
                    "NAME": term.name, "CREDITCARDCREDITCHECKTYPE": "Normal", "CREDITCARDPAYMENTTYPE": "NA", "CUTOFFDAYOFMONTH": "0",
                    "DATAAREAID": company, "DESCRIPTION": term.description, "ISCASHPAYMENT": Self.noYes(term.isCash),
                    "ISCERTIFIEDCOMPANYCHECK": "No", "ISDEFAULTPAYMENTTERM": Self.noYes(term.isDefault),
                    "NUMBEROFDAYS": String(term.days), "NUMBEROFMONTHS": "0", "PAYMENTDAYNAME": term.paymentDay,
                    "PAYMENTMETHODTYPE": term.isCash ? "COD" : "Net", "PAYMENTSCHEDULENAME": term.schedule,
                ])
                try table.appendRow()
            }
        }
        return table.table
    }

    private func paymentMethods() throws -> Table {
        var table = SampleTableBuilder(
            name: "Customer payment method",
            columns: [
                "NAME", "ACCOUNTTYPE", "BILLOFEXCHANGEDRAFTTYPE", "BRIDGINGPOSTINGENABLED",
                "CREATEANDDRAWBILLOFEXCHANGEDURINGINVOICEPOSTING",
                "DATAAREAID", "DESCRIPTION", "DIRECTDEBIT", "DISCOUNTGRACEPERIODDAYS", "ENABLEPOSTDATEDCHECKCLEARINGPOSTING", "ISSEPA",
                "LASTFILENUMBER", "LASTFILENUMBERTODAY", "PAYMENTSTATUS", "PAYMENTTYPE", "SUMBYPERIOD",
            ])
        for company in companies {
            for method in SampleDualWriteReferenceData.paymentMethods {
                table.set([
                    "NAME": method.name, "ACCOUNTTYPE": "Bank", "BILLOFEXCHANGEDRAFTTYPE": "NoDraft", "BRIDGINGPOSTINGENABLED": "No",
                    "CREATEANDDRAWBILLOFEXCHANGEDURINGINVOICEPOSTING": "No", "DATAAREAID": company, "DESCRIPTION": method.description,
                    "DIRECTDEBIT": Self.noYes(method.isDirectDebit), "DISCOUNTGRACEPERIODDAYS": String(method.graceDays),
                    "ENABLEPOSTDATEDCHECKCLEARINGPOSTING": "No",
                    "ISSEPA": Self.noYes(method.isDirectDebit && company.uppercased() == "DEMF"), "LASTFILENUMBER": "0",
                    "LASTFILENUMBERTODAY": "0", "PAYMENTSTATUS": "None", "PAYMENTTYPE": method.paymentType, "SUMBYPERIOD": "Invoice",
                ])
                try table.appendRow()
            }
        }
        return table.table
    }

    private func taxGroups() throws -> Table {
        try codes("Sales tax groups", code: "TAXGROUPCODE", description: "DESCRIPTION", rows: SampleDualWriteReferenceData.taxGroups)
    }

    private func deliveryModes() throws -> Table {
        try codes("Modes of delivery", code: "MODECODE", description: "MODEDESCRIPTION") { _ in
            SampleDualWriteReferenceData.deliveryModes
        }
    }

    private func deliveryTerms() throws -> Table {
        var table = SampleTableBuilder(
            name: "Terms of delivery",
            columns: [
                "TERMSCODE", "DATAAREAID", "DORETAILSALESORDERSGETTRANSPORTATIONCHARGESADDED", "FREIGHTCHARGETERMS", "INTRASTATCODE",
                "ISCASHONDELIVERY", "SALESTAXLOCATIONROLE", "TERMSDESCRIPTION", "WILLSHIPMENTCONFIRMATIONTRANSFERCHARGES",
            ])
        for company in companies {
            for term in SampleDualWriteReferenceData.deliveryTerms {
                table.set([
                    "TERMSCODE": term.code, "DATAAREAID": company, "DORETAILSALESORDERSGETTRANSPORTATIONCHARGESADDED": "No",
                    "FREIGHTCHARGETERMS": term.freightTerms, "INTRASTATCODE": String(term.code.prefix(3)),
                    "ISCASHONDELIVERY": Self.noYes(term.isCashOnDelivery), "SALESTAXLOCATIONROLE": term.taxLocationRole,
                    "TERMSDESCRIPTION": term.description, "WILLSHIPMENTCONFIRMATIONTRANSFERCHARGES": "No",
                ])
                try table.appendRow()
            }
        }
        return table.table
    }

    private func priceGroups() throws -> Table {
        try codes("Price customer groups", code: "GROUPCODE", description: "GROUPNAME") { _ in SampleDualWriteReferenceData.priceGroups }
    }

    private func orderOrigins() throws -> Table {
        try codes("Sales order origin codes", code: "ORIGINCODE", description: "ORIGINDESCRIPTION") { _ in
            SampleDualWriteReferenceData.orderOrigins
        }
    }

    // MARK: released products

    /// Every F&O field of the Released products V2 map, DATAAREAID and PRODUCTSUBTYPE (mandatory in the entity).
    static let releasedProductColumns =
        [
            "ITEMNUMBER", "ALTERNATIVEITEMNUMBER", "APPROXIMATESALESTAXPERCENTAGE", "BESTBEFOREPERIODDAYS", "BOMUNITSYMBOL",
            "CARRYINGCOSTABCCODE", "CATCHWEIGHTUNITSYMBOL", "COMPARISONPRICEBASEUNITSYMBOL", "CONSTANTSCRAPQUANTITY", "COSTCHARGESQUANTITY",
            "DATAAREAID", "DEFAULTRECEIVINGQUANTITY", "FIXEDCOSTCHARGES", "FIXEDPURCHASEPRICECHARGES", "FIXEDSALESPRICECHARGES",
            "GROSSDEPTH",
            "GROSSPRODUCTHEIGHT", "GROSSPRODUCTWIDTH", "INTRASTATCHARGEPERCENTAGE", "INVENTORYUNITSYMBOL",
            "KEYINPRICEREQUIREMENTSATPOSREGISTER", "KEYINQUANTITYREQUIREMENTSATPOSREGISTER", "MARGINABCCODE", "MAXIMUMCATCHWEIGHTQUANTITY",
            "MAXIMUMPICKQUANTITY", "MINIMUMCATCHWEIGHTQUANTITY", "NECESSARYPRODUCTIONWORKINGTIMESCHEDULINGPROPERTYID", "NETPRODUCTWEIGHT",
            "PACKINGDUTYQUANTITY", "POSREGISTRATIONACTIVATIONDATE", "POSREGISTRATIONBLOCKEDDATE", "POSREGISTRATIONPLANNEDBLOCKEDDATE",
            "POTENCYBASEATTIBUTETARGETVALUE", "POTENCYBASEATTRIBUTEVALUEENTRYEVENT", "PRIMARYVENDORACCOUNTNUMBER",
            "PRODUCTDIMENSIONGROUPNAME", "PRODUCTSUBTYPE", "PRODUCTIONCONSUMPTIONDENSITYCONVERSIONFACTOR",
            "PRODUCTIONCONSUMPTIONDEPTHCONVERSIONFACTOR",
            "PRODUCTIONCONSUMPTIONHEIGHTCONVERSIONFACTOR", "PRODUCTIONCONSUMPTIONWIDTHCONVERSIONFACTOR", "PRODUCTNUMBER", "PRODUCTTYPE",
            "PRODUCTVOLUME", "PURCHASECHARGESQUANTITY", "PURCHASEOVERDELIVERYPERCENTAGE", "PURCHASEPRICE", "PURCHASEPRICEDATE",
            "PURCHASEPRICEQUANTITY", "PURCHASEPRICINGPRECISION", "PURCHASEUNDERDELIVERYPERCENTAGE", "PURCHASEUNITSYMBOL",
            "RAWMATERIALPICKINGPRINCIPLE", "SALESCHARGESQUANTITY", "SALESOVERDELIVERYPERCENTAGE", "SALESPRICE",
            "SALESPRICECALCULATIONCHARGESPERCENTAGE", "SALESPRICECALCULATIONCONTRIBUTIONRATIO", "SALESPRICECALCULATIONMODEL",
            "SALESPRICEDATE", "SALESPRICINGPRECISION", "SALESUNDERDELIVERYPERCENTAGE", "SALESUNITSYMBOL", "SCALEINDICATOR", "SELLSTARTDATE",
            "SHELFADVICEPERIODDAYS", "SHELFLIFEPERIODDAYS", "SHIPSTARTDATE", "TAREPRODUCTWEIGHT", "TRANSFERORDEROVERDELIVERYPERCENTAGE",
            "TRANSFERORDERUNDERDELIVERYPERCENTAGE", "UNITCOST", "UNITCOSTDATE", "UNITCOSTQUANTITY", "VARIABLESCRAPPERCENTAGE",
            "WAREHOUSEMOBILEDEVICEDESCRIPTIONLINE1", "WAREHOUSEMOBILEDEVICEDESCRIPTIONLINE2", "YIELDPERCENTAGE",
        ] + SampleDualWriteReferenceData.releasedProductFlags.map(\.foField)

    /// Released products V2: every product in the sample company, every fifth again in the other legal entity (as
    /// CDS released distinct products).
    func releasedProducts() throws -> Table {
        var table = SampleTableBuilder(name: "Released products V2", columns: Self.releasedProductColumns)
        func add(_ product: SampleWorld.Product, index: Int, company: String) throws {
            let day = SampleDualWriteReferenceData.priceDay(product: index)
            table.set([
                "ITEMNUMBER": product.number, "PRODUCTNUMBER": product.number, "DATAAREAID": company,
                "PRODUCTTYPE": product.isService ? "Service" : "Item", "PRODUCTSUBTYPE": "Product", "CARRYINGCOSTABCCODE": "None",
                "MARGINABCCODE": "None",
                "SALESPRICE": "\(product.price).00", "SALESPRICEDATE": SampleWorld.usDate(day: day), "SALESPRICINGPRECISION": "2",
                "UNITCOST": "\(product.cost).00", "UNITCOSTDATE": SampleWorld.usDate(day: day), "UNITCOSTQUANTITY": "1.00",
                "PURCHASEPRICE": "\(product.cost).00", "PURCHASEPRICEDATE": SampleWorld.usDate(day: day), "PURCHASEPRICEQUANTITY": "1.00",
                "SALESUNITSYMBOL": product.unit.symbol, "INVENTORYUNITSYMBOL": product.unit.symbol,
                "PURCHASEUNITSYMBOL": product.unit.symbol,
            ])
            if let weight = SampleDualWriteReferenceData.netWeight(product, index: index) {
                table.set("NETPRODUCTWEIGHT", SampleWorld.money(cents: weight))
            }
            for flag in SampleDualWriteReferenceData.releasedProductFlags { table.set(flag.foField, Self.noYes(flag.value)) }
            try table.appendRow()
        }
        for (index, product) in world.base.products.enumerated() { try add(product, index: index, company: world.company) }
        for (index, product) in world.base.products.enumerated() where index % 5 == 0 {
            try add(product, index: index, company: world.otherCompany)
        }
        return table.table
    }
}
