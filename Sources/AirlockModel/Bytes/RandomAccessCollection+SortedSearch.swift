extension RandomAccessCollection where Element: Comparable, Index == Int {
    /// Whether `element` is in this collection, whose elements are in ascending order: a search by halves.
    public func sortedContains(_ element: Element) -> Bool {
        var low = startIndex
        var high = endIndex
        while low < high {
            let middle = low + (high - low) / 2
            if self[middle] < element { low = middle + 1 } else { high = middle }
        }
        return low < endIndex && self[low] == element
    }
}
