import SiftChecker
import SiftSchema

/// A to-one relationship joined into a query level: a `LEFT JOIN` on the target's key, or an inner
/// `JOIN` when the filter can only select rows whose target is present.
struct ToOneJoin {
    /// The join's identity in ``QueryLevel/joinAliases``.
    let key: JoinKey
    /// `"table" AS "alias" ON ...`.
    let target: SQLFragment
    var isInner = false

    /// `JOIN` or `LEFT JOIN`, written before ``target``.
    var keyword: StaticString { isInner ? "JOIN " : "LEFT JOIN " }
}

/// A to-one join's identity in a query level: the alias it starts from and the relationship it
/// follows (two names compared, where a `baseAlias.relationship` string was made at every use).
struct JoinKey: Hashable {
    var baseAlias: String
    var relationship: String
}

extension QueryLevel {
    /// Turns the joins with these keys into inner joins.
    func makeInner(_ keys: [JoinKey]) {
        guard !keys.isEmpty else { return }
        for index in joins.indices where keys.contains(joins[index].key) { joins[index].isInner = true }
    }
}

/// Inner joins where they mean the same as the `LEFT JOIN`.
///
/// A to-one join matches at most one row (it joins on the target's key), so a `LEFT JOIN` and an
/// inner `JOIN` differ only on rows whose target is missing. When the filter is false for every
/// such row, the two select the same rows, and the inner join lets SQLite start from the target's
/// index (`company?.name == "Acme"` searches companies by name, then their users). SQLite makes this
/// change itself only for `=`-style terms; Sift's two-valued comparisons use `IS`, which it does not
/// recognise as rejecting a missing row.
extension LoweringContext {
    /// The keys of the root level's joins whose target must be present for `filter` to be true.
    /// (A list: a level has a few joins, at most SQLite's 64 tables.)
    mutating func requiredJoinKeys(_ filter: TypedExpr, rootAlias: String, level: QueryLevel) -> [JoinKey] {
        var keys: [JoinKey] = []
        for path in requiredPaths(filter) {
            var alias = rootAlias
            for relationship in path {
                let key = JoinKey(baseAlias: alias, relationship: relationship.name)
                guard let next = level.joinAliases[key] else { break }
                keys.appendOnce(key)
                alias = next
            }
        }
        return keys
    }

    /// To-one paths from the root whose target is present in every row where `expression` is true.
    /// Conservative: an expression it does not recognise requires nothing.
    func requiredPaths(_ expression: TypedExpr) -> [[Relationship]] {
        switch expression.kind {
        case .logical(let operands, .and):
            return operands.flatMap(requiredPaths)
        case .comparison(.equal, let left, let right):
            // `a?.b == value`: nil (a missing target) never equals a value that is not nil.
            if case .injectOptional = right.kind { return nilWhenMissing(left) }
            if case .injectOptional = left.kind { return nilWhenMissing(right) }
            return []
        case .comparison(.notEqual, let left, let right):
            // `a?.b != nil`, `a != nil`.
            if case .constant(.null) = right.kind { return nilWhenMissing(left) }
            if case .constant(.null) = left.kind { return nilWhenMissing(right) }
            return []
        case .nilCoalescing(let optional, let fallback):
            // `a?.b.contains(x) ?? false`.
            if case .constant(.bool(false)) = fallback.kind { return nilWhenMissing(optional) }
            return []
        case .ifLet(let source, _, _, let otherwise):
            // `if let x = a?.b { ... } else { false }`.
            if case .constant(.bool(false)) = otherwise.kind { return nilWhenMissing(source) }
            return []
        default:
            return []
        }
    }

    /// The to-one paths whose missing target makes `expression` nil.
    private func nilWhenMissing(_ expression: TypedExpr) -> [[Relationship]] {
        switch expression.kind {
        case .optionalMap(let source, _, _):
            return toOnePath(source).map { [$0] } ?? []
        default:
            return toOnePath(expression).map { [$0] } ?? []
        }
    }

    /// The relationships of an optional to-one chain from the root (`company`, `company?.parent`).
    private func toOnePath(_ expression: TypedExpr) -> [Relationship]? {
        switch expression.kind {
        case .toOne(let base, let relationship):
            guard case .variable(let id) = base.kind, id == query.root else { return nil }
            return [relationship]
        case .optionalMap(let source, let variable, let body):
            guard case .toOne(let base, let relationship) = body.kind, case .variable(variable) = base.kind,
                let prefix = toOnePath(source)
            else { return nil }
            return prefix + [relationship]
        default:
            return nil
        }
    }
}
