import AirlockKit
import ArgumentParser

/// A code page option's value (`--fo-encoding`, `--reviewed-encoding`): a single-byte code page of files without a
/// byte-order mark, checked when the arguments are parsed; `help` is `--fo-encoding`'s.
struct CodePageOption: ExpressibleByArgument, Sendable {
    let codePage: SingleByteCodePage

    init?(argument: String) {
        guard let codePage = SingleByteCodePage(name: argument) else { return nil }
        self.codePage = codePage
    }

    static var allValueStrings: [String] { SingleByteCodePage.allCases.map(\.rawValue) }

    static let help = ArgumentHelp(
        "The code page of the F&O export's CSV files without a byte-order mark: a data format with a Windows code page, or an Excel \"CSV (Comma delimited)\" save (windows-1252 in Western Europe and the Americas). Default: UTF-8.",
        valueName: "CODE-PAGE")
}
