import Foundation

/// The lengths of the functions of a Swift source, read from its text without a parser: comments and string literals
/// blanked out first (so that a brace in a string or a comment counts for nothing), then each `func`, `init`,
/// `deinit`, `subscript` and computed `var` found by its declaration line and measured to its closing brace.
///
/// A function's length is its lines from the declaration's keyword line through its closing brace (attributes and
/// doc comments above it not counted). A protocol's requirement, a stored property and a closure stored in a `let`
/// have no body here.
struct SwiftFunctionLengths {
    /// One function: its name qualified by the types around it (`TemplateParser.fieldMapping`, `Retrier.init`), the
    /// line of its declaration, and its length.
    struct Function: Equatable {
        var name: String
        var line: Int
        var lines: Int
    }

    /// Every function of `text`, in the order of the file.
    static func functions(in text: String) throws -> [Function] {
        let pattern = try declarationPattern()
        let code = blanked(Array(text.utf8))
        let lines = code.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).map { String(decoding: $0, as: UTF8.self) }
        var lineStarts: [Int] = []
        var offset = 0
        for line in lines {
            lineStarts.append(offset)
            offset += line.utf8.count + 1
        }
        var types: [(name: String, body: Range<Int>)] = []
        var members: [(name: String, line: Int, body: Range<Int>)] = []
        for (index, line) in lines.enumerated() {
            guard let declaration = declaration(line, pattern: pattern) else { continue }
            let start = lineStarts[index] + declaration.offset
            guard let body = body(in: code, from: start, computedProperty: declaration.kind == .computedProperty) else { continue }
            if declaration.kind == .type {
                types.append((declaration.name, body))
            } else {
                members.append((declaration.name, index, body))
            }
        }
        return members.map { member in
            let enclosing = types.filter { $0.body.contains(member.body.lowerBound) }.map(\.name)
            let closingLine = lineStarts.lastIndex { $0 <= member.body.upperBound - 1 } ?? member.line
            return Function(
                name: (enclosing + [member.name]).joined(separator: "."), line: member.line + 1, lines: closingLine - member.line + 1)
        }
    }

    // MARK: - Comments and strings

    /// What the blanking is inside: code (the file's own, or a string's interpolation, which ends at its unmatched `)`),
    /// a string literal (one line or `"""`, with the `#`s of a raw string), or a regex literal `#/…/#`.
    private enum Context {
        case code(parentheses: Int)
        case string(multiline: Bool, hashes: Int)
        case regex(hashes: Int)
    }

    /// `source` with every comment and literal (strings with their interpolations, `#/…/#` regexes) replaced by
    /// spaces, its line breaks kept: what is left is code, with the lines where they were.
    static func blanked(_ source: [UInt8]) -> [UInt8] {
        let (slash, star, quote, hash, backslash, newline) = (
            UInt8(ascii: "/"), UInt8(ascii: "*"), UInt8(ascii: "\""), UInt8(ascii: "#"), UInt8(ascii: "\\"), UInt8(ascii: "\n")
        )
        var code = source
        var stack: [Context] = [.code(parentheses: 0)]
        var index = 0
        func byte(_ position: Int) -> UInt8? { position < source.count ? source[position] : nil }
        func blank(_ range: Range<Int>) {
            for position in range where position < code.count && code[position] != newline { code[position] = UInt8(ascii: " ") }
        }
        func hashes(from position: Int) -> Int {
            var count = 0
            while byte(position + count) == hash { count += 1 }
            return count
        }
        func isTripleQuote(_ position: Int) -> Bool {
            byte(position) == quote && byte(position + 1) == quote && byte(position + 2) == quote
        }
        while index < source.count {
            let current = source[index]
            switch stack[stack.count - 1] {
            case .code(let parentheses):
                let nested = stack.count > 1
                if current == slash, byte(index + 1) == slash {
                    var end = index
                    while end < source.count, source[end] != newline { end += 1 }
                    blank(index..<end)
                    index = end
                    continue
                }
                if current == slash, byte(index + 1) == star {
                    var depth = 0
                    var end = index
                    repeat {
                        if byte(end) == slash, byte(end + 1) == star {
                            depth += 1
                            end += 2
                        } else if byte(end) == star, byte(end + 1) == slash {
                            depth -= 1
                            end += 2
                        } else {
                            end += 1
                        }
                    } while depth > 0 && end < source.count
                    blank(index..<end)
                    index = end
                    continue
                }
                if current == quote || current == hash {
                    let count = hashes(from: index)
                    if byte(index + count) == quote {
                        let multiline = isTripleQuote(index + count)
                        let end = index + count + (multiline ? 3 : 1)
                        blank(index..<end)
                        stack.append(.string(multiline: multiline, hashes: count))
                        index = end
                        continue
                    }
                    if count > 0, byte(index + count) == slash {
                        blank(index..<index + count + 1)
                        stack.append(.regex(hashes: count))
                        index += count + 1
                        continue
                    }
                }
                if nested, current == UInt8(ascii: "(") {
                    stack[stack.count - 1] = .code(parentheses: parentheses + 1)
                } else if nested, current == UInt8(ascii: ")") {
                    if parentheses == 0 {
                        stack.removeLast()
                    } else {
                        stack[stack.count - 1] = .code(parentheses: parentheses - 1)
                    }
                }
                if nested { blank(index..<index + 1) }
                index += 1
            case .string(let multiline, let hashCount):
                if current == backslash, hashes(from: index + 1) >= hashCount {
                    let after = index + 1 + hashCount
                    blank(index..<after + 1)
                    if byte(after) == UInt8(ascii: "(") { stack.append(.code(parentheses: 0)) }
                    index = after + 1
                    continue
                }
                if current == quote, !multiline || isTripleQuote(index) {
                    let quotes = multiline ? 3 : 1
                    if hashes(from: index + quotes) >= hashCount {
                        blank(index..<index + quotes + hashCount)
                        stack.removeLast()
                        index += quotes + hashCount
                        continue
                    }
                }
                if current == newline, !multiline {
                    // An unterminated one-line string: it ends with its line.
                    stack.removeLast()
                }
                blank(index..<index + 1)
                index += 1
            case .regex(let hashCount):
                if current == slash, hashes(from: index + 1) >= hashCount {
                    blank(index..<index + 1 + hashCount)
                    stack.removeLast()
                    index += 1 + hashCount
                    continue
                }
                blank(index..<index + 1)
                index += 1
            }
        }
        return code
    }

    // MARK: - Declarations

    private enum Kind { case type, function, computedProperty }

    /// The modifiers and attributes a declaration may begin with, then what it declares: a type (its name), a `func`
    /// (its name), an `init`, `deinit` or `subscript`, or a `var` (its name; computed if its line opens a body).
    private static func declarationPattern() throws -> Regex<AnyRegexOutput> {
        try Regex(
            #"^\s*(?:@[\w.]+(?:\([^)]*\))?\s+)*(?:(?:public|private|fileprivate|internal|package|open|static|class|final|override|mutating|nonmutating|nonisolated|convenience|required|dynamic|lazy|indirect|weak|unowned)(?:\([^)]*\))?\s+)*(?:(struct|class|enum|actor|extension|protocol)\s+([\w.]+)|func\s+([^\s(<]+)|(init|deinit|subscript)\b|var\s+(\w+))"#
        )
    }

    /// The words one of which a declaration's line holds.
    private static let keywords = ["func", "init", "var", "subscript", "struct", "class", "enum", "actor", "extension", "protocol"]

    /// The declaration `line` begins, if any: its kind, name, and where on the line its keyword is.
    private static func declaration(_ line: String, pattern: Regex<AnyRegexOutput>) -> (kind: Kind, name: String, offset: Int)? {
        // The pattern only where a declaration's keyword is on the line: most lines have none, and a regex is slow.
        guard keywords.contains(where: { line.contains($0) }), let match = try? pattern.prefixMatch(in: line) else { return nil }
        func group(_ number: Int) -> Substring? { match.output[number].substring }
        let keywordOffset = { (name: Substring) in line.utf8.distance(from: line.startIndex, to: name.startIndex) }
        if let name = group(2), let keyword = group(1) {
            return (.type, String(name), keywordOffset(keyword))
        }
        if let name = group(3) {
            return (.function, String(name), keywordOffset(name))
        }
        if let keyword = group(4) {
            return (.function, String(keyword), keywordOffset(keyword))
        }
        if let name = group(5) {
            return (.computedProperty, String(name), keywordOffset(name))
        }
        return nil
    }

    /// The body of the declaration whose keyword is at `start` in `code`: from its opening brace through its closing
    /// one. Nil when it has none: a requirement, a stored property (`=` before the brace, or no brace on its line),
    /// a type's or a function's signature followed by another declaration.
    private static func body(in code: [UInt8], from start: Int, computedProperty: Bool) -> Range<Int>? {
        var nesting = 0
        var index = start
        var open: Int?
        while index < code.count, open == nil {
            let byte = code[index]
            switch byte {
            case UInt8(ascii: "("), UInt8(ascii: "["): nesting += 1
            case UInt8(ascii: ")"), UInt8(ascii: "]"): nesting -= 1
            case UInt8(ascii: "{") where nesting == 0: open = index
            case UInt8(ascii: "}") where nesting == 0: return nil
            case UInt8(ascii: "=") where nesting == 0 && computedProperty: return nil
            case UInt8(ascii: "\n") where nesting == 0:
                if computedProperty || !continuesSignature(code, afterLineBreakAt: index) { return nil }
            default: break
            }
            index += 1
        }
        guard let open else { return nil }
        var depth = 0
        index = open
        while index < code.count {
            if code[index] == UInt8(ascii: "{") { depth += 1 }
            if code[index] == UInt8(ascii: "}") {
                depth -= 1
                if depth == 0 { return open..<index + 1 }
            }
            index += 1
        }
        return nil
    }

    /// Whether the signature ending its line at `lineBreak` goes on to the next line: the line ends in `,`, `->`,
    /// `:` or `&`, or the next one begins with the rest of a signature (`->`, `throws`, `async`, `where`, `{`, …).
    private static func continuesSignature(_ code: [UInt8], afterLineBreakAt lineBreak: Int) -> Bool {
        var start = lineBreak
        while start > 0, code[start - 1] != UInt8(ascii: "\n") { start -= 1 }
        let before = String(decoding: code[start..<lineBreak], as: UTF8.self).trimmingCharacters(in: .whitespaces)
        if [",", "->", ":", "&"].contains(where: { before.hasSuffix($0) }) { return true }
        var end = lineBreak + 1
        while end < code.count, code[end] != UInt8(ascii: "\n") { end += 1 }
        let next = String(decoding: code[(lineBreak + 1)..<end], as: UTF8.self).trimmingCharacters(in: .whitespaces)
        let continuations = ["->", "throws", "rethrows", "async", "where", "{", "&", "some ", "any "]
        return next.isEmpty ? false : continuations.contains { next.hasPrefix($0) }
    }
}
