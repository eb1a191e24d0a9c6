import AirlockNormalize

extension MaskReplacer {
    /// An e-mail address: the local part's letters and digits replaced run by run, the separators kept; a company
    /// domain mapped label by label as `domain` maps it everywhere (so an address and a website of one company keep
    /// sharing it), a public mail domain (`gmail.com`) and the top-level domain kept.
    public func email(_ address: String) -> String {
        guard let at = address.lastIndex(of: "@"), at != address.startIndex else { return token(address) }
        let local = String(address[..<at])
        let host = String(address[address.index(after: at)...])
        return alphanumericRuns(local, purpose: "email") + "@" + domain(host)
    }

    /// A host name: each label but the last (the top-level domain) and `www` replaced by a word drawn from it; a
    /// public mail domain kept whole.
    public func domain(_ host: String) -> String {
        if let known = memo.domains[host] { return known }
        let mapped = mappedDomain(host)
        memo.domains[host] = mapped
        return mapped
    }

    /// Whether host `lowered` (lower case) is kept as it is: a public mail domain (`gmail.com`), which names nobody.
    static func keepsDomain(_ lowered: String) -> Bool {
        PublicMailDomains.all.contains(lowered)
    }

    private func mappedDomain(_ host: String) -> String {
        if Self.keepsDomain(host.lowercased()) { return host }
        let labels = host.split(separator: ".", omittingEmptySubsequences: false)
        return labels.enumerated().map { index, label in
            let key = label.lowercased()
            guard index < labels.count - 1, key != "www", !key.isEmpty else { return String(label) }
            return Self.cased(word("domain", key, length: key.count), like: label)
        }
        .joined(separator: ".")
    }

    /// A web address: its host as `domain` maps it, its path's words replaced; scheme and punctuation kept.
    public func website(_ address: String) -> String {
        var rest = Substring(address)
        var scheme = ""
        if let range = rest.range(of: "://") {
            scheme = String(rest[..<range.upperBound])
            rest = rest[range.upperBound...]
        }
        let hostEnd = rest.firstIndex { $0 == "/" || $0 == ":" || $0 == "?" || $0 == "#" } ?? rest.endIndex
        return scheme + domain(String(rest[..<hostEnd])) + alphanumericRuns(String(rest[hostEnd...]), purpose: "url")
    }

    /// A phone number: digit count, formatting and the leading digits kept (country code, trunk prefix); the last
    /// `ContactKeys.phoneDigits` digits, which `match` compares, replaced by digits drawn from them alone, so every
    /// spelling of one number (`+44 20 7946 0958`, `020 7946 0958`) gives the same.
    public func phone(_ number: String) -> String {
        if Self.isASCII(number) { return asciiPhone(number) }
        let digits = number.filter { $0.isASCII && $0.isNumber }
        guard !digits.isEmpty else { return number }
        let replaced = min(digits.count, ContactKeys.phoneDigits)
        let tail = String(digits.suffix(replaced))
        let drawn = bytes("phone", tail, count: replaced)
        var newDigits = Array(digits.prefix(digits.count - replaced))
        newDigits += drawn.map { Character(String($0 % 10)) }
        var index = 0
        return String(
            number.map { character -> Character in
                guard character.isASCII, character.isNumber else { return character }
                defer { index += 1 }
                return newDigits[index]
            })
    }

    /// `text` with each run of letters or digits replaced (letters by a word drawn from the run, digits by digits),
    /// the separators kept.
    func alphanumericRuns(_ text: String, purpose: String) -> String {
        if Self.isASCII(text) { return asciiAlphanumericRuns(text, purpose: purpose) }
        var out = ""
        var position = text.startIndex
        while position < text.endIndex {
            let isDigit = text[position].isASCII && text[position].isNumber
            guard text[position].isLetter || isDigit else {
                out.append(text[position])
                position = text.index(after: position)
                continue
            }
            let start = position
            while position < text.endIndex,
                isDigit ? (text[position].isASCII && text[position].isNumber) : text[position].isLetter
            {
                position = text.index(after: position)
            }
            let run = text[start..<position]
            let key = run.lowercased()
            if isDigit {
                out += bytes(purpose + " digits", key, count: run.count).map { String($0 % 10) }.joined()
            } else {
                out += Self.cased(word(purpose, key, length: run.count), like: run)
            }
        }
        return out
    }

    /// `alphanumericRuns` for ASCII text, read byte by byte: the same result, without reading characters.
    private func asciiAlphanumericRuns(_ text: String, purpose: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        let utf8 = text.utf8
        var position = utf8.startIndex
        while position < utf8.endIndex {
            let start = position
            let isDigit = Self.isASCIIDigit(utf8[position])
            guard isDigit || Self.isASCIILetter(utf8[position]) else {
                while position < utf8.endIndex, !Self.isASCIIDigit(utf8[position]), !Self.isASCIILetter(utf8[position]) {
                    position = utf8.index(after: position)
                }
                out += text[start..<position]
                continue
            }
            while position < utf8.endIndex, isDigit ? Self.isASCIIDigit(utf8[position]) : Self.isASCIILetter(utf8[position]) {
                position = utf8.index(after: position)
            }
            let run = text[start..<position]
            let key = run.lowercased()
            if isDigit {
                for byte in bytes(purpose + " digits", key, count: run.utf8.count) {
                    out.unicodeScalars.append(Unicode.Scalar(0x30 + byte % 10))
                }
            } else {
                out += Self.cased(word(purpose, key, length: run.utf8.count), like: run)
            }
        }
        return out
    }

    /// `phone` for ASCII text, read byte by byte: the same result, without reading characters.
    private func asciiPhone(_ number: String) -> String {
        let digits = number.utf8.filter(Self.isASCIIDigit)
        guard !digits.isEmpty else { return number }
        let replaced = min(digits.count, ContactKeys.phoneDigits)
        let tail = String(decoding: digits.suffix(replaced), as: UTF8.self)
        var newDigits = Array(digits.prefix(digits.count - replaced))
        newDigits += bytes("phone", tail, count: replaced).map { 0x30 + $0 % 10 }
        var index = 0
        let result = number.utf8.map { byte -> UInt8 in
            guard Self.isASCIIDigit(byte) else { return byte }
            defer { index += 1 }
            return newDigits[index]
        }
        return String(decoding: result, as: UTF8.self)
    }
}
