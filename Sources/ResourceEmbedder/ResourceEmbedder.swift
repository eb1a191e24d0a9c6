import Foundation

/// Writes a Swift source holding every file of a target's `Resources` folder, so that the executable carries its
/// bundled data in itself (no `*.resources` folder beside it). Run by the EmbedResources build plugin.
///
/// Usage: ResourceEmbedder [--commit-of DIR] OUTPUT ROOT FILE...
///   --commit-of  also write `embeddedBuildCommit`: the git commit DIR's checkout is at ("unknown" without git)
///   OUTPUT       the Swift file to write
///   ROOT         the folder the files' paths are given relative to
///   FILE         each file, under ROOT
///
/// An `@main` type rather than top-level code: flags given with `-Xswiftc` (`bin/fuzz`'s) reach this plugin tool too,
/// and top-level code breaks under `-parse-as-library`.
@main
struct ResourceEmbedder {
    static func main() {
        var arguments = CommandLine.arguments.dropFirst()
        var commitOf: String?
        if arguments.first == "--commit-of" {
            commitOf = arguments.dropFirst().first
            arguments = arguments.dropFirst(2)
        }
        guard arguments.count >= 2, let output = arguments.first, let root = arguments.dropFirst().first else {
            fail("usage: ResourceEmbedder [--commit-of DIR] OUTPUT ROOT FILE...", status: 2)
        }
        let rootPath = URL(fileURLWithPath: root).standardizedFileURL.path + "/"
        var entries: [(path: String, base64: String)] = []
        for file in arguments.dropFirst(2) {
            let path = URL(fileURLWithPath: file).standardizedFileURL.path
            guard path.hasPrefix(rootPath) else { fail("ResourceEmbedder: \(path) is not under \(rootPath)") }
            do {
                let data = try Data(contentsOf: URL(fileURLWithPath: path))
                entries.append((String(path.dropFirst(rootPath.count)), data.base64EncodedString()))
            } catch {
                fail("ResourceEmbedder: cannot read \(path): \(error)")
            }
        }
        // In path order, so that equal folders give equal sources.
        entries.sort { $0.path < $1.path }
        var source = """
            // Generated at build time by the EmbedResources plugin from the target's Resources folder; not in git.

            /// Every file of the target's `Resources` folder: its path inside the folder, and its bytes in base64.
            let embeddedResources: [(path: String, base64: String)] = [

            """
        for entry in entries {
            let path = entry.path.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
            source += "    (\"\(path)\", \"\(entry.base64)\"),\n"
        }
        source += "]\n"
        if let commitOf {
            source += "\n/// The git commit the build was made from (\"unknown\" when it was not a git checkout).\n"
            source += "let embeddedBuildCommit = \"\(commit(of: commitOf))\"\n"
        }
        do {
            try Data(source.utf8).write(to: URL(fileURLWithPath: output), options: .atomic)
        } catch {
            fail("ResourceEmbedder: cannot write \(output): \(error)")
        }
    }

    /// The commit `folder`'s git checkout is at, or "unknown".
    static func commit(of folder: String) -> String {
        let git = Process()
        git.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        git.arguments = ["git", "-C", folder, "rev-parse", "HEAD"]
        let pipe = Pipe()
        git.standardOutput = pipe
        git.standardError = FileHandle.nullDevice
        do {
            try git.run()
        } catch {
            return "unknown"
        }
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        git.waitUntilExit()
        let text = String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        return git.terminationStatus == 0 && text.allSatisfy(\.isHexDigit) && !text.isEmpty ? text : "unknown"
    }

    /// Prints `message` to standard error and exits with `status`.
    static func fail(_ message: String, status: Int32 = 1) -> Never {
        FileHandle.standardError.write(Data((message + "\n").utf8))
        exit(status)
    }
}
