import AirlockIO
import AirlockModel
import Foundation

extension PackageBatch {
    /// Where the batch is written in `folder`: its zip's path, or for `.plainMembers` the folder its members are
    /// written into (`plainFolderName`), made here.
    /// - Throws: `AirlockError(.io)` when the folder cannot be made.
    func prepare(in folder: String, form: PackageForm) throws -> String {
        switch form {
        case .zip: return folder + "/" + fileName
        case .plainMembers:
            let path = folder + "/" + plainFolderName
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
            let batch = PackageBatch(fileName: fileName(stem: stem, number: number), number: number, sections: [], bytes: 0)
            switch form {
            case .zip: unlink(folder + "/" + batch.fileName)
            case .plainMembers: try? FileManager.default.removeItem(atPath: folder + "/" + batch.plainFolderName)
            }
        }
    }
}
