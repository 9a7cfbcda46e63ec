/// Where a compiled query's bound values go, one placeholder at a time (see
/// ``CompiledQuery/encodeBindings(for:schema:into:)``): a database layer binds them as they come,
/// with no array of values and, for a UUID stored as text, no `String`.
public protocol SQLValueSink {
    /// Placeholder `position` (1-based) takes `value`.
    mutating func put(_ value: SQLValue, at position: Int) throws
    /// Placeholder `position` takes the text whose UTF-8 is `utf8` (valid only during the call).
    mutating func putText(utf8: UnsafeBufferPointer<UInt8>, at position: Int) throws
}

/// Collects the values in placeholder order (what ``CompiledQuery/bindings(for:schema:)`` returns).
struct SQLValueArray: SQLValueSink {
    var values: [SQLValue] = []

    mutating func put(_ value: SQLValue, at position: Int) {
        values.append(value)
    }

    mutating func putText(utf8: UnsafeBufferPointer<UInt8>, at position: Int) {
        values.append(.text(String(decoding: utf8, as: UTF8.self)))
    }
}
