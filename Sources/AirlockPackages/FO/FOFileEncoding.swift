import AirlockIO

/// How an F&O package's delimited entity files without a byte-order mark are read: as UTF-8, or in the single-byte
/// code page a command's `--fo-encoding` names (a data format with a Windows code page, an Excel "CSV" save). A
/// file with a byte-order mark (UTF-8, UTF-16) is read as the mark says either way.
public struct FOFileEncoding: Sendable, Equatable {
    /// The code page of files without a byte-order mark; nil: UTF-8.
    public var codePage: SingleByteCodePage?
    /// Whether the command offers `--fo-encoding`: a file that is no UTF-8 then gets a hint naming it.
    public var offersOption: Bool

    public init(codePage: SingleByteCodePage?, offersOption: Bool) {
        self.codePage = codePage
        self.offersOption = offersOption
    }

    /// UTF-8, for commands without the option.
    public static let utf8 = FOFileEncoding(codePage: nil, offersOption: false)

    /// What `--fo-encoding` gives (nil when not given).
    public static func option(_ codePage: SingleByteCodePage?) -> FOFileEncoding {
        FOFileEncoding(codePage: codePage, offersOption: true)
    }

    /// The hint an invalid UTF-8 byte's error ends with, when the command offers the option.
    var hint: String? {
        guard offersOption, codePage == nil else { return nil }
        return
            "a file Excel saved as \"CSV (Comma delimited)\" is in the Windows code page of its language: give --fo-encoding windows-1252 (Western Europe, the Americas) or the one it was saved in (\(SingleByteCodePage.names))"
    }
}
