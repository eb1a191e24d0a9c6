import AirlockIO
import AirlockPackages
import AirlockReport

/// What `airlock convert` is asked to do: `Converter.run`'s options, the record `report.json` keeps of them
/// (`ConversionReport.Options`, in AirlockReport so that the report, its page, `merge` and `verify` read it without
/// the converter).
public typealias ConversionOptions = ConversionReport.Options

extension ConversionOptions {
    /// How the F&O exports' files are read (`foEncoding`; a name `SingleByteCodePage` does not know reads as UTF-8,
    /// and `ConversionOptionCheck` refuses it first).
    var foFileEncoding: FOFileEncoding { .option(foEncoding) }
}
