import SiftChecker
import SiftSchema

/// What a `?NNN` of a compiled query is bound to: a value known at compile time, or a named
/// parameter encoded when the query runs.
public enum BindingSlot: Sendable, Hashable {
    /// A literal of the query, already encoded.
    case constant(SQLValue)
    /// A named parameter, encoded from the value given at run time.
    case parameter(name: String, encoding: ValueEncoding)
}

/// How a value is turned into what the column or function it meets expects.
public enum ValueEncoding: Sendable, Hashable {
    /// As it is: integers, reals, text (normalised to NFC), blobs; Bool as 0/1; enums by raw value.
    case plain
    /// A date in the given storage.
    case date(Storage)
    /// A UUID in the given storage.
    case uuid(Storage)
    /// The exclusive upper bound of strings that start with the value (for index ranges).
    case prefixUpperBound
    /// Text in NFD (canonically decomposed), to meet a column that may hold either form.
    case decomposed
    /// The exclusive upper bound of strings that start with the value in NFD.
    case decomposedPrefixUpperBound
    /// The exclusive upper bound of strings that start with the value (in NFC) followed by nothing
    /// or by a code point below U+0300, of which Swift's `hasPrefix` is true without computing
    /// characters (``plainPrefixUpperBound(_:)``).
    case plainPrefixUpperBound
    /// A limit or offset: an `Int` that must not be negative.
    case count
    /// An array, as JSON text for `json_each`.
    indirect case jsonArray(element: ValueEncoding)
    /// Text exactly as given, not normalised (StructuredQueries binds a string's own bytes); other
    /// values as ``plain``.
    case verbatimText
    /// A date as the first microsecond of a timestamp column (``Storage/timestamp``) whose `Date`
    /// is at least the value: the bound of `<` and `>=` (``TimestampMicroseconds/atLeast(_:)``).
    case timestampAtLeast
    /// A date as the last microsecond of a timestamp column whose `Date` is at most the value: the
    /// bound of `<=` and `>` (``TimestampMicroseconds/atMost(_:)``).
    case timestampAtMost
}
