/// "Did you mean …?": the candidates closest to a misspelt name.
package enum Suggestions {
    /// The candidates within a small edit distance of `name`, best first (at most `limit`).
    ///
    /// The allowed distance grows with the name's length (a third of it, at least 1, at most 3),
    /// and a case-insensitive exact match always qualifies.
    package static func closest(to name: String, among candidates: some Sequence<String>, limit: Int = 1) -> [String] {
        let lowered = name.lowercased()
        let allowed = max(1, min(3, name.count / 3))
        var scored: [(distance: Int, name: String)] = []
        for candidate in candidates where candidate != name {
            let distance =
                candidate.lowercased() == lowered ? 0 : editDistance(lowered, candidate.lowercased(), limit: allowed)
            if distance <= allowed { scored.append((distance, candidate)) }
        }
        scored.sort { $0.distance != $1.distance ? $0.distance < $1.distance : $0.name < $1.name }
        return scored.prefix(limit).map(\.name)
    }

    /// Damerau–Levenshtein (optimal string alignment) distance over characters, stopping early once
    /// it exceeds `limit` (returns `limit + 1` then).
    package static func editDistance(_ a: String, _ b: String, limit: Int = .max) -> Int {
        let a = Array(a)
        let b = Array(b)
        if abs(a.count - b.count) > limit { return limit &+ 1 }
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previousPrevious = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            var rowMinimum = current[0]
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                var value = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    value = min(value, previousPrevious[j - 2] + 1)
                }
                current[j] = value
                rowMinimum = min(rowMinimum, value)
            }
            if rowMinimum > limit { return limit &+ 1 }
            (previousPrevious, previous, current) = (previous, current, previousPrevious)
        }
        return previous[b.count]
    }
}
