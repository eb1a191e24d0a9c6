import AirlockIO
import AirlockMapping
import AirlockModel

/// What a step that cuts the exports for others records of its inputs and options (`partition.json`, a split's
/// `plan.json`): the process that reads what it cut is held to the same (`ShardCutCheck`).
struct ShardCutInputs: Codable, Sendable, Equatable {
    /// The exports (`fo`, `sales`) and the key register (`key-register`): size and SHA-256.
    var inputs: [String: FileDigest]
    /// The SHA-256 of the last MiB of each export that is a file (`FileDigest.tailSHA256`), by the same roles: what a
    /// later step checks the exports it is given against, without reading them whole.
    var inputTails: [String: String]
    /// The options that decide what is read and how.
    var templateSet: String
    var foEncoding: SingleByteCodePage?
    var foLocale: String?
    var catalogDigests: [String]

    /// What `options` read with `templates`, the exports and key register digested (`digests`, of which the roles
    /// above are kept).
    static func of(_ options: ConversionOptions, templates: TemplateSet, digests: [String: FileDigest]) throws -> ShardCutInputs {
        ShardCutInputs(
            inputs: digests.filter { ["fo", "sales", "key-register"].contains($0.key) },
            inputTails: try ["fo": options.foPath, "sales": options.salesPath].compactMapValues { try FileDigest.tailSHA256(of: $0) },
            templateSet: templates.set.rawValue, foEncoding: options.foEncoding, foLocale: options.foLocale,
            catalogDigests: try (options.catalogFiles ?? []).map { try FileDigest.of($0).sha256 })
    }
}
