import AirlockIO
import AirlockPackages

/// The exports a run's packages are validated against, one per side: `to-fo.zip` (and its batches) against the F&O
/// export, read as the run read it, `to-sales.zip` against the Sales export. What `convert` and `merge` hand to the
/// last steps of a run (`Converter.finishPackages`, `BatchWriter`) in place of the whole of the run's options.
struct TargetExports {
    /// The F&O export package (zip or folder).
    var foPath: String
    /// How the F&O export's delimited files are read (`--fo-encoding`).
    var foFileEncoding: FOFileEncoding
    /// The Sales export package (zip or folder).
    var salesPath: String

    /// The exports a run with `options` converted.
    init(_ options: ConversionOptions) {
        foPath = options.foPath
        foFileEncoding = options.foFileEncoding
        salesPath = options.salesPath
    }
}
