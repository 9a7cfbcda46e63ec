/// How `jsonGroupArray` writes a `Double` or a `Float`: Swift's `description` (the shortest text
/// that reads back as the same value: `0.1`, `0.30000000000000004`, `1e+20`, `-0.0`, `1.0`), which
/// JSON reads as that number, where SQLite's own JSON keeps 15 digits (`0.3`, `1.0e+20`, `0.0`).
/// Infinity and NaN have no JSON number: they are written `null`.
package enum JSONNumberText {
    /// The JSON text of `value` (rounded to a `Float` first when `isFloat`), or nil when it is not finite.
    package static func text(of value: Double, isFloat: Bool) -> String? {
        guard value.isFinite else { return nil }
        return isFloat ? Float(value).description : value.description
    }
}
