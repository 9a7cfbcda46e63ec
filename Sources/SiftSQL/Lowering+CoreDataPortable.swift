import SiftChecker
import SiftSchema
import SiftSyntax

/// Portable SQL (``SQLLowering/Options/portable``) for the operations with Core Data's meaning:
/// the exact forms in SQLite's built-in functions, and the refusals naming the `sift_ns_*`
/// function a construct needs. Core Data's string operators without `[c]`/`[d]` work on the
/// stored bytes, which SQLite's functions on BLOBs see as they are (NUL bytes included), so no
/// fact about the data is needed.
extension LoweringContext {
    /// Records that a format-string construct (`construct`, as written: `'CONTAINS[c]'`) at
    /// `range` needs Sift's `function`, for `reason`.
    mutating func refuseCoreData(_ construct: String, needs function: SiftFunction, _ reason: String, at range: SourceRange) {
        refuse(construct, "\(reason) needs Sift's function '\(function.sqlName)'", at: range)
    }

    /// `BEGINSWITH`, `ENDSWITH`, `CONTAINS` without options, on the bytes (`CAST(... AS BLOB)`):
    /// NULL when either operand is, false for an empty needle, as `sift_ns_*` answers. `LIKE`
    /// without options and with a constant pattern: SQLite's `GLOB` with the pattern translated
    /// (`*` and `?` as they are, every other character literal, `[*]`, `[?]`, `[[]`) and the
    /// text's NUL characters (where `GLOB` would stop reading) replaced by U+FFFF, which the
    /// pattern then does not hold: both are matched by wildcards only. nil where there is no
    /// such form.
    mutating func portableCoreDataStringTest(_ op: CoreDataOperator, _ text: Lowered, _ other: Lowered, pattern: TypedExpr) -> Lowered? {
        let textBytes: SQLFragment = "CAST(" + text.sql + " AS BLOB)"
        let otherBytes: SQLFragment = "CAST(" + other.sql + " AS BLOB)"
        let found: SQLFragment
        switch op {
        case .beginsWith:
            // `substr` of an empty BLOB is NULL: the length test comes first.
            found = "length(" + textBytes + ") >= length(" + otherBytes + ") AND substr(" + textBytes + ", 1, length(" + otherBytes + ")) = " + otherBytes
        case .endsWith:
            found = "length(" + textBytes + ") >= length(" + otherBytes + ") AND substr(" + textBytes + ", -length(" + otherBytes + ")) = " + otherBytes
        case .contains:
            found = "instr(" + textBytes + ", " + otherBytes + ") > 0"
        case .like:
            guard case .constant(.string(let written)) = tree[pattern], let glob = Self.globPattern(likePattern: written) else { return nil }
            let sql: SQLFragment = "replace(" + text.sql + ", char(0), char(65535)) GLOB " + SQLFragment.binding(.constant(.text(glob)))
            return Lowered(sql, isOptional: true).with(.comparison)
        default:
            return nil
        }
        if case .constant(.string(let needle)) = tree[pattern], !needle.isEmpty {
            return Lowered(found, isOptional: true).with(op == .contains ? .comparison : .and)
        }
        // An empty needle is not found: false, or NULL when either operand is NULL.
        let sql: SQLFragment =
            "CASE WHEN length(" + otherBytes + ") > 0 THEN " + found + " WHEN " + text.operand(inside: .comparison) + " IS NOT NULL AND "
            + other.operand(inside: .comparison) + " IS NOT NULL THEN 0 END"
        return Lowered(sql, isOptional: true, isAtomic: true)
    }

    /// A format string's `LIKE` pattern as a `GLOB` pattern with the same matches (on text
    /// without NUL and U+FFFF), or nil when the pattern holds either.
    static func globPattern(likePattern: String) -> String? {
        var glob = ""
        var scalars = likePattern.unicodeScalars.makeIterator()
        while let scalar = scalars.next() {
            switch scalar {
            case "\u{0}", "\u{FFFF}": return nil
            case "*", "?": glob.unicodeScalars.append(scalar)
            case "\\":
                // A backslash makes the next character literal; a trailing one is itself.
                let literal = scalars.next() ?? scalar
                if literal == "\u{0}" || literal == "\u{FFFF}" { return nil }
                glob += globLiteral(literal)
            default: glob += globLiteral(scalar)
            }
        }
        return glob
    }

    private static func globLiteral(_ scalar: Unicode.Scalar) -> String {
        switch scalar {
        case "*", "?", "[": "[" + String(scalar) + "]"
        default: String(scalar)
        }
    }
}
