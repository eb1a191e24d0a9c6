/// A sales quotation the F&O side of a dual-write sample pair holds (`SampleDualWriteFOExport.quotations`): a document
/// of the world, its number, status and the order it became.
struct SampleDualWriteQuotation {
    var document: SampleWorld.Document
    var number: String
    /// SALESQUOTATIONSTATUS (F&O's SalesQuotationStatus symbol).
    var status: String
    /// GENERATEDSALESORDERNUMBER: the F&O order a confirmed quotation became, or empty.
    var generatedOrder: String
    /// Whether F&O's customer reference differs from the Sales quote's (drift).
    var drifted: Bool
}
