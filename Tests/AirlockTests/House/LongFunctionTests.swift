import Foundation
import Testing

/// No function of `Sources/` (the sample generator, `Sources/AirlockSample`, aside) is longer than
/// `LongFunctionTests.limit` lines, unless `allowed` names it with the reason it may be: a long function is split
/// into named steps, the way `FlowRunner.mapRecords` reads as the list of its steps. The list holds at most
/// `LongFunctionTests.allowedAtMost` entries, and an entry whose function is gone or now short fails, so that it
/// stays true.
@Suite struct LongFunctionTests {
    /// The most lines a function may have, from its declaration line through its closing brace.
    static let limit = 80
    /// How many long functions `allowed` may hold.
    static let allowedAtMost = 10

    /// The functions over `limit` lines that may stay, by their qualified name (`Type.function`), each with its reason.
    static let allowed: [String: String] = [
        "MatchModelEstimator.estimate":
            "numeric code: the EM estimator's iterations over the comparison patterns, one loop read as the algorithm",
        "MatchModelEstimator.session":
            "numeric code: one EM session's expectation and maximisation steps over the patterns",
        "CMTDataWriter.writeRecord":
            "hot loop: every field of every record written; its steps share the buffer and state of one record",
        "CMTDataReader.parseEntity":
            "hot loop: the XML reader's event loop over every record and field of an entity",
        "FOValidationConsumer.consume":
            "hot loop: every value of every F&O record checked in one pass over the record's fields",
    ]

    /// A long function found: where it is, its qualified name and its length.
    struct LongFunction: CustomStringConvertible {
        var file: String
        var line: Int
        var name: String
        var lines: Int
        var description: String { "\(file):\(line) \(name) (\(lines) lines)" }
    }

    /// Every function of `Sources/` outside the sample generator longer than `limit` lines, in file order, read once
    /// for the tests that look at them.
    static let scanned = Result { try longFunctions() }

    /// Every function of `Sources/` outside the sample generator longer than `limit` lines, in file order.
    static func longFunctions() throws -> [LongFunction] {
        let sources = ConvertFixture.root.appendingPathComponent("Sources")
        guard let enumerator = FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil) else {
            throw CocoaError(.fileReadNoSuchFile, userInfo: [NSFilePathErrorKey: sources.path])
        }
        let files = enumerator.compactMap { $0 as? URL }
            .filter { $0.pathExtension == "swift" }
            .map { String($0.standardizedFileURL.path.dropFirst(sources.standardizedFileURL.path.count + 1)) }
            .filter { !$0.hasPrefix("AirlockSample/") }
            .sorted()
        var long: [LongFunction] = []
        for file in files {
            let text = try String(contentsOf: sources.appendingPathComponent(file), encoding: .utf8)
            for function in try SwiftFunctionLengths.functions(in: text) where function.lines > limit {
                long.append(LongFunction(file: "Sources/" + file, line: function.line, name: function.name, lines: function.lines))
            }
        }
        return long
    }

    @Test func noFunctionIsLongerThanTheLimitUnlessAllowedWithAReason() throws {
        let long = try Self.scanned.get()
        let unexplained = long.filter { Self.allowed[$0.name] == nil }
        #expect(
            unexplained.isEmpty,
            """
            functions over \(Self.limit) lines: name their steps as private functions (as FlowRunner.mapRecords does), \
            or give a reason in LongFunctionTests.allowed:
            \(unexplained.map(\.description).joined(separator: "\n"))
            """)
    }

    @Test func theAllowedListIsShortAndTrue() throws {
        #expect(Self.allowed.count <= Self.allowedAtMost, "at most \(Self.allowedAtMost) long functions may stay")
        let long = Set(try Self.scanned.get().map(\.name))
        let stale = Self.allowed.keys.filter { !long.contains($0) }.sorted()
        #expect(stale.isEmpty, "allowed but gone or now at most \(Self.limit) lines, take them off LongFunctionTests.allowed: \(stale)")
        for (name, reason) in Self.allowed {
            #expect(!reason.trimmingCharacters(in: .whitespaces).isEmpty, "\(name) is allowed without a reason")
        }
    }

    @Test func theCounterSkipsStringsAndCommentsAndMeasuresEachFunction() throws {
        let text = #"""
            struct Example {
                /// A brace in a comment: {
                func first() -> String {
                    let text = "}}} \(value("{")) {"
                    /* { nested /* } */ { */
                    return text + #"raw "}" {"#
                }

                var computed: Int {
                    1
                }

                var stored: Int = { 2 }()

                init(
                    value: Int
                ) throws
                {
                    let multi = """
                        } { \(value)
                        """
                }
            }

            protocol Requirement {
                func required() -> Int
                var property: Int { get }
            }

            extension Example {
                func last() {}
            }
            """#
        let functions = try SwiftFunctionLengths.functions(in: text)
        #expect(
            functions == [
                .init(name: "Example.first", line: 3, lines: 5), .init(name: "Example.computed", line: 9, lines: 3),
                .init(name: "Example.init", line: 15, lines: 8), .init(name: "Requirement.property", line: 27, lines: 1),
                .init(name: "Example.last", line: 31, lines: 1),
            ])
    }
}
