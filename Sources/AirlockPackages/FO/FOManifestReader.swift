import AirlockIO
import AirlockModel

/// Reads `Manifest.xml` and `PackageHeader.xml` (UTF-16 LE with BOM as F&O writes them, or UTF-8).
///
/// Elements are matched by local name; unknown elements are ignored, so manifests from newer F&O versions
/// still read. Element order is not enforced here (the validator reports it).
public enum FOManifestReader {
    /// Largest manifest accepted, in elements: a 300-field entity line has about 2,800.
    static let maxElements = 1_000_000

    /// Reads a package header.
    /// - Throws: `AirlockError` for malformed XML, a wrong root element or a bad value.
    public static func readHeader(_ stream: ByteStream, location: SourceLocation) throws -> FOPackageHeader {
        let root = try XMLElementNode.parse(stream, location: location, maxElements: 10_000)
        guard root.name == "DataManagementPackageHeader" else {
            throw AirlockError(
                .malformedXML, "expected the root element DataManagementPackageHeader, found \(root.name)",
                at: at(location, root))
        }
        var header = FOPackageHeader(description: nil, manifestType: nil, packageType: nil, packageVersion: nil)
        for child in root.children {
            switch child.name {
            case "Description": header.description = child.text
            case "ManifestType": header.manifestType = child.text
            case "PackageType": header.packageType = child.text
            case "PackageVersion": header.packageVersion = try int(child, location)
            default: continue
            }
        }
        return header
    }

    /// Reads a manifest.
    /// - Throws: `AirlockError` for malformed XML, a wrong root element or a bad value.
    public static func readManifest(_ stream: ByteStream, location: SourceLocation) throws -> FOManifest {
        let root = try XMLElementNode.parse(stream, location: location, maxElements: maxElements)
        guard root.name == "DataManagementPackageManifest" else {
            throw AirlockError(
                .malformedXML, "expected the root element DataManagementPackageManifest, found \(root.name)",
                at: at(location, root))
        }
        var manifest = FOManifest(definitionGroupName: nil, description: nil, entities: [])
        for child in root.children {
            switch child.name {
            case "DefinitionGroupName": manifest.definitionGroupName = child.text
            case "Description": manifest.description = child.text
            case "PackageEntityList":
                manifest.entities = try child.children
                    .filter { $0.name == "DataManagementPackageEntityData" }
                    .map { try entity($0, location) }
            case "ProjectCategory": manifest.projectCategory = try int(child, location)
            case "RulesData": manifest.hasRulesData = true
            default: continue
            }
        }
        return manifest
    }

    /// Data members that break the ordinal-alphabetical order .NET's DataContractSerializer requires (it silently
    /// drops a member that comes out of order), in a manifest or header, as the line and a message.
    /// - Throws: `AirlockError` for malformed XML.
    public static func memberOrderProblems(_ stream: ByteStream, location: SourceLocation) throws -> [(line: Int, message: String)] {
        let root = try XMLElementNode.parse(stream, location: location, maxElements: maxElements)
        var problems: [(line: Int, message: String)] = []
        func visit(_ node: XMLElementNode) {
            let names = node.children.map(\.name)
            // Lists repeat one element name; data contracts have distinct member names in order.
            if Set(names).count == names.count {
                for (previous, next) in zip(node.children, node.children.dropFirst()) where next.name < previous.name {
                    problems.append(
                        (
                            next.line,
                            "in \(node.name), \(next.name) comes after \(previous.name); F&O drops members that are out of alphabetical order"
                        ))
                }
            }
            node.children.forEach(visit)
        }
        visit(root)
        return problems
    }

    private static func entity(_ node: XMLElementNode, _ location: SourceLocation) throws -> FOManifestEntity {
        guard let nameNode = node.child("EntityName") else {
            throw AirlockError(.malformedXML, "an entity line has no EntityName", at: at(location, node))
        }
        var entity = FOManifestEntity(entityName: nameNode.text)
        for child in node.children {
            switch child.name {
            case "DefaultRefreshType": entity.defaultRefreshType = child.text
            case "Disable": entity.disable = try bool(child, location)
            case "EntityMapList":
                entity.entityMap =
                    child.isNil ? nil : try child.children.filter { $0.name == "EntityMap" }.map { try mapping($0, location) }
            case "EntityTransformList":
                entity.entityTransforms = child.isNil ? nil : child.children.map(generic)
            case "ExcelSheetName": entity.excelSheetName = child.text
            case "ExecutionUnit": entity.executionUnit = try int(child, location)
            case "FailExecutionUnitOnError": entity.failExecutionUnitOnError = try bool(child, location)
            case "FailLevelOnError": entity.failLevelOnError = try bool(child, location)
            case "InputFilePath": entity.inputFilePath = child.text
            case "LevelInExecutionUnit": entity.levelInExecutionUnit = try int(child, location)
            case "QueryData":
                entity.queryData = child.isNil ? nil : child.text
                entity.queryDataIsNil = child.isNil
            case "QueryFilter":
                entity.queryFilter = child.isNil ? nil : child.text
                entity.queryFilterIsNil = child.isNil
            case "RunBusinessLogic": entity.runBusinessLogic = try bool(child, location)
            case "RunBusinessValidation": entity.runBusinessValidation = try bool(child, location)
            case "SampleFilePath": entity.sampleFilePath = child.text
            case "SequenceInLevel": entity.sequenceInLevel = try int(child, location)
            case "SkipStaging": entity.skipStaging = try bool(child, location)
            case "SourceFormat": entity.sourceFormat = child.text
            case "TargetEntity": entity.targetEntity = child.text
            case "ValidationStatus": entity.validationStatus = child.text
            default: continue
            }
        }
        return entity
    }

    private static func mapping(_ node: XMLElementNode, _ location: SourceLocation) throws -> FOEntityMapping {
        var map = FOEntityMapping(entityField: "", xmlField: "")
        var sawXMLField = false
        for child in node.children {
            switch child.name {
            case "ArrayIndex": map.arrayIndex = try int(child, location)
            case "EntityField": map.entityField = child.text
            case "EntityFieldConversionList": map.fieldConversions = child.isNil ? nil : child.children.map(generic)
            case "IsAutoDefault": map.isAutoDefault = try bool(child, location)
            case "IsAutoGenerated": map.isAutoGenerated = try bool(child, location)
            case "IsDefaultValueEqualNull": map.isDefaultValueEqualNull = try bool(child, location)
            case "UseTextQualifier": map.useTextQualifier = try bool(child, location)
            case "XMLField":
                map.xmlField = child.text
                sawXMLField = true
            default: continue
            }
        }
        if !sawXMLField { map.xmlField = map.entityField }
        return map
    }

    private static func generic(_ node: XMLElementNode) -> FOGenericRecord {
        FOGenericRecord(
            elementName: node.name,
            members: node.children.map { FOGenericRecord.Member(name: $0.name, value: $0.isNil ? nil : $0.text) })
    }

    private static func int(_ node: XMLElementNode, _ location: SourceLocation) throws -> Int {
        let text = node.text.trimmingASCIIWhitespace()
        guard let value = Int(text) else {
            throw AirlockError(.malformedXML, "\(node.name) must be an integer, found '\(text)'", at: at(location, node))
        }
        return value
    }

    private static func bool(_ node: XMLElementNode, _ location: SourceLocation) throws -> Bool {
        switch node.text.trimmingASCIIWhitespace() {
        case "true", "1": return true
        case "false", "0": return false
        case let other:
            throw AirlockError(.malformedXML, "\(node.name) must be true or false, found '\(other)'", at: at(location, node))
        }
    }

    private static func at(_ location: SourceLocation, _ node: XMLElementNode) -> SourceLocation {
        var place = location
        place.line = node.line > 0 ? node.line : nil
        return place
    }
}
