/// An entity a lookup names that the package does not carry: its records must exist in the target environment.
struct CMTOutsideEntity {
    /// How many such names a pass keeps, so that a lookup naming one again makes no new text; past them a name is made
    /// for each lookup, so that a pass's memory stays bounded whatever a package names.
    static let keptNames = 64

    let name: String
    /// Whether the user said its records exist in the target (`--expect-in-target`).
    let isExpected: Bool
}
