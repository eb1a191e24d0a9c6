import AirlockIO
import AirlockModel
import Foundation

/// The digest of a whole delimited record, for an entity whose two files have the same columns in the same order:
/// one hash of the record's bytes and one of its field ends instead of a hash per compared value, so that the new
/// file's unchanged records (most of them) cost little more than reading them.
///
/// Two records get the same digest exactly when `RecordDigester` would call their values equal, up to a hash
/// collision (about 2⁻⁶⁴, as for one value there): the record is taken as its first `columnCount` fields, a missing
/// field (a short row) is empty, and a single trailing carriage return is dropped from each field. The digest is
/// MurmurHash3 (x64, 128-bit) of two words: the `ValueHash` of those fields' bytes laid end to end, and the
/// `ValueHash` of where each field ends (so that moving a field boundary changes it). Key fields are part of it:
/// a record is compared only with the record of the same key, so that changes nothing.
enum FOWholeRecordDigest {
    static func digest(_ fields: CSVFields, columnCount: Int) -> RecordDigest {
        let present = min(fields.count, columnCount)
        let hashes =
            fields.withBytes(upTo: present) { body -> (UInt64, UInt64)? in
                if let base = body.baseAddress, memchr(base, 0x0D, body.count) != nil, endsInCarriageReturn(fields, present) {
                    return nil
                }
                let ends =
                    present == columnCount
                    ? fields.withEnds(upTo: present) { ValueHash.hash($0) } : paddedEndsHash(fields, present: present, columnCount)
                return (ValueHash.hash(body), ends)
            } ?? normalised(fields, present: present, columnCount: columnCount)
        var words = MurmurHash3.WordHasher()
        words.add(hashes.0)
        words.add(hashes.1)
        let hash = words.finish()
        return RecordDigest(high: hash.h1, low: hash.h2)
    }

    /// Whether one of the first `present` fields ends in a carriage return (rare: a quoted value, or a CR LF file
    /// read as LF); a carriage return inside a value (a quoted line break) is its own byte and stays.
    private static func endsInCarriageReturn(_ fields: CSVFields, _ present: Int) -> Bool {
        (0..<present).contains { index in fields[index].last == 0x0D }
    }

    /// The hash of the field ends of a short row, its missing fields empty (ending where the last present one does).
    private static func paddedEndsHash(_ fields: CSVFields, present: Int, _ columnCount: Int) -> UInt64 {
        var ends = (0..<present).map { fields.end(of: $0) }
        ends += repeatElement(ends.last ?? 0, count: columnCount - present)
        return ends.withUnsafeBytes { ValueHash.hash($0) }
    }

    /// The hashes of a record whose fields are taken without their last carriage return.
    private static func normalised(_ fields: CSVFields, present: Int, columnCount: Int) -> (UInt64, UInt64) {
        var bytes: [UInt8] = []
        var ends: [Int] = []
        for index in 0..<present {
            var value = fields[index]
            if let last = value.last, last == 0x0D { value = UnsafeRawBufferPointer(rebasing: value.dropLast()) }
            bytes.append(contentsOf: value)
            ends.append(bytes.count)
        }
        ends += repeatElement(bytes.count, count: columnCount - present)
        return (bytes.withUnsafeBytes { ValueHash.hash($0) }, ends.withUnsafeBytes { ValueHash.hash($0) })
    }
}
