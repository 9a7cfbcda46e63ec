import Foundation

/// `groupConcat(x, separator: s, sortedBy: k, order: .reverse)` on SQLite versions whose
/// `group_concat` takes no `ORDER BY` (before 3.44): the lowering gathers `[key, text]` pairs with
/// `json_group_array`, and ``evaluate(pairs:separator:mode:)`` sorts them as Swift would and joins
/// the texts.
///
/// The order is Swift's `<` on the keys (strings by canonical equivalence, numbers by value, nil
/// first), ties by the texts (Swift's `<`, then their UTF-8 bytes, so that the result is one
/// answer); `.reverse` reverses all of it. Pairs whose text is nil are left out.
package enum SortedConcatenation {
    /// How the keys are written in the pairs.
    package enum KeyKind: Int64, Sendable {
        /// JSON integers.
        case integer = 0
        /// JSON strings holding a `Double` as Swift writes it (`0.1`, `inf`; SQLite's JSON keeps 15 digits).
        case real = 1
        /// JSON strings.
        case text = 2
        /// JSON strings compared by their UTF-8 bytes, as SQL's `BINARY` collation compares text.
        case bytes = 3
    }

    /// The third argument of the SQL function: the key kind, plus 4 for `.reverse`, plus
    /// ``sqlMeaning`` for SQL's `group_concat`.
    package static func mode(_ kind: KeyKind, descending: Bool) -> Int64 { kind.rawValue + (descending ? 4 : 0) }

    /// Added to the mode for StructuredQueries' `groupConcat(order:)`: NULL when no row has a
    /// text (as `group_concat` gives), and ties ordered by the texts' bytes (ascending also
    /// under `.reverse`: SQL leaves ties unordered, Sift gives one answer).
    package static let sqlMeaning: Int64 = 8

    /// One pair's key.
    enum Key: Comparable {
        case none
        case integer(Int64)
        case real(Double)
        case text(String)
        case bytes(String)

        static func < (lhs: Key, rhs: Key) -> Bool {
            switch (lhs, rhs) {
            case (.none, .none): false
            case (.none, _): true
            case (_, .none): false
            case (.integer(let a), .integer(let b)): a < b
            case (.real(let a), .real(let b)): a < b
            case (.integer(let a), .real(let b)): Double(a) < b
            case (.real(let a), .integer(let b)): a < Double(b)
            case (.text(let a), .text(let b)): a < b
            case (.bytes(let a), .bytes(let b)): a.utf8.lexicographicallyPrecedes(b.utf8)
            case (.integer, .bytes), (.real, .bytes): true  // SQL: numbers before text
            default: false
            }
        }
    }

    /// The texts of `pairs` sorted and joined with `separator`; NULL when `pairs` is not such JSON.
    package static func evaluate(pairs: String, separator: String, mode: Int64) -> SQLValue {
        guard let kind = KeyKind(rawValue: mode & 3),
            let array = try? JSONSerialization.jsonObject(with: Data(pairs.utf8), options: [.fragmentsAllowed]) as? [Any]
        else { return .null }
        var entries: [(key: Key, text: String)] = []
        for element in array {
            guard let pair = element as? [Any], pair.count == 2 else { return .null }
            guard let text = pair[1] as? String else { continue }
            let key: Key
            switch (kind, pair[0]) {
            case (_, is NSNull): key = .none
            case (.text, let string as String): key = .text(string)
            case (.bytes, let string as String): key = .bytes(string)
            case (.real, let string as String): key = Double(string).map(Key.real) ?? .none
            case (_, let number as NSNumber):
                // `int64Value` of a number beyond Int64 would stop the process: any SQL may call this.
                let real = number.doubleValue
                key = kind != .real && real.rounded() == real && abs(real) < 0x1p62 ? .integer(number.int64Value) : .real(real)
            default: return .null
            }
            entries.append((key, text))
        }
        if mode & sqlMeaning != 0 {
            if entries.isEmpty { return .null }
            let sorted = entries.sorted { lhs, rhs in
                let (first, second) = mode & 4 != 0 ? (rhs, lhs) : (lhs, rhs)
                if first.key < second.key { return true }
                if second.key < first.key { return false }
                return lhs.text.utf8.lexicographicallyPrecedes(rhs.text.utf8)  // ties: SQL leaves them unordered; bytes, ascending
            }
            return .text(sorted.map(\.text).joined(separator: separator))
        }
        return .text(joined(entries, separator: separator, descending: mode & 4 != 0))
    }

    /// The texts in order: by key, then by text (Swift's `<`, then bytes); reversed for `descending`.
    static func joined(_ entries: [(key: Key, text: String)], separator: String, descending: Bool) -> String {
        let sorted = entries.sorted { lhs, rhs in
            let ascending = isOrderedBefore(lhs, rhs)
            return descending ? isOrderedBefore(rhs, lhs) : ascending
        }
        return sorted.map(\.text).joined(separator: separator)
    }

    static func isOrderedBefore(_ lhs: (key: Key, text: String), _ rhs: (key: Key, text: String)) -> Bool {
        if lhs.key < rhs.key { return true }
        if rhs.key < lhs.key { return false }
        if lhs.text < rhs.text { return true }
        if rhs.text < lhs.text { return false }
        return lhs.text.utf8.lexicographicallyPrecedes(rhs.text.utf8)
    }
}
