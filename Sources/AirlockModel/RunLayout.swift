/// The names of the files and folders the verbs write and read in a migration folder, in one place below every verb:
/// what `convert` writes into its output folder (the run folder), what `verify` and `retry` write (by default into
/// folders inside it), what `diff` writes, and the migration ledger beside the run folders (docs/ledger.md).
///
/// ```
/// <migration folder>/
///   airlock-ledger.jsonl                      ledger
///   airlock-ledger-keys.jsonl                 keyRegister(ledger:) (the keys and links the runs decided)
///   airlock-ledger-mask-words.tsv             maskWordRegister(ledger:) (how mask drew each word of a name or street)
///   <run>/                                    convert --out
///     to-fo.zip, to-sales.zip                 foPackage, salesPackage
///     report.json, report.html                conversionReport, conversionPage
///     rejects/<flow>.csv                      rejectsFolder, rejectFile(flow:)
///     rejects/unresolved-lookups.csv          unresolvedLookupsFile
///     batches/                                batchesFolder (convert --batch-records, --batch-mb)
///       to-fo-0001.zip, to-sales-0001.zip, …  batchFile(stem:number:) of foSeries, salesSeries
///       import-plan.json, import-plan.txt     importPlan, importPlanText
///     shards/shard-0, shard-1, …              shardsFolder, shardFolder(index:) (convert --shards; the default
///                                             of the Slurm and Kubernetes scripts)
///       shard.json, *.spool, report.json      shardManifest, spool files (convert --shard: merge's inputs)
///     partition/                              partitionFolder (airlock partition: each shard's part of the exports)
///       partition.json                        partitionManifest
///       reference/, part-0/, part-1/, …       partitionReferenceFolder, partitionPartFolder(index:)
///     verify/                                 verifyFolder (verify's default --out)
///       verify.json, verify.html              verificationReport, verificationPage
///       missing.csv, drifted.csv              missingList, driftedList
///       missing-keys.csv                      missingKeysList (when the key register says F&O holds keys)
///     retry/                                  retryFolder (retry's default --out)
///       to-fo.zip, to-sales.zip               foPackage, salesPackage
///       retry.json, not-found.csv             retryReport, notFoundList
///   <diff>/                                   diff --out
///     delta.zip, deleted.csv, diff.json       deltaPackage, deletedList, diffReport
///   <pair>/                                   sample --out, mask --out, sample --after-import --out
///     fo-export.zip, sales-export.zip         foExport, salesExport
///     match-truth.csv, after-import.csv       matchTruth (sample --unkeyed), afterImportKey (--after-import)
///     mask.json, mask.html, nicknames.csv     maskReport, maskPage, maskNicknames (mask)
/// ```
public enum RunLayout {
    // MARK: convert's output folder

    /// The F&O data package to import (`convert`, and `retry` with the records it sends again).
    public static let foPackage = "to-fo.zip"
    /// The Configuration Migration package to import into Sales (`convert`, and `retry`).
    public static let salesPackage = "to-sales.zip"
    /// The conversion's report (`ConversionReport`).
    public static let conversionReport = "report.json"
    /// The conversion's page beside `report.json`; also the default page of a validation's saved report.
    public static let conversionPage = "report.html"
    /// The folder of the reject files, one per flow that rejected records.
    public static let rejectsFolder = "rejects"
    /// The file in `rejects/` listing the second-pass lookups that found no record (`pass: second`).
    public static let unresolvedLookups = "unresolved-lookups.csv"
    /// `rejects/unresolved-lookups.csv`, relative to the run folder.
    public static let unresolvedLookupsFile = rejectsFolder + "/" + unresolvedLookups

    /// The reject file of flow `flow`, relative to the run folder (`rejects/<flow>.csv`).
    public static func rejectFile(flow: String) -> String { rejectsFolder + "/" + flow + ".csv" }

    /// The folder of a batched run's series and import plan.
    public static let batchesFolder = "batches"
    /// The stems of the two series: `to-fo-0001.zip`, …, `to-sales-0001.zip`, …
    public static let foSeries = "to-fo"
    public static let salesSeries = "to-sales"
    /// The import plan of a batched run, in `batches/`: JSON, and the same as text to read.
    public static let importPlan = "import-plan.json"
    public static let importPlanText = "import-plan.txt"

    /// The file name of batch `number` of the series `stem` (`to-sales` → `to-sales-0001.zip`): four digits, more
    /// when a series runs past 9,999.
    public static func batchFile(stem: String, number: Int) -> String {
        let digits = String(number)
        return "\(stem)-\(String(repeating: "0", count: max(0, 4 - digits.count)))\(digits).zip"
    }

    /// The folder of a sharded run's shard folders, inside the run folder that `merge` writes.
    public static let shardsFolder = "shards"
    /// Shard `index`'s folder, relative to the run folder (`shards/shard-3`).
    public static func shardFolder(index: Int) -> String { shardsFolder + "/shard-\(index)" }
    /// What a shard hands `airlock merge`: which shard it is, of what run, and its spool files.
    public static let shardManifest = "shard.json"
    /// The files a shard (`convert --shard`) may leave in its output folder.
    public static let shardOutputs = [shardManifest, conversionReport, shardSpoolFolder]
    /// The folder of a shard's spool files.
    public static let shardSpoolFolder = "spool"

    /// The partition of a sharded run (`airlock partition`), inside the run folder, beside `shards/`.
    public static let partitionFolder = "partition"
    /// What the partition holds: the exports it was cut from, the number of parts, and each part's files.
    public static let partitionManifest = "partition.json"
    /// The partition's folder of reference data (every shard reads it), and shard `index`'s part.
    public static let partitionReferenceFolder = "reference"
    public static func partitionPartFolder(index: Int) -> String { "part-\(index)" }
    /// The partition's folder of what the reference data flows accepted, written once for the shards' lookups
    /// (`convert --partition DIR --reference-flows`), and what it holds.
    public static let partitionLookupsFolder = "lookups"
    public static let partitionLookupsManifest = "lookups.json"
    /// The files a partition may leave in its folder (parts up to `ShardSelection.maximumCount`).
    public static let partitionOutputs =
        [partitionManifest, partitionReferenceFolder, partitionLookupsFolder]
        + (0..<ShardSelection.maximumCount).map(partitionPartFolder(index:))

    /// The files a conversion may leave in its output folder; a committed run replaces all of them.
    public static let conversionOutputs = [foPackage, salesPackage, conversionReport, conversionPage, rejectsFolder, batchesFolder]

    // MARK: verify's output folder

    /// The folder inside the run folder that `verify` writes into when not told otherwise.
    public static let verifyFolder = "verify"
    /// The verification's report (`VerificationReport`).
    public static let verificationReport = "verify.json"
    /// The verification's page beside `verify.json`.
    public static let verificationPage = "verify.html"
    /// The records sent that the exports after the import lack.
    public static let missingList = "missing.csv"
    /// The records sent that the exports after the import hold with other values, a line per field.
    public static let driftedList = "drifted.csv"

    /// The registered keys the F&O export after the import does not hold, or that could not be looked for (written when
    /// the migration's key register says F&O holds keys).
    public static let missingKeysList = "missing-keys.csv"
    /// The files a verification leaves in its output folder.
    public static let verificationOutputs = [verificationReport, verificationPage, missingList, driftedList, missingKeysList]

    // MARK: retry's output folder

    /// The folder inside the run folder that `retry` writes into when not told otherwise.
    public static let retryFolder = "retry"
    /// The retry's report (`RetryReport`).
    public static let retryReport = "retry.json"
    /// The records an input names that the conversion's packages do not hold.
    public static let notFoundList = "not-found.csv"

    /// The files a retry leaves in its output folder.
    public static let retryOutputs = [foPackage, salesPackage, retryReport, notFoundList]

    // MARK: diff's output folder

    /// The package of the created and changed records.
    public static let deltaPackage = "delta.zip"
    /// The keys the new export no longer has, for review.
    public static let deletedList = "deleted.csv"
    /// The diff's report (`DiffReport`).
    public static let diffReport = "diff.json"

    /// The files a diff leaves in its output folder.
    public static let diffOutputs = [deltaPackage, deletedList, diffReport]

    // MARK: match

    /// `airlock match`: every proposed pair, with its score, evidence and decision (the file a reviewer edits).
    public static let matchList = "matches.csv"
    /// `airlock match`: the page of the run (score distribution, pairs to review).
    public static let matchPage = "matches.html"
    /// `airlock match`: the accepted links, the input of `convert --keymap`.
    public static let keymap = "keymap.csv"
    /// `airlock match`: records that look like the same one twice within one side.
    public static let duplicatesList = "duplicates.csv"
    /// `airlock match`: the records of either side that no accepted link names.
    public static let unmatchedList = "unmatched.csv"
    /// `airlock match`: the Sales update package that writes the F&O key into each linked Sales record.
    public static let salesKeyPackage = "to-sales-keys.zip"
    /// `airlock match`: the run's summary, as JSON.
    public static let matchReport = "match.json"
    /// Everything `airlock match` writes.
    public static let matchOutputs = [matchList, matchPage, keymap, duplicatesList, unmatchedList, salesKeyPackage, matchReport]

    // MARK: an export pair (what `sample` writes, and `mask` and `sample --after-import` write again)

    /// The F&O export of a pair: a data management package.
    public static let foExport = "fo-export.zip"
    /// The Sales export of a pair: a Configuration Migration package.
    public static let salesExport = "sales-export.zip"
    /// `sample --unkeyed`: every true link of the pair, the answer key `match` is measured by.
    public static let matchTruth = "match-truth.csv"
    /// `sample --after-import`: the records lost and changed on the way, the rehearsal's answer key.
    public static let afterImportKey = "after-import.csv"

    // MARK: mask's output folder

    /// `airlock mask`: the run's report, as JSON, and its page.
    public static let maskReport = "mask.json"
    public static let maskPage = "mask.html"
    /// `airlock mask`: the nickname pairs among the masked given names (`match --nicknames` reads it).
    public static let maskNicknames = "nicknames.csv"

    // MARK: the migration folder

    /// The migration ledger, in the migration folder: the parent of the run folders (docs/ledger.md).
    public static let ledger = "airlock-ledger.jsonl"

    /// The key register of the migration whose ledger is at `ledger`: beside it, its name with `-keys` before the
    /// extension (`airlock-ledger-keys.jsonl`; `--ledger m/wave.jsonl` → `m/wave-keys.jsonl`).
    public static func keyRegister(ledger: String) -> String {
        let suffix = ".jsonl"
        if ledger.lowercased().hasSuffix(suffix) { return String(ledger.dropLast(suffix.count)) + "-keys" + suffix }
        return ledger + "-keys" + suffix
    }

    /// The mask word register of the migration whose ledger is at `ledger`: beside it, its name with `-mask-words` and
    /// `.tsv` (`airlock-ledger-mask-words.tsv`): how each word of a name or a street was masked, so that a later wave
    /// masks it alike (docs/mask.md, "Waves").
    public static func maskWordRegister(ledger: String) -> String {
        let suffix = ".jsonl"
        let stem = ledger.lowercased().hasSuffix(suffix) ? String(ledger.dropLast(suffix.count)) : ledger
        return stem + "-mask-words.tsv"
    }
}
