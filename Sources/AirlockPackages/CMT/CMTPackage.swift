/// A whole Configuration Migration package: `data_schema.xml` and `data.xml`.
public struct CMTPackage: Sendable, Equatable {
    /// The records member at the package root.
    public static let dataMember = "data.xml"
    /// The schema member at the package root.
    public static let schemaMember = "data_schema.xml"
    /// The OPC content-types member CMT zips carry.
    public static let contentTypesMember = "[Content_Types].xml"

    /// `data_schema.xml`.
    public var schema: CMTSchema
    /// `data.xml`.
    public var data: CMTData

    public init(schema: CMTSchema, data: CMTData) {
        self.schema = schema
        self.data = data
    }
}
