import Foundation
import Testing

@testable import AirlockValidate

/// The target's record ids gathered from pieces: each id held once per entity, found in either case, and nothing
/// that was not given (nor another entity's).
struct CMTExportRecordsTests {
    static func id(_ number: Int) -> String { String(format: "%08x-1111-4c2e-8f00-%012x", number &* 2_654_435_761 % 4_294_967_291, number) }

    @Test func gatheredIdsAreFoundOncePerEntity() throws {
        let records = CMTExportRecords.gathering { add in
            for number in 0..<5_000 {
                Self.id(number).utf8CString.withUnsafeBytes { add("account", UnsafeRawBufferPointer(rebasing: $0.dropLast())) }
                // Every tenth given twice, as two shards could.
                if number % 10 == 0 {
                    Self.id(number).uppercased().utf8CString.withUnsafeBytes {
                        add("account", UnsafeRawBufferPointer(rebasing: $0.dropLast()))
                    }
                }
            }
            "not a guid".utf8CString.withUnsafeBytes { add("account", UnsafeRawBufferPointer(rebasing: $0.dropLast())) }
            Self.id(9_999).utf8CString.withUnsafeBytes { add("contact", UnsafeRawBufferPointer(rebasing: $0.dropLast())) }
        }
        #expect(records.count == 5_001)
        for number in [0, 1, 10, 2_500, 4_999] {
            #expect(records.holds(entity: "account", id: Self.id(number)))
            #expect(records.holds(entity: "account", id: Self.id(number).uppercased()))
        }
        #expect(!records.holds(entity: "account", id: Self.id(5_000)))
        #expect(!records.holds(entity: "account", id: Self.id(9_999)))
        #expect(records.holds(entity: "contact", id: Self.id(9_999)))
        #expect(!records.holds(entity: "contact", id: Self.id(0)))
        #expect(!records.holds(entity: "account", id: "not a guid"))
        // Asked by the GUID's halves, as the validator asks, the same answers.
        for (entity, number, held) in [("account", 0, true), ("account", 4_999, true), ("account", 5_000, false), ("contact", 9_999, true)]
        {
            let halves = try #require(
                Self.id(number).utf8CString.withUnsafeBytes { CMTGUID(UnsafeRawBufferPointer(rebasing: $0.dropLast())) })
            #expect(records.holds(entity: entity, guidHigh: halves.high, low: halves.low) == held)
        }
    }

    /// Ids given entity after entity and back again (as shard after shard gives them) are all kept.
    @Test func idsOfAnEntityGivenInSeveralRunsAreAllKept() {
        let records = CMTExportRecords.gathering { add in
            for run in 0..<3 {
                for entity in ["account", "contact"] {
                    for number in (run * 100)..<(run * 100 + 100) {
                        Self.id(number).utf8CString.withUnsafeBytes { add(entity, UnsafeRawBufferPointer(rebasing: $0.dropLast())) }
                    }
                }
            }
        }
        #expect(records.count == 600)
        for number in [0, 99, 100, 250, 299] {
            #expect(records.holds(entity: "account", id: Self.id(number)) && records.holds(entity: "contact", id: Self.id(number)))
        }
    }
}
