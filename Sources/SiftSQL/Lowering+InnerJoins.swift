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

extension SQLRenderer {
    /// A to-one join on a line of its own: the keyword, then the target in place (not first joined
    /// in a fragment of their own).
    mutating func appendJoin(_ join: ToOneJoin) {
        appendNewline(indent: 0)
        append(sql: join.keyword)
        append(join.target)
    }
}

/// A to-one join's identity in a query level: the alias it starts from and the relationship it
/// follows (two names compared, not a `baseAlias.relationship` string made at every use).
struct JoinKey: Hashable {
    var baseAlias: String
    var relationship: String
}

extension QueryLevel {
    /// Turns the join with this key into an inner join, and returns its alias; nil when the level
    /// has no such join.
    func makeInner(_ key: JoinKey) -> String? {
        guard let alias = joinAliases[key] else { return nil }
        makeJoinInner(key)
        return alias
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
    /// Makes inner the root level's joins whose target must be present for `filter` to be true.
    ///
    /// Walks the filter once, marking each join of a required path as it is found: no lists of the
    /// paths' relationships or of the keys they name.
    mutating func makeRequiredJoinsInner(_ filter: TypedExpr, rootAlias: String, level: QueryLevel) {
        switch tree[filter] {
        case .logical(let operands, .and):
            for operand in operands { makeRequiredJoinsInner(operand, rootAlias: rootAlias, level: level) }
        case .comparison(.equal, let left, let right):
            // `a?.b == value`: nil (a missing target) never equals a value that is not nil.
            if case .injectOptional = tree[right] { return makeInner(nilWhenMissing: left, rootAlias: rootAlias, level: level) }
            if case .injectOptional = tree[left] { return makeInner(nilWhenMissing: right, rootAlias: rootAlias, level: level) }
        case .comparison(.notEqual, let left, let right):
            // `a?.b != nil`, `a != nil`.
            if case .constant(.null) = tree[right] { return makeInner(nilWhenMissing: left, rootAlias: rootAlias, level: level) }
            if case .constant(.null) = tree[left] { return makeInner(nilWhenMissing: right, rootAlias: rootAlias, level: level) }
        case .nilCoalescing(let optional, let fallback):
            // `a?.b.contains(x) ?? false`.
            if case .constant(.bool(false)) = tree[fallback] { makeInner(nilWhenMissing: optional, rootAlias: rootAlias, level: level) }
        case .ifLet(let source, _, _, let otherwise):
            // `if let x = a?.b { ... } else { false }`.
            if case .constant(.bool(false)) = tree[otherwise] { makeInner(nilWhenMissing: source, rootAlias: rootAlias, level: level) }
        default:
            // Conservative: an expression not recognised here requires nothing.
            break
        }
    }

    /// Makes inner the joins of the to-one path whose missing target makes `expression` nil.
    private mutating func makeInner(nilWhenMissing expression: TypedExpr, rootAlias: String, level: QueryLevel) {
        if case .optionalMap(let source, _, _) = tree[expression] {
            _ = makeInner(toOnePath: source, rootAlias: rootAlias, level: level)
        } else {
            _ = makeInner(toOnePath: expression, rootAlias: rootAlias, level: level)
        }
    }

    /// Makes inner the joins of an optional to-one chain from the root (`company`,
    /// `company?.parent`), from the root out, as far as the level has joined it; returns the alias of
    /// the chain's last join, or nil when the expression is no such chain. Nothing is changed for
    /// an expression that is not one: every step's shape is checked on the way to the root, before
    /// any join is changed on the way back.
    private mutating func makeInner(toOnePath expression: TypedExpr, rootAlias: String, level: QueryLevel) -> String? {
        switch tree[expression] {
        case .toOne(let base, let relationship):
            guard case .variable(let id) = tree[base], id == query.root else { return nil }
            return level.makeInner(JoinKey(baseAlias: rootAlias, relationship: relationship.name))
        case .optionalMap(let source, let variable, let body):
            guard case .toOne(let base, let relationship) = tree[body], case .variable(variable) = tree[base],
                let alias = makeInner(toOnePath: source, rootAlias: rootAlias, level: level)
            else { return nil }
            return level.makeInner(JoinKey(baseAlias: alias, relationship: relationship.name))
        default:
            return nil
        }
    }
}
