import Foundation

/// The string operators of `NSPredicate` format strings as a Core Data SQLite store applies them:
/// on the stored bytes (no Unicode normalization), after folding case (`[c]`, bit 1) and
/// diacritics (`[d]`, bit 2) with Foundation's `folding(options:locale:)` when asked. An empty
/// prefix, suffix or substring is not found (as `NSString`'s `hasPrefix:` and
/// `rangeOfString:` answer).
enum CoreDataStrings {
    /// `text` folded as `bits` say (1: case, 2: diacritics).
    public static func fold(_ text: String, bits: Int64) -> String {
        var options: String.CompareOptions = []
        if bits & 1 != 0 { options.insert(.caseInsensitive) }
        if bits & 2 != 0 { options.insert(.diacriticInsensitive) }
        return options.isEmpty ? text : text.folding(options: options, locale: nil)
    }

    /// `text BEGINSWITH prefix`.
    public static func beginsWith(_ text: String, _ prefix: String, bits: Int64) -> Bool {
        let (text, prefix) = (Array(fold(text, bits: bits).utf8), Array(fold(prefix, bits: bits).utf8))
        return !prefix.isEmpty && text.starts(with: prefix)
    }

    /// `text ENDSWITH suffix`.
    public static func endsWith(_ text: String, _ suffix: String, bits: Int64) -> Bool {
        let (text, suffix) = (Array(fold(text, bits: bits).utf8), Array(fold(suffix, bits: bits).utf8))
        return !suffix.isEmpty && text.count >= suffix.count && Array(text[(text.count - suffix.count)...]) == suffix
    }

    /// `text CONTAINS part`: the bytes of `part` appear in those of `text`.
    public static func contains(_ text: String, _ part: String, bits: Int64) -> Bool {
        let (text, part) = (Array(fold(text, bits: bits).utf8), Array(fold(part, bits: bits).utf8))
        guard !part.isEmpty, part.count <= text.count else { return false }
        for start in 0...(text.count - part.count) where text[start] == part[0] {
            if text[start..<(start + part.count)].elementsEqual(part) { return true }
        }
        return false
    }

    /// `text LIKE pattern`: `*` matches any run of characters (Unicode scalars), `?` one, a
    /// backslash makes the next character literal; the pattern must match the whole text.
    public static func like(_ text: String, _ pattern: String, bits: Int64) -> Bool {
        let text = Array(fold(text, bits: bits).unicodeScalars)
        var tokens: [(scalar: Unicode.Scalar?, star: Bool)] = []  // nil scalar: `?`
        var iterator = fold(pattern, bits: bits).unicodeScalars.makeIterator()
        while let scalar = iterator.next() {
            switch scalar {
            case "*": tokens.append((nil, true))
            case "?": tokens.append((nil, false))
            case "\\":
                if let escaped = iterator.next() { tokens.append((escaped, false)) } else { tokens.append((scalar, false)) }
            default: tokens.append((scalar, false))
            }
        }
        // Greedy matching with one backtrack point per `*` (linear in practice).
        var t = 0
        var p = 0
        var starP = -1
        var starT = 0
        while t < text.count {
            if p < tokens.count, !tokens[p].star, tokens[p].scalar == nil || tokens[p].scalar == text[t] {
                t += 1
                p += 1
            } else if p < tokens.count, tokens[p].star {
                starP = p
                starT = t
                p += 1
            } else if starP >= 0 {
                p = starP + 1
                starT += 1
                t = starT
            } else {
                return false
            }
        }
        while p < tokens.count, tokens[p].star { p += 1 }
        return p == tokens.count
    }

    /// `text MATCHES pattern`: the ICU regular expression matches the whole text (`[c]`: case
    /// insensitive; `[d]`: the diacritics of the text and of the pattern are stripped first). nil
    /// when the pattern is not a regular expression.
    public static func matches(_ text: String, _ pattern: String, bits: Int64) -> Bool? {
        guard regularExpression(pattern, caseInsensitive: false) != nil,
            let expression = regularExpression(bits & 2 != 0 ? fold(pattern, bits: 2) : pattern, caseInsensitive: bits & 1 != 0)
        else { return nil }
        let subject = bits & 2 != 0 ? fold(text, bits: 2) : text
        let range = NSRange(subject.startIndex..<subject.endIndex, in: subject)
        return expression.firstMatch(in: subject, options: [], range: range) != nil
    }

    /// `caseInsensitiveCompare:` as a sort order (a sort descriptor's selector; Core Data's store
    /// sorts by it with its `NSCollateNoCase` collation): the texts case-folded, then in canonical
    /// decomposition (canonically equivalent texts are equal, as `NSString` compares without
    /// `NSLiteralSearch`), compared scalar by scalar. Not swift-corelibs-foundation's
    /// `caseInsensitiveCompare`, which is no order on Linux (it answers "greater" both ways for
    /// some Hangul texts), so SQLite's sort and any other would disagree.
    public static func caseInsensitiveOrder(_ lhs: String, _ rhs: String) -> Int {
        let a = caseInsensitiveKey(lhs)
        let b = caseInsensitiveKey(rhs)
        if a == b { return 0 }
        return a.lexicographicallyPrecedes(b) ? -1 : 1
    }

    private static func caseInsensitiveKey(_ text: String) -> [UInt32] {
        text.decomposedStringWithCanonicalMapping.folding(options: .caseInsensitive, locale: nil)
            .decomposedStringWithCanonicalMapping.unicodeScalars.map(\.value)
    }

    /// Whether `pattern` is a regular expression ICU reads.
    public static func isRegularExpression(_ pattern: String) -> Bool { regularExpression(pattern, caseInsensitive: false) != nil }

    private static let cache = RegularExpressionCache()

    private static func regularExpression(_ pattern: String, caseInsensitive: Bool) -> NSRegularExpression? {
        cache.expression(pattern, caseInsensitive: caseInsensitive)
    }
}

/// Compiled regular expressions by pattern, a few hundred at most: a `MATCHES` with a constant
/// pattern compiles it once for all rows.
private final class RegularExpressionCache: @unchecked Sendable {
    private let lock = NSLock()
    private var expressions: [String: NSRegularExpression?] = [:]

    func expression(_ pattern: String, caseInsensitive: Bool) -> NSRegularExpression? {
        let key = (caseInsensitive ? "i" : "s") + pattern
        lock.lock()
        defer { lock.unlock() }
        if let cached = expressions[key] { return cached }
        // The pattern must be a regular expression on its own (`a)|(b` is not, wrapped or not);
        // the empty one (which Foundation refuses alone) matches the empty text.
        guard pattern.isEmpty || (try? NSRegularExpression(pattern: pattern)) != nil else {
            expressions[key] = .some(nil)
            return nil
        }
        // Anchored at both ends in a group of its own: the whole text must match, with
        // backtracking into alternatives (`a|ab` matches "ab").
        let compiled = try? NSRegularExpression(pattern: "\\A(?:" + pattern + ")\\z", options: caseInsensitive ? [.caseInsensitive] : [])
        if expressions.count > 256 { expressions.removeAll() }
        expressions[key] = compiled
        return compiled
    }
}
