/// `airlock inspect` as a library call: each package's kind, metadata and entities.
public enum InspectPipeline {
    /// Inspects the packages in order, stopping at the first one that cannot be read (see `InspectResult.failure`).
    public static func run(_ options: InspectOptions) -> InspectResult {
        var result = InspectResult(reports: [], text: "")
        for (index, path) in options.packages.enumerated() {
            do {
                let report = try PackageInspector.inspect(path: path, foFileEncoding: .option(options.foEncoding))
                if options.json {
                    result.text += try report.jsonText(pretty: options.packages.count == 1) + "\n"
                } else {
                    if index > 0 { result.text += "\n" }
                    result.text += report.text(showColumns: options.columns) + "\n"
                }
                result.reports.append(report)
            } catch {
                result.failure = error
                return result
            }
        }
        return result
    }
}
