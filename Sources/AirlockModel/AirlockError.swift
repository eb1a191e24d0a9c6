import Foundation

/// The one error type Airlock throws: a stable code, a message, where it happened and the underlying cause.
public struct AirlockError: Error, Sendable, CustomStringConvertible {
    /// A stable, extensible error category.
    public struct Code: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
        public var rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public var description: String { rawValue }

        /// A file could not be opened, read or written.
        public static let io = Code(rawValue: "io")
        /// The archive is not a zip, is truncated or corrupt.
        public static let corruptArchive = Code(rawValue: "corrupt-archive")
        /// An archive entry is unsafe or unsupported (path traversal, link, encryption, duplicate).
        public static let unsafeEntry = Code(rawValue: "unsafe-entry")
        /// A configured size limit was exceeded.
        public static let limitExceeded = Code(rawValue: "limit-exceeded")
        /// The input is neither an F&O package nor a Configuration Migration package.
        public static let notAPackage = Code(rawValue: "not-a-package")
        /// A required member of a package is missing.
        public static let missingMember = Code(rawValue: "missing-member")
        /// XML that is not well-formed or not shaped as expected.
        public static let malformedXML = Code(rawValue: "malformed-xml")
        /// CSV that cannot be parsed.
        public static let malformedCSV = Code(rawValue: "malformed-csv")
        /// Bytes that are not valid in the detected text encoding.
        public static let encoding = Code(rawValue: "encoding")
        /// A value that does not parse for its declared type.
        public static let invalidValue = Code(rawValue: "invalid-value")
        /// A format feature Airlock does not read.
        public static let unsupported = Code(rawValue: "unsupported")
        /// Bad arguments or options.
        public static let usage = Code(rawValue: "usage")
        /// The run was interrupted (SIGINT or SIGTERM).
        public static let interrupted = Code(rawValue: "interrupted")
        /// A schema catalog file (bundled or a user extension) that is not valid YAML or not shaped as expected.
        public static let invalidCatalog = Code(rawValue: "invalid-catalog")
        /// A mapping template or value-map file (bundled or a user's edited copy) that is not valid YAML or not shaped as expected.
        public static let invalidTemplate = Code(rawValue: "invalid-template")
    }

    public var code: Code
    public var message: String
    public var location: SourceLocation
    /// Text from the underlying library (libarchive, libxml2, the OS), when there is one.
    public var cause: String?

    public init(_ code: Code, _ message: String, at location: SourceLocation = SourceLocation(), cause: String? = nil) {
        self.code = code
        self.message = message
        self.location = location
        self.cause = cause
    }

    /// The same error with unknown location parts filled in from an enclosing context.
    public func within(_ outer: SourceLocation) -> AirlockError {
        var copy = self
        copy.location = location.within(outer)
        return copy
    }

    /// One line: location, message and cause. Line breaks in a library's text (libxml2 adds a `Bytes: …` line to
    /// encoding errors) become "; ", so the error stays one line.
    public var description: String {
        let place = location.description
        var text = place.isEmpty ? message : "\(place): \(message)"
        if let cause, !cause.isEmpty, cause != message { text += " (\(cause))" }
        return Self.oneLine(text)
    }

    /// `text` with its line breaks (and the spaces around them) replaced by "; ".
    public static func oneLine(_ text: String) -> String {
        guard text.contains(where: \.isNewline) else { return text }
        return text.split(whereSeparator: \.isNewline)
            .map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty }
            .joined(separator: "; ")
    }
}

extension AirlockError {
    /// Runs `body`, attaching `location` to any `AirlockError` it throws.
    @inlinable
    public static func locating<T>(_ location: SourceLocation, _ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let error as AirlockError {
            throw error.within(location)
        }
    }
}
