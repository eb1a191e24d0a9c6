import AirlockIO
import AirlockModel

extension SampleDualWriteFOExport {
    /// The quotations of the sample company, decided by each record's index (no random draw, so the other records of
    /// the pair are as before):
    ///
    /// - Sales quotes F&O holds too: every other Sales quote from the first that is a draft (the state the quotes map
    ///   takes) and whose customer F&O has, under its Sales number, status Sent, with F&O's totals (10 % tax); every
    ///   other one from the first has another customer's reference in F&O (drift).
    /// - F&O-only quotations: one per third F&O order from the first, `SQ-` and the order's digits, for the order's
    ///   customer and lines, status Confirmed (with the order as GENERATEDSALESORDERNUMBER), Sent, Created and Lost
    ///   in turn.
    var quotations: [SampleDualWriteQuotation] {
        let base = world.base
        var quotations: [SampleDualWriteQuotation] = []
        var shared = 0
        for (index, quote) in base.quotes.enumerated() where index % 2 == 0 && index % 20 != 1 && base.accounts[quote.account].inFO {
            quotations.append(
                SampleDualWriteQuotation(
                    document: quote, number: quote.number, status: "Sent", generatedOrder: "", drifted: shared % 2 == 0))
            shared += 1
        }
        for (index, order) in base.foOrders.enumerated() where index % 3 == 0 {
            let status = ["Confirmed", "Sent", "Created", "Lost"][index / 3 % 4]
            quotations.append(
                SampleDualWriteQuotation(
                    document: order, number: "SQ-" + order.number.dropFirst(3), status: status,
                    generatedOrder: status == "Confirmed" ? order.number : "", drifted: false))
        }
        return quotations
    }

    /// The CDS sales quotation header and lines files (the header CSV-Unicode, the lines CSV).
    func quotationFiles() throws -> [(label: String, technicalName: String, encoding: TextEncoding, table: Table)] {
        let quotations = quotations
        return [
            ("CDS sales quotation header", "SalesQuotationHeaderCDSEntity", .utf16LE, try quotationHeaders(quotations)),
            ("CDS sales quotation lines", "SalesQuotationLineCDSEntity", .utf8BOM, try quotationLines(quotations)),
        ]
    }

    /// `street\nzip city\ncountry`: a formatted address as F&O shows it, on three lines.
    private static func formattedAddress(_ address: SampleWorld.Address) -> String {
        "\(address.street)\n\(address.zip) \(address.city)\n\(address.country)"
    }

    /// Every F&O field of the quotation header map, and DATAAREAID.
    static let quotationHeaderColumns = [
        "SALESQUOTATIONNUMBER", "AREPRICESINCLUDINGSALESTAX", "CONTACTPERSONID", "CURRENCYCODE", "CUSTOMERREQUISITIONNUMBER",
        "CUSTOMERSREFERENCE", "DATAAREAID", "DEFAULTSHIPPINGSITEID", "DEFAULTSHIPPINGWAREHOUSEID", "DELIVERYADDRESSCITY",
        "DELIVERYADDRESSCOUNTRYREGIONISOCODE", "DELIVERYADDRESSCOUNTYID", "DELIVERYADDRESSDESCRIPTION", "DELIVERYADDRESSDISTRICTNAME",
        "DELIVERYADDRESSDUNSNUMBER", "DELIVERYADDRESSLATITUDE", "DELIVERYADDRESSLOCATIONID", "DELIVERYADDRESSLONGITUDE",
        "DELIVERYADDRESSNAME", "DELIVERYADDRESSPOSTBOX", "DELIVERYADDRESSSTATEID", "DELIVERYADDRESSSTREET", "DELIVERYADDRESSSTREETNUMBER",
        "DELIVERYADDRESSZIPCODE", "DELIVERYBUILDINGCOMPLIMENT", "EMAIL", "FORMATTEDDELIVERYADDRESS", "FORMATTEDINVOICEADDRESS",
        "GENERATEDSALESORDERNUMBER", "INVOICEADDRESSCITY", "INVOICEADDRESSCOUNTRYREGIONID", "INVOICEADDRESSCOUNTRYREGIONISOCODE",
        "INVOICEADDRESSCOUNTYID", "INVOICEADDRESSDISTRICTNAME", "INVOICEADDRESSLATITUDE", "INVOICEADDRESSLONGITUDE",
        "INVOICEADDRESSPOSTBOX", "INVOICEADDRESSSTATEID", "INVOICEADDRESSSTREET", "INVOICEADDRESSSTREETNUMBER", "INVOICEADDRESSZIPCODE",
        "INVOICEBUILDINGCOMPLIMENT", "INVOICECUSTOMERACCOUNTNUMBER", "ISDELIVERYADDRESSORDERSPECIFIC", "ISDELIVERYADDRESSPRIVATE",
        "ISINVOICEADDRESSPRIVATE", "LANGUAGEID", "PAYMENTTERMSNAME", "PRICECUSTOMERGROUPCODE", "QUOTATIONTOTALAMOUNT",
        "QUOTATIONTOTALCHARGESAMOUNT", "QUOTATIONTOTALTAXAMOUNT", "RECEIPTDATEREQUESTED", "REQUESTEDSHIPPINGDATE",
        "REQUESTINGCUSTOMERACCOUNTNUMBER", "SALESORDERPROMISINGMETHOD", "SALESQUOTATIONCONFIRMATIONDATE", "SALESQUOTATIONEXPIRYDATE",
        "SALESQUOTATIONFOLLOWUPDATE", "SALESQUOTATIONNAME", "SALESQUOTATIONSTATUS", "TOTALDISCOUNTAMOUNT", "TOTALDISCOUNTPERCENTAGE", "URL",
    ]

    private func quotationHeaders(_ quotations: [SampleDualWriteQuotation]) throws -> Table {
        let base = world.base
        var table = SampleTableBuilder(name: "CDS sales quotation header", columns: Self.quotationHeaderColumns)
        for (index, quotation) in quotations.enumerated() {
            let document = quotation.document
            let account = base.accounts[document.account]
            let a = account.address
            let invoice = world.invoiceAddresses[document.account]
            let totals = world.totals(document)
            let group = world.groups[document.account]
            table.set([
                "PAYMENTTERMSNAME": SampleDualWriteReferenceData.paymentTerm(customer: document.account, group: group),
                "PRICECUSTOMERGROUPCODE": SampleDualWriteReferenceData.priceGroup(group),
                "SALESORDERPROMISINGMETHOD": index % 3 == 2 ? "ATP" : "None", "SALESQUOTATIONSTATUS": quotation.status,
                "GENERATEDSALESORDERNUMBER": quotation.generatedOrder,
                "CUSTOMERSREFERENCE": quotation.drifted ? document.reference + " (rev. 2)" : document.reference,
                "RECEIPTDATEREQUESTED": SampleWorld.usDate(day: min(document.day + 3, 364)),
                "REQUESTEDSHIPPINGDATE": SampleWorld.usDate(day: document.day),
                "SALESQUOTATIONEXPIRYDATE": SampleWorld.usDate(day: min(document.day + 30, 364)),
                "SALESQUOTATIONFOLLOWUPDATE": SampleWorld.usDate(day: min(document.day + 7, 364)),
            ])
            if quotation.status == "Confirmed" {
                table.set("SALESQUOTATIONCONFIRMATIONDATE", SampleWorld.usDate(day: min(document.day + 1, 364)))
            }
            table.set([
                "SALESQUOTATIONNUMBER": quotation.number, "AREPRICESINCLUDINGSALESTAX": "No", "CURRENCYCODE": account.currency,
                "DATAAREAID": world.company, "DELIVERYADDRESSCITY": a.city, "DELIVERYADDRESSCOUNTRYREGIONISOCODE": a.country,
                "DELIVERYADDRESSDESCRIPTION": world.displayName(document.account),
                "DELIVERYADDRESSNAME": world.displayName(document.account),
                "DELIVERYADDRESSSTATEID": a.state, "DELIVERYADDRESSSTREET": a.street, "DELIVERYADDRESSZIPCODE": a.zip,
                "EMAIL": account.email, "FORMATTEDDELIVERYADDRESS": Self.formattedAddress(a),
                "FORMATTEDINVOICEADDRESS": Self.formattedAddress(invoice), "INVOICEADDRESSCITY": invoice.city,
                "INVOICEADDRESSCOUNTRYREGIONISOCODE": invoice.country, "INVOICEADDRESSSTATEID": invoice.state,
                "INVOICEADDRESSSTREET": invoice.street, "INVOICEADDRESSZIPCODE": invoice.zip,
                "INVOICECUSTOMERACCOUNTNUMBER": account.number, "ISDELIVERYADDRESSORDERSPECIFIC": "No", "ISDELIVERYADDRESSPRIVATE": "No",
                "ISINVOICEADDRESSPRIVATE": "No", "LANGUAGEID": "en-us", "REQUESTINGCUSTOMERACCOUNTNUMBER": account.number,
                "QUOTATIONTOTALAMOUNT": SampleWorld.money(cents: totals.amount + totals.charges + totals.tax),
                "QUOTATIONTOTALCHARGESAMOUNT": SampleWorld.money(cents: totals.charges),
                "QUOTATIONTOTALTAXAMOUNT": SampleWorld.money(cents: totals.tax),
                "SALESQUOTATIONNAME": "\(world.displayName(document.account)) – \(quotation.number)",
                "TOTALDISCOUNTAMOUNT": SampleWorld.money(cents: totals.discount),
            ])
            try table.appendRow()
        }
        return table.table
    }

    /// Every F&O field of the quotation line map, and DATAAREAID.
    static let quotationLineColumns = [
        "SALESQUOTATIONNUMBER", "LINECREATIONSEQUENCENUMBER", "ALLOWEDOVERDELIVERYPERCENTAGE", "ALLOWEDUNDERDELIVERYPERCENTAGE",
        "CURRENCYCODE", "DATAAREAID", "DELIVERYADDRESSCITY", "DELIVERYADDRESSCOUNTRYREGIONISOCODE", "DELIVERYADDRESSCOUNTYID",
        "DELIVERYADDRESSDESCRIPTION", "DELIVERYADDRESSDISTRICTNAME", "DELIVERYADDRESSDUNSNUMBER", "DELIVERYADDRESSLATITUDE",
        "DELIVERYADDRESSLOCATIONID", "DELIVERYADDRESSLONGITUDE", "DELIVERYADDRESSNAME", "DELIVERYADDRESSPOSTBOX", "DELIVERYADDRESSSTATEID",
        "DELIVERYADDRESSSTREET", "DELIVERYADDRESSSTREETNUMBER", "DELIVERYADDRESSZIPCODE", "DELIVERYBUILDINGCOMPLIMENT",
        "EXTERNALITEMNUMBER", "FIXEDPRICECHARGES", "FORMATTEDDELIVERYADDRESS", "ISDELIVERYADDRESSORDERSPECIFIC",
        "ISDELIVERYADDRESSPRIVATE", "LINEAMOUNT", "LINEDESCRIPTION", "LINEDISCOUNTAMOUNT", "LINEDISCOUNTPERCENTAGE",
        "MULTILINEDISCOUNTAMOUNT", "MULTILINEDISCOUNTPERCENTAGE", "PRODUCTNAME", "PRODUCTNUMBER", "REQUESTEDRECEIPTDATE",
        "REQUESTEDSALESQUANTITY", "REQUESTEDSHIPPINGDATE", "SALESPRICE", "SALESPRICEQUANTITY", "SALESPRODUCTCATEGORYHIERARCHYNAME",
        "SALESPRODUCTCATEGORYNAME", "SALESQUOTATIONPROMISINGMETHOD", "SALESQUOTATIONSTATUS", "SALESUNITSYMBOL", "SHIPPINGSITEID",
        "SHIPPINGWAREHOUSEID", "TOTALCHARGESAMOUNT", "TOTALDISCOUNTAMOUNT", "TOTALTAXAMOUNT",
    ]

    private func quotationLines(_ quotations: [SampleDualWriteQuotation]) throws -> Table {
        let base = world.base
        var table = SampleTableBuilder(name: "CDS sales quotation lines", columns: Self.quotationLineColumns)
        for quotation in quotations {
            let document = quotation.document
            let account = base.accounts[document.account]
            let a = account.address
            for (index, line) in document.lines.enumerated() {
                let product = base.products[line.product]
                let (amount, tax) = world.lineAmounts(line)
                table.set([
                    "SALESQUOTATIONNUMBER": quotation.number, "LINECREATIONSEQUENCENUMBER": String(index + 1),
                    "CURRENCYCODE": account.currency, "DATAAREAID": world.company, "DELIVERYADDRESSCITY": a.city,
                    "DELIVERYADDRESSCOUNTRYREGIONISOCODE": a.country, "DELIVERYADDRESSSTATEID": a.state, "DELIVERYADDRESSSTREET": a.street,
                    "DELIVERYADDRESSZIPCODE": a.zip, "FORMATTEDDELIVERYADDRESS": Self.formattedAddress(a),
                    "ISDELIVERYADDRESSORDERSPECIFIC": "No", "ISDELIVERYADDRESSPRIVATE": "No",
                    "LINEAMOUNT": SampleWorld.money(cents: amount),
                    "PRODUCTNAME": product.name, "PRODUCTNUMBER": product.number, "REQUESTEDSALESQUANTITY": String(line.quantity),
                    "REQUESTEDSHIPPINGDATE": SampleWorld.usDate(day: document.day), "SALESPRICE": "\(product.price).00",
                    "SALESQUOTATIONSTATUS": quotation.status, "SALESUNITSYMBOL": product.unit.symbol, "TOTALCHARGESAMOUNT": "0.00",
                    "TOTALDISCOUNTAMOUNT": SampleWorld.money(cents: line.discountCents), "TOTALTAXAMOUNT": SampleWorld.money(cents: tax),
                ])
                try table.appendRow()
            }
        }
        return table.table
    }
}
