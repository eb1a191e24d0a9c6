import AirlockKit
import ArgumentParser

/// The `--fo-locale` option's value: the F&O data project's locale, checked when the arguments are parsed.
struct FOLocaleOption: ExpressibleByArgument, Sendable {
    let locale: FOLocale

    init?(argument: String) {
        guard let locale = FOLocale(name: argument) else { return nil }
        self.locale = locale
    }

    static var allValueStrings: [String] { FOLocale.allCases.map(\.rawValue) }

    static let help =
        "The F&O data project's locale (en-US, en-GB, de-DE): how its dates and decimals are written. Default: learnt from each date column's values (ISO dates read in any locale)."
}
