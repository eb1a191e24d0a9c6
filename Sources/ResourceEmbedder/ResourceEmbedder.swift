import Foundation

/// Writes a Swift source holding every file of a target's `Resources` folder, so that the executable carries its
/// bundled data in itself (no `*.resources` folder beside it). Run by the EmbedResources build plugin.
///
/// Usage: ResourceEmbedder OUTPUT ROOT FILE...        (the EmbedResources plugin)
///        ResourceEmbedder --commit-of DIR OUTPUT      (the StampCommit plugin)
///   OUTPUT       the Swift file to write
///   ROOT         the folder the files' paths are given relative to
///   FILE         each file, under ROOT: written as `embeddedResources`
///   --commit-of  write `embeddedBuildCommit` instead: the git commit DIR's checkout is at ("unknown" without git)
///
/// An `@main` type rather than top-level code: flags given with `-Xswiftc` (`bin/fuzz`'s) reach this plugin tool too,
/// and top-level code breaks under `-parse-as-library`.
@main
struct ResourceEmbedder {
    static func main() {
        let arguments = CommandLine.arguments.dropFirst()
        if arguments.first == "--commit-of" {
            guard arguments.count == 3, let folder = arguments.dropFirst().first, let output = arguments.last else {
                fail("usage: ResourceEmbedder --commit-of DIR OUTPUT", status: 2)
            }
            var source = "// Generated at build time by the StampCommit plugin; not in git.\n\n"
            source += "/// The git commit the build was made from (\"unknown\" when it was not a git checkout).\n"
            source += "let embeddedBuildCommit = \"\(commit(of: folder))\"\n"
            write(source, to: output)
            return
        }
        guard arguments.count >= 2, let output = arguments.first, let root = arguments.dropFirst().first else {
            fail("usage: ResourceEmbedder OUTPUT ROOT FILE... | --commit-of DIR OUTPUT", status: 2)
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
        write(source, to: output)
    }

    /// Writes `source` to `output` at once, or fails.
    static func write(_ source: String, to output: String) {
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
