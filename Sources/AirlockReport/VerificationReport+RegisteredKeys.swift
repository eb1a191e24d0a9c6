import AirlockModel

extension VerificationReport {
    /// The migration's key register checked against the F&O export after the import (docs/verify.md, "Registered
    /// keys"): every key the register says F&O holds (a link's, or one a run sent) looked for there.
    public struct RegisteredKeys: Sendable, Codable, Equatable {
        /// One Sales entity's registered records.
        public struct Counts: Sendable, Codable, Equatable {
            /// Records F&O should hold under their registered key, and of those: found in the export, not found, not
            /// checked (the export lacks their F&O entity).
            public var registered: Int
            public var found: Int
            public var notFound: Int
            public var notChecked: Int
            /// Records registered with a key no run has sent to F&O yet (filtered or rejected so far): not looked for.
            public var notSent: Int

            public init(registered: Int, found: Int, notFound: Int, notChecked: Int, notSent: Int) {
                self.registered = registered
                self.found = found
                self.notFound = notFound
                self.notChecked = notChecked
                self.notSent = notSent
            }
        }

        /// The register read (as the run knows its path).
        public var register: String
        /// Whether the F&O export was given, so that the keys were looked for.
        public var checked: Bool
        /// Per Sales entity.
        public var entities: [String: Counts]
        /// The F&O entities the export lacks, whose keys were not checked.
        public var entitiesNotInExport: [String]

        public init(register: String, checked: Bool, entities: [String: Counts], entitiesNotInExport: [String]) {
            self.register = register
            self.checked = checked
            self.entities = entities
            self.entitiesNotInExport = entitiesNotInExport
        }

        /// Keys not found, and not checked, over the entities.
        public var notFound: Int { entities.values.reduce(0) { $0 + $1.notFound } }
        public var notChecked: Int { entities.values.reduce(0) { $0 + $1.notChecked } }
        public var registered: Int { entities.values.reduce(0) { $0 + $1.registered } }
        public var found: Int { entities.values.reduce(0) { $0 + $1.found } }

        /// The summary's line: per entity what F&O should hold, found and not, and the keys not sent yet.
        public var text: String {
            guard checked else {
                return "Registered keys (\(register)): \(registered) that F&O should hold, not looked for (no --fo export given)"
            }
            let parts = entities.sorted { $0.key < $1.key }.map { name, counts in
                var part = "\(name) \(counts.found) of \(counts.registered) found"
                if counts.notFound > 0 { part += ", \(counts.notFound) not" }
                if counts.notChecked > 0 { part += ", \(counts.notChecked) not checked" }
                if counts.notSent > 0 { part += " (\(counts.notSent) registered, not sent yet)" }
                return part
            }
            return "Registered keys (\(register)) in the F&O export: \(parts.joined(separator: "; "))"
        }
    }

    /// The registered keys F&O does not hold or that could not be looked for, as a reason the verification does not
    /// prove the migration's identities; nil when every one was found (or none was looked for: no `--fo`).
    var registeredKeysNotProven: NotProven? {
        guard let keys = registeredKeys, keys.checked, keys.notFound + keys.notChecked > 0 else { return nil }
        var parts: [String] = []
        if keys.notFound > 0 {
            parts.append(
                "\(keys.notFound) registered key\(keys.notFound == 1 ? "" : "s") the F&O export does not hold (\(RunLayout.missingKeysList))"
            )
        }
        if keys.notChecked > 0 {
            parts.append(
                "\(keys.notChecked) registered key\(keys.notChecked == 1 ? "" : "s") not checked: the F&O export lacks \(keys.entitiesNotInExport.joined(separator: ", "))"
            )
        }
        var steps: [String] = []
        if keys.notFound > 0 {
            steps.append(
                "find why F&O does not hold the keys \(options.resolvedOutputDirectory)/\(RunLayout.missingKeysList) lists (the key register, \(keys.register), says a run sent or linked each: a record deleted in F&O since, or an import that failed), send the records again (airlock retry, or the next wave's convert, which keeps their keys)"
            )
        }
        if keys.notChecked > 0 {
            steps.append("export F&O with \(keys.entitiesNotInExport.joined(separator: ", ")) in the data project")
        }
        let run = options.runDirectory
        return NotProven(
            kind: "registered-keys", records: keys.notFound + keys.notChecked, summary: parts.joined(separator: "; "),
            nextStep:
                "Prove the migration's registered keys: \(steps.joined(separator: "; ")); then verify again into a new folder: airlock verify --run \(run) --fo FO-EXPORT-AGAIN.zip\(options.salesPath.map { " --sales \($0)" } ?? "") --out \(run)/\(RunLayout.verifyFolder)-2."
        )
    }
}
