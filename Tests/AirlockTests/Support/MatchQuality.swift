import AirlockKit
import Foundation

/// Precision and recall of a match run against the answer key of `airlock sample --unkeyed` (as
/// `Benchmarks/match-quality.py` computes them, for the tests).
struct MatchQuality {
    struct Figures {
        var sure = 0
        var review = 0
        var surePrecision = 1.0
        var sureRecall = 0.0
        var sureReviewRecall = 0.0
        var salesWithPartner = 0
    }

    var byEntity: [String: Figures] = [:]

    /// The figures of the run in `folder` against the answer key `truth`.
    init(folder: String, truth: String) throws {
        var partners: [String: [String: Set<String>]] = [:]
        var pairs: Set<String> = []
        for row in try Self.rows(truth) where row["kind"] == "pair" {
            let entity = Self.plural(row["entity"] ?? "")
            let sales = (row["right"] ?? "").lowercased()
            let fo = row["left"] ?? ""
            partners[entity, default: [:]][sales, default: []].insert(fo)
            pairs.insert(entity + "|" + fo + "|" + sales)
        }
        var proposals: [String: [(matchClass: String, fo: String, sales: String)]] = [:]
        for row in try Self.rows(folder + "/" + RunLayout.matchList) where row["decision"] != "reject" {
            proposals[row["entity"] ?? "", default: []].append(
                (row["class"] ?? "", row["fo_key"] ?? "", (row["sales_id"] ?? "").lowercased()))
        }
        for entity in ["accounts", "contacts", "products"] {
            var figures = Figures()
            let rows = proposals[entity] ?? []
            let sure = rows.filter { $0.matchClass == "sure" }
            let review = rows.filter { $0.matchClass == "review" }
            figures.sure = sure.count
            figures.review = review.count
            let truePartners = partners[entity] ?? [:]
            figures.salesWithPartner = truePartners.count
            if !sure.isEmpty {
                figures.surePrecision =
                    Double(sure.filter { pairs.contains(entity + "|" + $0.fo + "|" + $0.sales) }.count) / Double(sure.count)
            }
            func recall(_ list: [(matchClass: String, fo: String, sales: String)]) -> Double {
                guard !truePartners.isEmpty else { return 1 }
                let found = Set(list.filter { truePartners[$0.sales]?.contains($0.fo) == true }.map(\.sales))
                return Double(found.count) / Double(truePartners.count)
            }
            figures.sureRecall = recall(sure)
            figures.sureReviewRecall = recall(sure + review)
            byEntity[entity] = figures
        }
    }

    static func plural(_ entity: String) -> String {
        ["account": "accounts", "contact": "contacts", "product": "products"][entity] ?? entity
    }

    /// The rows of a CSV file as dictionaries by header name.
    static func rows(_ path: String) throws -> [[String: String]] {
        let location = SourceLocation(file: path)
        let bytes = try TextDecodingStream(FileByteStream(path: path, location: location), location: location).readAll()
        let records = try CSVReader(MemoryByteStream(bytes), location: location).readAll()
        guard let header = records.first else { return [] }
        return records.dropFirst().map { values in
            Dictionary(zip(header, values).map { ($0, $1) }, uniquingKeysWith: { first, _ in first })
        }
    }
}
