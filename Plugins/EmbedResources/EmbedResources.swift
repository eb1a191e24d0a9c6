import Foundation
import PackagePlugin

/// Compiles a target's `Resources` folder into the target (`ResourceEmbedder`): the `airlock` executable then carries
/// its catalog and templates in itself and runs copied alone into an empty folder (docs/install.md).
@main
struct EmbedResources: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let root = target.directoryURL.appending(path: "Resources")
        var files: [URL] = []
        if let enumerator = FileManager.default.enumerator(at: root, includingPropertiesForKeys: [.isRegularFileKey]) {
            for case let url as URL in enumerator where (try? url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true {
                files.append(url)
            }
        }
        files.sort { $0.path < $1.path }
        let output = context.pluginWorkDirectoryURL.appending(path: "EmbeddedResources.swift")
        let arguments = [output.path, root.path] + files.map(\.path)
        return [
            .buildCommand(
                displayName: "Embedding \(target.name)'s resources",
                executable: try context.tool(named: "ResourceEmbedder").url,
                arguments: arguments, inputFiles: files, outputFiles: [output])
        ]
    }
}
