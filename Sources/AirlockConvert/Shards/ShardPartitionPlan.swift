import AirlockIO
import AirlockModel
import AirlockPackages

/// `plan.json` of a split partition (`airlock partition --step split`): how the exports were cut into the ranges that
/// `--step read --range i/N` reads, one process each, before `--step join` joins the trees and writes the parts.
///
/// The Sales export's `data.xml` is cut into its entity sections (`CMTSectionScanner`), each read later from where it
/// lies in the export (`ShardSalesCut`), and every F&O entity file is read where it is; each section and file is given
/// a range, the largest first, each to the range with the fewest bytes so far. A partition run in one process has the
/// same plan, in memory: one range, the Sales export read whole.
struct ShardPartitionPlan: Codable, Sendable, Equatable {
    /// The layout of this file; a read refuses another.
    static let formatVersion = 3

    /// A section of the Sales export's `data.xml`, in document order, with its range, and where a read finds it in
    /// the export (nil: in a file of the split's folder).
    struct SalesSection: Codable, Sendable, Equatable {
        var section: CMTSectionScanner.Section
        var range: Int
        var read: SectionRead?
    }

    /// Where a section starts in `data.xml` (`start`, an offset into it), and the point its read starts from: stored
    /// byte `input` after `bits` bits of the byte before, making `data.xml`'s bytes from `output` on, with the window
    /// before them in the split's folder (`window`, a file name; none for a member stored plain).
    struct SectionRead: Codable, Sendable, Equatable {
        var start: Int64
        var output: Int64
        var input: Int64
        var bits: Int
        var window: String?
    }

    /// An entity file of the F&O export's manifest, in manifest order, with its range.
    struct FOFile: Codable, Sendable, Equatable {
        var entity: String
        /// Bytes of the file (uncompressed), when the export lists them.
        var bytes: Int?
        var range: Int
    }

    var format: Int
    /// Shards (the parts the join writes), and the ranges read.
    var count: Int
    var ranges: Int
    /// The exports and key register it was cut from, and the options it read them with: a read must be given the same.
    var cut: ShardCutInputs
    /// The sections `data.xml` was cut into (head and sections in the plan's folder), or nil when range 0 reads it
    /// whole from the export; `salesNotCut` says why.
    var salesSections: [SalesSection]?
    var salesNotCut: String?
    /// Where `data.xml` lies in the Sales export when its sections are read from there (`SalesSection.read`).
    var salesBytes: MemberBytes?
    var foFiles: [FOFile]

    /// The ranges (numbers from 0) that read `count` items of `bytes` bytes each, the largest first, each to the
    /// range with the fewest bytes so far (the lowest on a tie; `initial` the bytes ranges read already): the range of
    /// each item, in the items' order.
    static func ranges(of bytes: [Int], count: Int, initial: [Int] = []) -> [Int] {
        var load = [Int](repeating: 0, count: max(1, count))
        for (range, bytes) in initial.enumerated() where range < load.count { load[range] += bytes }
        var result = [Int](repeating: 0, count: bytes.count)
        for item in bytes.indices.sorted(by: { bytes[$0] != bytes[$1] ? bytes[$0] > bytes[$1] : $0 < $1 }) {
            let range = load.indices.min { load[$0] != load[$1] ? load[$0] < load[$1] : $0 < $1 } ?? 0
            result[item] = range
            load[range] += bytes[item]
        }
        return result
    }

    /// What the plan recorded of its exports and options, for `ShardCutCheck`.
    func recorded(file: String) -> ShardCutCheck.Recorded {
        ShardCutCheck.Recorded(cut: cut, file: file, what: "split", remedy: "split the exports again, or give the ones it was cut from")
    }
}
