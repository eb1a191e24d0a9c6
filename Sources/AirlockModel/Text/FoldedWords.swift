/// The words of UTF-8 text folded as `TextFolding.words` folds them, each with where it stands in the bytes: what a
/// search for folded words inside text needs to replace what it finds. ASCII is read byte by byte; other text is
/// decoded scalar by scalar and folded by `TextFolding`'s rules.
public enum FoldedWords {
    /// Calls `body` with each word's folded UTF-8 bytes and the byte range it spans in `text` (for `&`, the word
    /// `and` and the ampersand's byte). The folded bytes are valid only during the call; `word` is where they are
    /// gathered (passed in, so that a caller reading many values makes it once).
    public static func forEach(
        in text: UnsafeRawBufferPointer, word: inout [UInt8], _ body: (UnsafeBufferPointer<UInt8>, Range<Int>) throws -> Void
    ) rethrows {
        try forEach(in: text, word: &word, folding: { TextFolding.fold($0) }, body)
    }

    /// `forEach(in:word:_:)` with each scalar outside ASCII folded by `folding` (`TextFolding.fold(_:)`, or a memo of
    /// it for many texts in a few scripts).
    static func forEach(
        in text: UnsafeRawBufferPointer, word: inout [UInt8], folding: (Unicode.Scalar) -> TextFolding.ScalarFold,
        _ body: (UnsafeBufferPointer<UInt8>, Range<Int>) throws -> Void
    ) rethrows {
        word.removeAll(keepingCapacity: true)
        var start = 0
        var end = 0
        func flush() throws {
            guard !word.isEmpty else { return }
            try word.withUnsafeBufferPointer { try body($0, start..<end) }
            word.removeAll(keepingCapacity: true)
        }
        var position = 0
        let count = text.count
        while position < count {
            let byte = text[position]
            if byte < 0x80 {
                switch byte {
                case 0x30...0x39, 0x61...0x7A:
                    if word.isEmpty { start = position }
                    word.append(byte)
                    end = position + 1
                case 0x41...0x5A:
                    if word.isEmpty { start = position }
                    word.append(byte + 0x20)
                    end = position + 1
                case 0x26:  // &
                    try flush()
                    word.append(contentsOf: [0x61, 0x6E, 0x64])
                    start = position
                    end = position + 1
                    try flush()
                case 0x27:  // an apostrophe joins (O'Brien → obrien)
                    if !word.isEmpty { end = position + 1 }
                default:
                    try flush()
                }
                position += 1
                continue
            }
            let (scalar, length) = decode(text, at: position)
            defer { position += length }
            guard let scalar else {
                try flush()
                continue
            }
            switch folding(scalar) {
            case .letters(let folded):
                if word.isEmpty { start = position }
                word.append(contentsOf: folded.utf8)
                end = position + length
            case .skipped:
                if !word.isEmpty { end = position + length }
            case .breaksWord:
                try flush()
            }
        }
        try flush()
    }

    /// The scalar at `position` of UTF-8 `text` (its first byte 0x80 or above) and its length in bytes; nil for a
    /// byte that begins no valid sequence (read as one byte that breaks a word).
    private static func decode(_ text: UnsafeRawBufferPointer, at position: Int) -> (Unicode.Scalar?, Int) {
        let first = text[position]
        let length: Int
        var value: UInt32
        switch first {
        case 0xC2...0xDF:
            length = 2
            value = UInt32(first & 0x1F)
        case 0xE0...0xEF:
            length = 3
            value = UInt32(first & 0x0F)
        case 0xF0...0xF4:
            length = 4
            value = UInt32(first & 0x07)
        default:
            return (nil, 1)
        }
        guard position + length <= text.count else { return (nil, 1) }
        for offset in 1..<length {
            let next = text[position + offset]
            guard next & 0xC0 == 0x80 else { return (nil, 1) }
            value = value << 6 | UInt32(next & 0x3F)
        }
        guard let scalar = Unicode.Scalar(value) else { return (nil, length) }
        return (scalar, length)
    }
}
