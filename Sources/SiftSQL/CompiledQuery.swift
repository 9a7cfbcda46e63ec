import SiftChecker
import SiftSchema

/// A query compiled to SQL: the text, its bindings in order, and what its rows hold.
///
/// It is a value: compile once, then run it again and again with new parameter values
/// (``bindings(for:schema:)``) without compiling again.
public struct CompiledQuery: Sendable, Hashable {
    /// The SQL text, with `?NNN` placeholders; it never contains a value.
    public internal(set) var sql: String
    /// What each placeholder is bound to: `bindings[0]` is `?1`.
    public internal(set) var bindings: [BindingSlot]
    /// The named parameters, with their types and the placeholders they fill.
    public internal(set) var parameters: [CompiledParameter]
    /// The model of the rows.
    public internal(set) var model: Model
    /// The result columns, in order: each an attribute of the model.
    public internal(set) var columns: [Attribute]
    /// The names of the result columns (the attributes' names), in order.
    public internal(set) var columnNames: [String] = []
    /// The checked query this was compiled from.
    public internal(set) var query: CheckedQuery
    /// Text columns (`table.column`) whose holding only NFC text would let the SQL use them bare.
    public internal(set) var nfcCandidates: Set<String>
    /// Text columns the SQL uses bare because they were known to hold only NFC text: if that stops
    /// being true, the query must be lowered again.
    public internal(set) var nfcAssumptions: Set<String>
    /// Text columns the SQL compares by bytes in both NFC and NFD because they were known to hold
    /// each text in one of those forms: if that stops being true, the query must be lowered again.
    public internal(set) var nfcOrNFDAssumptions: Set<String> = []
    /// References whose being intact would let the SQL leave out a join.
    public internal(set) var referenceCandidates: Set<ForeignKeyReference> = []
    /// References the SQL assumes intact (it reads the foreign key instead of joining the target):
    /// if that stops being true, the query must be lowered again.
    public internal(set) var referenceAssumptions: Set<ForeignKeyReference> = []

    /// The values to bind, in placeholder order, given values for the named parameters.
    public func bindings(for values: [String: ParameterValue], schema: Schema) throws -> [SQLValue] {
        var array = SQLValueArray()
        array.values.reserveCapacity(bindings.count)
        try encodeBindings(for: values, schema: schema, into: &array)
        return array.values
    }

    /// Hands the value of each placeholder, in order, to `sink`, given values for the named
    /// parameters: the same values as ``bindings(for:schema:)``, without collecting them.
    public func encodeBindings(for values: [String: ParameterValue], schema: Schema, into sink: inout some SQLValueSink) throws {
        for (offset, slot) in bindings.enumerated() {
            switch slot {
            case .constant(let value):
                try sink.put(value, at: offset + 1)
            case .parameter(let name, let encoding):
                // A query has a few parameters: a scan costs less than building a dictionary per run.
                let type = parameters.first { $0.name == name }?.type ?? .error
                guard let value = values[name] else {
                    throw ParameterError(name: name, message: "no value for the parameter '\(name)' (\(type))")
                }
                try ParameterEncoder.encode(value, name: name, type: type, encoding: encoding, schema: schema, into: &sink, at: offset + 1)
            }
        }
    }
}

/// A named parameter of a compiled query.
public struct CompiledParameter: Sendable, Hashable {
    public var name: String
    public var type: SiftType
    /// The 1-based placeholder positions it fills (one per encoding it needs).
    public var positions: [Int]
}
