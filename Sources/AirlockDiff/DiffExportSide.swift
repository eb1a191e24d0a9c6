/// Which of the two exports of a diff.
public enum DiffExportSide: String, Sendable, Codable {
    case old
    case new
}
