import AirlockCatalog
import AirlockIO
import AirlockModel
import AirlockPackages
import AirlockValidate
import Foundation
import Testing

/// `CMTObserverRelay` tells its observer, on another thread, exactly what the writer told it.
struct CMTObserverRelayTests {
    /// Writes down every call, with its arguments as text.
    final class Recorder: CMTDataObserver {
        var line = 0
        var calls: [String] = []

        static func text(_ bytes: UnsafeRawBufferPointer?) -> String {
            bytes.map { "'" + String(decoding: $0, as: UTF8.self) + "'" } ?? "nil"
        }

        func rootStarted(timestamp: String?, line: Int) { calls.append("root \(timestamp ?? "nil") \(line)") }
        func sectionStarted(name: String, line: Int) { calls.append("section \(name) \(line)") }
        func recordStarted(id: UnsafeRawBufferPointer, line: Int) { calls.append("record \(Self.text(id)) \(line)") }
        func field(
            column: Int, name: String, value: UnsafeRawBufferPointer, lookupEntity: UnsafeRawBufferPointer?, line: Int, hasMembers: Bool
        ) {
            calls.append("field \(column) \(name) \(Self.text(value)) \(Self.text(lookupEntity)) \(line) \(hasMembers)")
        }
        func partyMemberStarted(id: UnsafeRawBufferPointer, line: Int) { calls.append("member \(Self.text(id)) \(line)") }
        func partyMemberField(name: String, value: UnsafeRawBufferPointer, lookupEntity: UnsafeRawBufferPointer?, line: Int) {
            calls.append("member field \(name) \(Self.text(value)) \(Self.text(lookupEntity)) \(line)")
        }
        func partyMembersEnded() { calls.append("members end") }
        func recordEnded() { calls.append("record end") }
        func manyToManyStarted(name: String?, sourceID: String?, line: Int) {
            calls.append("m2m \(name ?? "nil") \(sourceID ?? "nil") \(line)")
        }
        func manyToManyTarget(_ id: String, line: Int) { calls.append("m2m target \(id) \(line)") }
    }

    static func package() throws -> CMTPackage {
        let source = MemoryPackageSource(
            path: "problems.zip",
            members: [
                (CMTPackage.schemaMember, Array(CMTProblemsPackage.schema.utf8)),
                (CMTPackage.dataMember, Array(CMTProblemsPackage.data.utf8)),
                (CMTPackage.contentTypesMember, CMTContentTypes.bytes),
            ])
        return try CMTPackageReader(source: source).read()
    }

    static func write(_ package: CMTPackage, observer: CMTDataObserver) throws {
        let path = try Fixture.scratchDirectory("airlock-relay") + "/relay.zip"
        try CMTPackageWriter.write(schema: package.schema, timestamp: package.data.timestamp, to: path, observer: observer) { emit in
            for entity in package.data.entities { try emit(entity, [.whole(entity)]) }
        }
    }

    @Test(arguments: [16, 200, 256 * 1024])
    func theObserverIsToldWhatTheWriterSaidInOrder(_ blockSize: Int) throws {
        let package = try Self.package()
        let direct = Recorder()
        try Self.write(package, observer: direct)
        let relayed = Recorder()
        let relay = CMTObserverRelay(replayingInto: relayed, blockSize: blockSize, depth: 2)
        try Self.write(package, observer: relay)
        try relay.finish()
        #expect(relayed.calls == direct.calls)
        #expect(direct.calls.contains { $0.hasPrefix("member field partyid") } && direct.calls.contains { $0.hasPrefix("m2m target") })
        #expect(direct.calls.count > 40)
    }

    @Test func aWriterThatFailsLeavesNoThreadWaiting() throws {
        let package = try Self.package()
        let pass = FindingCollector()
        let source = StreamedPackageSource(
            path: "failing.zip",
            members: [
                (CMTPackage.schemaMember, try CMTSchemaWriter.bytes(package.schema)),
                (CMTPackage.contentTypesMember, CMTContentTypes.bytes),
            ],
            streamed: CMTPackage.dataMember, stream: MemoryByteStream([]), streamedAfter: 1)
        #expect(throws: AirlockError.self) {
            try CMTPackageValidator(catalog: SchemaCatalogLoader.bundled()).validateWritten(source, into: pass) { observer in
                observer.sectionStarted(name: "account", line: 3)
                throw AirlockError(.io, "the disk is full")
            }
        }
    }
}
