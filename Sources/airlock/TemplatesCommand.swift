import AirlockKit

import ArgumentParser
import Foundation

struct TemplatesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "templates",
        abstract: "List, show, export and document the mapping templates that `convert` runs (one per P2C task).",
        subcommands: [List.self, Show.self, Export.self, Doc.self, Schema.self]
    )

    struct List: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "One line per flow: name, direction, source → target.")

        func run() throws {
            let templates = try TemplateLoader.bundled().templates
            let width = templates.map(\.name.count).max() ?? 0
            for template in templates {
                let name = template.name.padding(toLength: width, withPad: " ", startingAt: 0)
                print("\(name)  \(template.direction.rawValue)  \(template.source.entity) → \(template.target.entity)")
            }
        }
    }

    struct Show: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Print a template (or value-maps) as bundled.")

        @Argument(help: "A flow name (see `airlock templates list`) or value-maps.")
        var name: String

        func run() throws {
            guard let file = try TemplateLoader.bundled().file(named: name) else {
                throw ValidationError("no template named '\(name)'; see `airlock templates list`")
            }
            print(file.text, terminator: file.text.hasSuffix("\n") ? "" : "\n")
        }
    }

    struct Export: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Write every template and value-maps.yaml into a folder for editing (use it with convert --templates).")

        @Argument(help: "The folder to write into (created if missing).")
        var directory: String

        @Flag(help: "Overwrite files that exist.")
        var force = false

        func run() throws {
            for path in try TemplateExporter.export(to: directory, overwrite: force) { print(path) }
        }
    }

    struct Doc: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Print the mapping reference (Markdown): every flow in run order, its field maps, value maps and inferred settings.")

        @Option(help: "A folder of edited templates (airlock templates export); default: the bundled ones.")
        var templates: String?

        @Option(help: "Write the Markdown into this file (atomically) instead of printing it.")
        var out: String?

        func run() throws {
            let set = try TemplateLoader.load(directoryOrBundled: templates)
            try emit(Array(TemplateDocumentation.markdown(set).utf8), to: out)
        }
    }

    struct Schema: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Print the Configuration Migration data_schema.xml to export the Sales data the flows read with.")

        @Option(help: "A folder of edited templates (airlock templates export); default: the bundled ones.")
        var templates: String?

        @Option(help: "Write data_schema.xml into this file (atomically) instead of printing it.")
        var out: String?

        @Option(name: .customLong("catalog"), help: "A schema catalog extension file (YAML); repeat for several.")
        var catalogFiles: [String] = []

        func run() throws {
            let set = try TemplateLoader.load(directoryOrBundled: templates)
            let catalog = try SchemaCatalogLoader.load(extensions: catalogFiles)
            let schema = try ExportSchemaBuilder.schema(for: set, catalog: catalog)
            // As CMT writes it: the same bytes on stdout and in the file (no line end after the root's end tag).
            try emit(try CMTSchemaWriter.bytes(schema), to: out)
        }
    }
}

/// Prints `bytes` on stdout, or writes them into `path` atomically (a temporary file renamed into place).
private func emit(_ bytes: [UInt8], to path: String?) throws {
    guard let path else {
        FileHandle.standardOutput.write(Data(bytes))
        return
    }
    do {
        try Data(bytes).write(to: URL(fileURLWithPath: path), options: .atomic)
    } catch {
        throw AirlockError(.io, "cannot write the file", at: SourceLocation(file: path), cause: error.localizedDescription)
    }
}
