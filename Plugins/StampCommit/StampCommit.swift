import Foundation
import PackagePlugin

/// Stamps a target with the git commit it is built from (`ResourceEmbedder --commit-of`, `embeddedBuildCommit`), for
/// `airlock --version`. Git's log of HEAD, which every commit and checkout changes, is the command's input, so that
/// the build writes the stamp again when the commit changes.
@main
struct StampCommit: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let package = context.package.directoryURL
        let output = context.pluginWorkDirectoryURL.appending(path: "BuildCommit.swift")
        let log = package.appending(path: ".git/logs/HEAD")
        return [
            .buildCommand(
                displayName: "Stamping \(target.name) with the commit",
                executable: try context.tool(named: "ResourceEmbedder").url,
                arguments: ["--commit-of", package.path, output.path],
                inputFiles: FileManager.default.fileExists(atPath: log.path) ? [log] : [], outputFiles: [output])
        ]
    }
}
