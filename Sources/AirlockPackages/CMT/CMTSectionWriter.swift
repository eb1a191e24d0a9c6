import AirlockIO
import AirlockModel

/// Writes the entity sections of the `data.xml` that `CMTPackageWriter.write(schema:timestamp:…)` streams, one
/// section at a time, each either from pieces held together or from pieces handed over one at a time.
public struct CMTSectionWriter {
    let dataWriter: CMTDataWriter
    let writer: BufferedByteWriter
    let location: SourceLocation
    let observer: CMTDataObserver?

    /// Writes section `entity` (its name, attributes and associations) with the records of `pieces`, in order.
    /// - Throws: as `CMTDataWriter.writeEntity(_:pieces:to:location:observer:)`.
    public func callAsFunction(_ entity: CMTEntityData, _ pieces: [CMTDataWriter.Piece]) throws {
        try dataWriter.writeEntity(entity, pieces: pieces, to: writer, location: location, observer: observer)
    }

    /// Writes section `entity` with the records of the pieces `produce` hands over, in order, each written before
    /// the next is made, so that memory holds one piece at a time (a merge's shard parts). The bytes equal
    /// `callAsFunction` given the same pieces at once.
    /// - Throws: as `callAsFunction`, or what `produce` throws.
    public func streaming(_ entity: CMTEntityData, _ produce: ((CMTDataWriter.Piece) throws -> Void) throws -> Void) throws {
        // The section's start says whether it has records, so it waits for the first piece with a row.
        var opened = false
        try produce { piece in
            guard !piece.rows.isEmpty else { return }
            if !opened {
                try dataWriter.writeEntityStart(entity, hasRecords: true, to: writer, location: location, observer: observer)
                opened = true
            }
            try dataWriter.writeRecords(piece.records, rows: piece.rows, to: writer, location: location, observer: observer)
        }
        if !opened { try dataWriter.writeEntityStart(entity, hasRecords: false, to: writer, location: location, observer: observer) }
        try dataWriter.writeEntityEnd(
            entity.name, hasRecords: opened, associations: entity.manyToMany, to: writer, location: location, observer: observer)
    }
}
