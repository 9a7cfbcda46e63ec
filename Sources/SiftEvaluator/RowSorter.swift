import Foundation
import SiftChecker
import SiftSchema
import SiftSyntax

/// Sorts objects by checked sort keys as Foundation's `SortDescriptor` does on this platform.
///
/// - A key's value follows its to-one relationships; a nil relationship on the way makes it nil.
/// - `nil` sorts before every value in `.forward` order, after in `.reverse` (verified with
///   `sorted(using: SortDescriptor(\S.name))` on Linux: `[nil, nil, "a", "x"]`).
/// - Strings: the default comparator is lexical, Swift's `<` (`SortDescriptor(\S.name)` uses
///   `ComparableComparator<String>` here); `.localizedStandard` uses `localizedStandardCompare`
///   and `.localized` uses `localizedCompare` (Foundation's `String.StandardComparator` has no
///   `.localized`/`.localizedStandard` members on Linux, so the compare functions are called directly).
/// - Other values: `ComparableComparator` (`<`, then `>`, else equal; so NaN ties with everything).
/// - Enums: by raw value, as the enum's `<` does when it compares raw values (the only `<` the
///   checker accepts for a sort key; a raw-value enum gets no synthesized `Comparable` in Swift).
/// - A computed key (`\User.interests.count`) is its expression evaluated on the row.
/// - Several keys compare lexicographically; full ties keep dataset order (a stable sort) or
///   go by identity, as ``Evaluator/TieBreak`` says.
struct RowSorter {
    let keys: [CheckedSortKey]
    let dataset: Dataset
    let tieBreak: Evaluator.TieBreak
    /// Evaluates computed keys, with ``root`` bound to each object in turn.
    let evaluator: ExpressionEvaluator
    let root: VariableID

    func sort(_ objects: [ObjectReference]) throws -> [ObjectReference] {
        if keys.isEmpty && tieBreak == .datasetOrder { return objects }
        let rows = try objects.map { object in (object, try keys.map { try value(of: $0, for: object) }) }
        let sorted = rows.enumerated().sorted { left, right in
            for (position, key) in keys.enumerated() {
                let order = compare(left.element.1[position], right.element.1[position], key: key)
                if order != 0 { return order < 0 }
            }
            switch tieBreak {
            case .datasetOrder: return left.offset < right.offset
            case .identity:
                let (a, b) = (left.element.0.identity, right.element.0.identity)
                return a == b ? left.offset < right.offset : a < b
            }
        }
        return sorted.map(\.element.0)
    }

    /// The value of a sort key for one object: through its to-one relationships, then the attribute.
    func value(of key: CheckedSortKey, for object: ObjectReference) throws -> Value {
        let attribute: Attribute
        switch key.value {
        case .attribute(let plain), .enumRank(let plain, _): attribute = plain
        case .computed(let expr):
            evaluator.bind(root, .object(object))
            var value = try evaluator.evaluate(expr)
            while case .some(let wrapped) = value { value = wrapped }
            return value
        }
        var current = object
        for relationship in key.path {
            guard let next = dataset.targets(relationship.name, of: current).first else { return .null }
            current = next
        }
        return dataset.storedObject(current).attributes[attribute.name] ?? .null
    }

    /// -1, 0 or 1 in the key's order.
    func compare(_ lhs: Value, _ rhs: Value, key: CheckedSortKey) -> Int {
        if let nulls = key.sqlNulls {
            // SQL's order (a StructuredQueries ordering term): values as stored, texts by their
            // bytes; NULL smallest unless `NULLS FIRST`/`NULLS LAST` places it.
            switch (SQLScalar(lhs), SQLScalar(rhs)) {
            case (nil, nil): return 0
            case (nil, _): return nulls == .last ? 1 : nulls == .first ? -1 : (key.order == .forward ? -1 : 1)
            case (_, nil): return nulls == .last ? -1 : nulls == .first ? 1 : (key.order == .forward ? 1 : -1)
            case (let a?, let b?):
                var collation: SQLCollation?
                if case .computed(let expr) = key.value { collation = evaluator.explicitCollation(expr) }
                let forward = SQLScalar.compare(a, b, collation: collation)
                return key.order == .forward ? forward : -forward
            }
        }
        let forward: Int
        switch (lhs, rhs) {
        case (.null, .null): forward = 0
        case (.null, _): forward = -1
        case (_, .null): forward = 1
        case (.string(let a), .string(let b)):
            switch key.comparator ?? .lexical {
            case .lexical: forward = a < b ? -1 : b < a ? 1 : 0
            case .localizedStandard: forward = a.localizedStandardCompare(b).rawValue
            case .localized: forward = a.localizedCompare(b).rawValue
            case .caseInsensitive: forward = Self.caseInsensitiveOrder(a, b)
            case .storedBytes:
                let (x, y) = (Array(a.utf8), Array(b.utf8))
                forward = x == y ? 0 : x.lexicographicallyPrecedes(y) ? -1 : 1
            }
        case (.bool(let a), .bool(let b)):
            // Only a Core Data sort descriptor sorts Bools: as its store stores them, false (0) first.
            forward = a == b ? 0 : a ? 1 : -1
        case (.enumCase(let a), .enumCase(let b)):
            forward = Self.compareRawValues(a.rawValue, b.rawValue)
        default:
            let less = (try? SwiftComparison.compare(.less, lhs, rhs)) ?? false
            let greater = (try? SwiftComparison.compare(.greater, lhs, rhs)) ?? false
            forward = less ? -1 : greater ? 1 : 0
        }
        return key.order == .forward ? forward : -forward
    }

    /// Raw values as the enum's `<` on them compares: numbers by value, strings by Swift's `<`.
    static func compareRawValues(_ lhs: EnumType.RawValue, _ rhs: EnumType.RawValue) -> Int {
        switch (lhs, rhs) {
        case (.int(let a), .int(let b)): a < b ? -1 : b < a ? 1 : 0
        case (.string(let a), .string(let b)): a < b ? -1 : b < a ? 1 : 0
        case (.int, .string): -1
        case (.string, _): 1
        }
    }

    /// A Core Data sort descriptor's `caseInsensitiveCompare:` as an order: the case-folded
    /// canonical decompositions, scalar by scalar (Foundation's `caseInsensitiveCompare` on Linux
    /// is no order: it calls some Hangul texts greater than each other).
    static func caseInsensitiveOrder(_ a: String, _ b: String) -> Int {
        func key(_ text: String) -> [Unicode.Scalar] {
            Array(text.decomposedStringWithCanonicalMapping.folding(options: .caseInsensitive, locale: nil).decomposedStringWithCanonicalMapping.unicodeScalars)
        }
        let (x, y) = (key(a), key(b))
        return x == y ? 0 : x.lexicographicallyPrecedes(y, by: { $0.value < $1.value }) ? -1 : 1
    }
}
