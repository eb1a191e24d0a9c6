import AirlockModel

/// Where the lines of a document parsed in pieces came from: a document made of pieces of another, each starting a
/// line of its own, reports its parser's positions in the other's lines and columns.
///
/// Each segment says that the piece starting at column 1 of `streamLine` was cut from `line`, `column` of the
/// other document; the lines that follow are the piece's own. Before the first segment, lines are the other
/// document's (its head, written first).
public struct XMLPositionMap: Sendable, Equatable {
    public struct Segment: Sendable, Equatable {
        public var streamLine: Int
        public var line: Int
        public var column: Int

        public init(streamLine: Int, line: Int, column: Int) {
            self.streamLine = streamLine
            self.line = line
            self.column = column
        }
    }

    /// Ascending by `streamLine`.
    public let segments: [Segment]

    public init(segments: [Segment]) {
        self.segments = segments.sorted { $0.streamLine < $1.streamLine }
    }

    /// The position in the other document of `line`, `column` (1-based; 0 for unknown, kept as 0).
    public func map(line: Int, column: Int) -> (line: Int, column: Int) {
        guard line > 0 else { return (line, column) }
        var low = 0
        var high = segments.count
        while low < high {
            let middle = (low + high) / 2
            if segments[middle].streamLine <= line { low = middle + 1 } else { high = middle }
        }
        guard low > 0 else { return (line, column) }
        let segment = segments[low - 1]
        let mappedColumn = line == segment.streamLine && column > 0 ? segment.column - 1 + column : column
        return (segment.line + (line - segment.streamLine), mappedColumn)
    }

    /// `message` with the lines libxml2 writes into its text ("… tag mismatch: field line 9 and records") mapped.
    public func map(message: String) -> String {
        var result = ""
        var rest = message[...]
        while let found = rest.range(of: "line ") {
            result += rest[..<found.upperBound]
            rest = rest[found.upperBound...]
            let digits = rest.prefix { $0.isASCII && $0.isNumber }
            if let line = Int(digits) {
                result += String(map(line: line, column: 0).line)
                rest = rest.dropFirst(digits.count)
            }
        }
        return result + rest
    }

    /// `location` with its line and column mapped.
    public func map(_ location: SourceLocation) -> SourceLocation {
        guard let line = location.line else { return location }
        var mapped = location
        let position = map(line: line, column: location.column ?? 0)
        mapped.line = position.line
        mapped.column = location.column == nil ? nil : position.column
        return mapped
    }
}
