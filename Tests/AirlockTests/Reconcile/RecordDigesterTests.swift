import AirlockKit
import Testing

/// `RecordDigester`: which sets of values share a digest (the same values in order, missing and empty, a trailing
/// carriage return unless exact) and which do not (a value's boundary moved, a value changed, the order), and that
/// its fingerprints are `fingerprint(_:)`'s.
struct RecordDigesterTests {
    static func digest(_ values: [String?], exact: Bool = false) -> RecordDigest {
        var digester = RecordDigester(exact: exact)
        digester.reset()
        for value in values { add(value, to: &digester) }
        return digester.digest()
    }

    static func add(_ value: String?, to digester: inout RecordDigester) {
        guard var value else { return digester.add(nil) }
        value.withUTF8 { digester.add(UnsafeRawBufferPointer($0)) }
    }

    @Test func tellsValuesApart() {
        let record: [String?] = ["USMF", "Contoso", "12.50"]
        #expect(Self.digest(record) == Self.digest(record))
        #expect(Self.digest(["ab", "c"]) != Self.digest(["a", "bc"]))
        #expect(Self.digest(["a", "b"]) != Self.digest(["b", "a"]))
        #expect(Self.digest(["USMF", "Contoso", "12.5"]) != Self.digest(record))
        #expect(Self.digest(["", ""]) != Self.digest([""]))
        #expect(Self.digest([]) != Self.digest([""]))
    }

    @Test func missingIsEmptyAndATrailingCarriageReturnIsDroppedUnlessExact() {
        #expect(Self.digest(["a", nil]) == Self.digest(["a", ""]))
        #expect(Self.digest(["a", "b\r"]) == Self.digest(["a", "b"]))
        #expect(Self.digest(["a", "b\r"], exact: true) != Self.digest(["a", "b"], exact: true))
        #expect(Self.digest(["a", "b\r\r"]) != Self.digest(["a", "b"]))
    }

    /// A digester can be reused: `reset` forgets everything added before.
    @Test func resetStartsOver() {
        var digester = RecordDigester()
        Self.add("old", to: &digester)
        digester.reset()
        Self.add("a", to: &digester)
        #expect(digester.digest() == Self.digest(["a"]))
        #expect(digester.prints.count == 1)
        #expect(digester.byteCount == 2)
    }

    @Test func fingerprintsAreTheStaticFunctions() {
        var digester = RecordDigester()
        let values = ["USMF", "", "Contoso Retail San Diego, a long value past sixteen bytes", "b\r"]
        for value in values { Self.add(value, to: &digester) }
        var expected: [UInt16] = []
        for var value in values { value.withUTF8 { expected.append(RecordDigester.fingerprint(UnsafeRawBufferPointer($0))) } }
        #expect(digester.prints == expected)
        #expect(RecordDigester.fingerprint(nil) == expected[1])
        #expect(expected[0] != expected[2])
    }

    /// `addToLast` changes the digest and the last value's fingerprint, and is not the same as a value of its own.
    @Test func addToLastBelongsToTheLastValue() {
        var plain = RecordDigester()
        Self.add("a", to: &plain)
        var extended = RecordDigester()
        Self.add("a", to: &extended)
        var part = "account"
        part.withUTF8 { extended.addToLast(UnsafeRawBufferPointer($0)) }
        #expect(extended.digest() != plain.digest())
        #expect(extended.prints.count == 1)
        #expect(extended.prints != plain.prints)
        var separate = RecordDigester()
        Self.add("a", to: &separate)
        Self.add("account", to: &separate)
        #expect(separate.digest() != extended.digest() || separate.prints != extended.prints)
    }
}
