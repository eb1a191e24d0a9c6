/// What `airlock merge` made and what to show: the result of the conversion its shards make up, as the single run
/// would have given it (`refused` when a merged package fails validation, `tooManyRejects` over the conversion's
/// `--max-rejects`).
public typealias MergeResult = ConvertResult
