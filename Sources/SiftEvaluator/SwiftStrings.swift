import Foundation
import SiftChecker

/// Swift's and Foundation's string operations, as a predicate uses them.
///
/// - `contains`: `#Predicate`'s `contains` on strings (`PredicateExpressions.CollectionContainsCollection`):
///   a search over `Character`s, so canonically equivalent text matches (`"Cafe\u{301}"` contains
///   `"Café"`), a base letter does not match inside a decomposed character (`"cafe\u{301}"` does
///   not contain `"e"`), case matters, `%` and `_` are ordinary characters, and the empty string
///   is contained in every string. (Foundation's `String.contains(_:)` answers false for `""`.)
/// - `hasPrefix` / `hasSuffix`: the standard library's, canonical-equivalence aware; `""` is a prefix of every string.
/// - `localizedStandardContains`: Foundation's, which works on Linux (verified: "Zoë", "Zoe\u{308}"
///   and "ZOE" contain "zoe"; "Straße" contains "strasse"; `""` is contained in nothing).
/// - `caseInsensitiveCompare`, `localizedCompare`, `localizedCaseInsensitiveCompare`,
///   `localizedStandardCompare`: Foundation's, which work on Linux; the localized ones use `Locale.current`.
/// - `lowercased()` / `uppercased()`: the standard library's full Unicode mappings ("ß" → "SS", "İ" → "i̇").
/// - `count`: the number of `Character`s.
enum SwiftStrings {
    static func test(_ test: StringTest, _ string: String, _ other: String) -> Bool {
        switch test {
        case .contains: characterContains(string, other)
        case .hasPrefix: string.hasPrefix(other)
        case .hasSuffix: string.hasSuffix(other)
        case .localizedStandardContains: string.localizedStandardContains(other)
        }
    }

    /// The standard library's `Collection.contains(_:)` over `Character`s (what `#Predicate` calls).
    static func characterContains(_ string: String, _ other: String) -> Bool {
        genericContains(string, other)
    }

    private static func genericContains<C: Collection>(_ base: C, _ other: C) -> Bool where C.Element: Equatable {
        base.contains(other)
    }

    static func compare(_ comparison: StringComparison, _ string: String, _ other: String) -> Int {
        let result: ComparisonResult
        switch comparison {
        case .caseInsensitiveCompare: result = string.caseInsensitiveCompare(other)
        case .localizedCompare: result = string.localizedCompare(other)
        case .localizedCaseInsensitiveCompare: result = string.localizedCaseInsensitiveCompare(other)
        case .localizedStandardCompare: result = string.localizedStandardCompare(other)
        }
        return result.rawValue
    }

    static func transform(_ transform: SiftChecker.StringTransform, _ string: String) -> String {
        switch transform {
        case .lowercased: string.lowercased()
        case .uppercased: string.uppercased()
        }
    }
}
