/// One `DataManagementPackageEntityData` of a manifest: an entity line of the data project.
///
/// Optional properties are written only when set, so a manifest read from a 2017 export and one from a
/// modern export both round-trip with the elements they had. Properties are listed in the alphabetical
/// order the DataContractSerializer requires.
public struct FOManifestEntity: Sendable, Equatable {
    /// `FullPush` or `IncrementalPush` (modern manifests).
    public var defaultRefreshType: String?
    public var disable: Bool?
    /// The field map; nil is written `i:nil="true"`.
    public var entityMap: [FOEntityMapping]?
    /// The DMF entity label (`Customers V3`), not the AOT name.
    public var entityName: String
    /// XSLT transforms; nil is written `i:nil="true"`.
    public var entityTransforms: [FOGenericRecord]?
    /// Present-but-empty is `""`, absent is nil.
    public var excelSheetName: String?
    public var executionUnit: Int?
    public var failExecutionUnitOnError: Bool?
    public var failLevelOnError: Bool?
    /// The zip entry holding the entity's data.
    public var inputFilePath: String?
    public var levelInExecutionUnit: Int?
    /// Serialized export query, kept verbatim (including its line breaks).
    public var queryData: String?
    /// Whether `QueryData` was written `i:nil="true"`.
    public var queryDataIsNil: Bool
    public var queryFilter: String?
    public var queryFilterIsNil: Bool
    public var runBusinessLogic: Bool?
    public var runBusinessValidation: Bool?
    public var sampleFilePath: String?
    public var sequenceInLevel: Int?
    public var skipStaging: Bool?
    /// Name of a "Source data format" record in the target environment (`CSV-Unicode`, `XML-Attribute`, …).
    public var sourceFormat: String?
    /// The AOT entity name (`CustCustomerV3Entity`).
    public var targetEntity: String?
    /// `Yes`, `No` or `Error`.
    public var validationStatus: String?

    public init(entityName: String) {
        self.entityName = entityName
        self.queryDataIsNil = false
        self.queryFilterIsNil = false
    }
}
