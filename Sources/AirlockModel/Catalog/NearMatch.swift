/// Names one edit away from a misspelt one, for "did you mean" hints.
public enum NearMatch {
    /// The candidates within one insertion, deletion, substitution or swap of two neighbours of `name`, compared
    /// without regard to case, in the candidates' order; a candidate equal to `name` (any case) is not near.
    public static func oneEditAway(from name: String, among candidates: [String]) -> [String] {
        let target = Array(name.lowercased())
        return candidates.filter { candidate in
            let other = Array(candidate.lowercased())
            return other != target && isWithinOneEdit(target, other)
        }
    }

    private static func isWithinOneEdit(_ a: [Character], _ b: [Character]) -> Bool {
        if abs(a.count - b.count) > 1 { return false }
        var prefix = 0
        while prefix < min(a.count, b.count), a[prefix] == b[prefix] { prefix += 1 }
        var suffix = 0
        while suffix < min(a.count, b.count) - prefix, a[a.count - 1 - suffix] == b[b.count - 1 - suffix] { suffix += 1 }
        let restA = a.count - prefix - suffix
        let restB = b.count - prefix - suffix
        if restA <= 1 && restB <= 1 { return true }
        // Two neighbours swapped: "Cutsomers" for "Customers".
        return restA == 2 && restB == 2 && a[prefix] == b[prefix + 1] && a[prefix + 1] == b[prefix]
    }
}
