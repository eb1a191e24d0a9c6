import AirlockIO
import AirlockModel
import Foundation

extension PackageBatch {
    /// Where the batch is in `folder`, the folder its series was written into: its zip, or for `.plainMembers` the
    /// folder of its members (`plainFolderName`).
    public func path(in folder: String, form: PackageForm) -> String {
        folder + "/" + (form == .zip ? fileName : plainFolderName)
    }

    /// Where the batch is written in `folder` (`path(in:form:)`), its folder made here for `.plainMembers`.
    /// - Throws: `AirlockError(.io)` when the folder cannot be made.
    func prepare(in folder: String, form: PackageForm) throws -> String {
        let path = path(in: folder, form: form)
        switch form {
        case .zip: return path
        case .plainMembers:
            do {
                try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
            } catch {
                throw AirlockError(.io, "cannot make the batch's folder: \(error.localizedDescription)", at: SourceLocation(file: path))
            }
            return path
        }
    }

    /// Removes the first `count` batches of the series `stem` from `folder` (a series cut short by an error, the batch
    /// being written among them), as `form` wrote them.
    static func removeSeries(stem: String, count: Int, from folder: String, form: PackageForm) {
        for number in 1...max(1, count) {
            let path = PackageBatch(fileName: fileName(stem: stem, number: number), number: number, sections: [], bytes: 0)
                .path(in: folder, form: form)
            switch form {
            case .zip: unlink(path)
            case .plainMembers: try? FileManager.default.removeItem(atPath: path)
            }
        }
    }
}
