import AirlockModel
import Crypto
import Foundation

/// The secret a masking derives every replacement from (HMAC-SHA-256). It is read from a file or an environment
/// variable, never from the command line, and never written anywhere: reports and the ledger name it by its
/// `fingerprint` alone, which confirms the same key was used without revealing it.
public struct MaskKey: Sendable {
    /// The key, made once: a digest per distinct value masked would otherwise make a `SymmetricKey` each time.
    private let box: KeyBox
    /// A short public digest of the key (16 hex digits): equal for equal keys, useless for guessing it.
    public let fingerprint: String

    /// The fewest bytes a key may have: 128 bits.
    public static let minimumBytes = 16
    /// The environment variable a key may come from (`--key-file` names a file instead).
    public static let environmentVariable = "AIRLOCK_MASK_KEY"

    /// A key of `bytes` (at least `minimumBytes`).
    /// - Throws: `AirlockError(.usage)` for a shorter key.
    public init(bytes: [UInt8], source: String) throws {
        guard bytes.count >= Self.minimumBytes else {
            throw AirlockError(
                .usage,
                "the masking key from \(source) has \(bytes.count) bytes; it needs \(Self.minimumBytes) or more (e.g. head -c 32 /dev/urandom | base64 > mask.key)"
            )
        }
        box = KeyBox(SymmetricKey(data: bytes))
        let digest = HMAC<SHA256>.authenticationCode(for: Array("airlock mask key fingerprint".utf8), using: box.key)
        fingerprint = digest.prefix(8).map { String(format: "%02x", $0) }.joined()
    }

    /// The key in file `path`: its bytes, one trailing line break left out (a key written by `echo` or an editor).
    /// - Throws: `AirlockError(.usage)` naming the file when it cannot be read or is too short.
    public static func read(file path: String) throws -> MaskKey {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw AirlockError(.usage, "cannot read the masking key file", at: SourceLocation(file: path))
        }
        var bytes = Array(data)
        while let last = bytes.last, last == 0x0A || last == 0x0D { bytes.removeLast() }
        return try MaskKey(bytes: bytes, source: path)
    }

    /// The key in `environment[environmentVariable]`, nil when it is not set.
    /// - Throws: `AirlockError(.usage)` when it is set and too short.
    public static func fromEnvironment(_ environment: [String: String]) throws -> MaskKey? {
        guard let text = environment[environmentVariable] else { return nil }
        return try MaskKey(bytes: Array(text.utf8), source: "$\(environmentVariable)")
    }

    /// The keyed digest of `text` under `purpose` (a name, an e-mail domain, a phone's digits…): 32 bytes that only
    /// the key's holder can tie to `text`.
    func digest(_ purpose: String, _ text: String) -> [UInt8] {
        var message: [UInt8] = []
        message.reserveCapacity(purpose.utf8.count + 1 + text.utf8.count)
        message += purpose.utf8
        message.append(0)
        message += text.utf8
        // A copy of the keyed state: the key's pads are hashed once, not per digest (the state is copied on write).
        var hmac = box.keyed
        hmac.update(data: message)
        return Array(hmac.finalize())
    }
}

/// Holds a `SymmetricKey` and an HMAC state keyed with it, which swift-crypto does not mark `Sendable`: neither is
/// changed after it is made (a digest works on a copy of the state, which copies on write), so sharing them between
/// threads is safe.
private final class KeyBox: @unchecked Sendable {
    let key: SymmetricKey
    let keyed: HMAC<SHA256>

    init(_ key: SymmetricKey) {
        self.key = key
        self.keyed = HMAC<SHA256>(key: key)
    }
}
