/// The one edit that turns a word into its variant (a typo as people make them: a letter replaced, added, left out,
/// or two neighbours swapped), and the same edit made to the word's masked form: so a variant masks to a variant of
/// the masked word, as alike as the clear words are (`MaskWordPlan`).
enum MaskWordEdit: Equatable, Sendable {
    case substitution(Int)
    case insertion(Int)
    case deletion(Int)
    case transposition(Int)

    /// The single edit from `word` to `variant`, nil when they differ by none or by more than one.
    static func between(_ word: [Character], _ variant: [Character]) -> MaskWordEdit? {
        let shorter = min(word.count, variant.count)
        let first = (0..<shorter).first { word[$0] != variant[$0] } ?? shorter
        switch variant.count - word.count {
        case 0:
            guard first < word.count else { return nil }
            if word[(first + 1)...].elementsEqual(variant[(first + 1)...]) { return .substitution(first) }
            if first + 1 < word.count, word[first] == variant[first + 1], word[first + 1] == variant[first],
                word[(first + 2)...].elementsEqual(variant[(first + 2)...])
            {
                return .transposition(first)
            }
            return nil
        case 1:
            return word[first...].elementsEqual(variant[(first + 1)...]) ? .insertion(first) : nil
        case -1:
            return word[(first + 1)...].elementsEqual(variant[first...]) ? .deletion(first) : nil
        default:
            return nil
        }
    }

    /// `masked` (the masked form of the word) with the same edit, a letter the edit brings in drawn by `letter` (given
    /// the letter it replaces, nil for an insertion).
    func applied(to masked: [Character], letter: (Character?) -> Character) -> [Character] {
        var result = masked
        switch self {
        case .substitution(let index):
            guard index < result.count else { return result }
            result[index] = letter(result[index])
        case .insertion(let index):
            result.insert(letter(nil), at: min(index, result.count))
        case .deletion(let index):
            guard index < result.count else { return result }
            result.remove(at: index)
        case .transposition(let index):
            guard index + 1 < result.count else { return result }
            result.swapAt(index, index + 1)
        }
        return result
    }
}
