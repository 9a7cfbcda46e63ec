/// A piece of SQL built from text, identifiers and bindings, never from spliced values.
///
/// Identifiers come from the schema and are quoted by the dialect when the fragment is rendered;
/// values are always bindings, numbered in order of appearance. This is what makes SQL injection
/// impossible by construction: there is no way to put a value into the text.
public struct SQLFragment: Sendable, Hashable {
    /// One part of a fragment.
    public enum Segment: Sendable, Hashable {
        /// SQL text: keywords, operators, punctuation — written by Sift, never from user input.
        case sql(String)
        /// An identifier from the schema, quoted when rendered.
        case identifier(String)
        /// A value, bound as a parameter when the query runs.
        case binding(BindingSlot)
        /// A line break in the readable layout, followed by an indentation level.
        case newline(indent: Int)
    }

    public var segments: [Segment]

    public init(_ segments: [Segment] = []) { self.segments = segments }

    /// SQL text written by Sift.
    public init(_ sql: String) { self.segments = [.sql(sql)] }

    public static func identifier(_ name: String) -> SQLFragment { SQLFragment([.identifier(name)]) }

    public static func binding(_ slot: BindingSlot) -> SQLFragment { SQLFragment([.binding(slot)]) }

    /// `"alias"."column"`.
    public static func column(_ alias: String, _ column: String) -> SQLFragment {
        SQLFragment([.identifier(alias), .sql("."), .identifier(column)])
    }

    // The left side is consumed: in a chain `a + " AND " + b` each intermediate result is
    // appended to in place instead of copied into a new array.
    public static func + (lhs: consuming SQLFragment, rhs: SQLFragment) -> SQLFragment {
        var result = lhs
        result.segments.append(contentsOf: rhs.segments)
        return result
    }

    public static func + (lhs: consuming SQLFragment, rhs: String) -> SQLFragment {
        var result = lhs
        result.segments.append(.sql(rhs))
        return result
    }

    public static func + (lhs: String, rhs: SQLFragment) -> SQLFragment {
        var segments: [Segment] = []
        segments.reserveCapacity(rhs.segments.count + 4)
        segments.append(.sql(lhs))
        segments.append(contentsOf: rhs.segments)
        return SQLFragment(segments)
    }

    public static func += (lhs: inout SQLFragment, rhs: SQLFragment) { lhs.segments += rhs.segments }

    public static func += (lhs: inout SQLFragment, rhs: String) { lhs.segments.append(.sql(rhs)) }

    /// The fragments joined by a separator.
    public static func joined(_ parts: [SQLFragment], separator: String) -> SQLFragment {
        var result = SQLFragment()
        for (index, part) in parts.enumerated() {
            if index > 0 { result.segments.append(.sql(separator)) }
            result.segments += part.segments
        }
        return result
    }

    /// `(fragment)`.
    public var parenthesized: SQLFragment { "(" + self + ")" }
}
