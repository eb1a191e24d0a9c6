import AirlockKit

import ArgumentParser
import Foundation

struct TemplatesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "templates",
        abstract: "List, show and export the mapping templates that `convert` runs (one per P2C task).",
        subcommands: [List.self, Show.self, Export.self]
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
}
