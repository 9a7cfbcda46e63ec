import SiftChecker
import SiftSchema
import SiftSyntax

/// A query compiled to SQL: the text, its bindings in order, and what its rows hold.
///
/// It is a value: compile once, then run it again and again with new parameter values
/// (``bindings(for:schema:)``) without compiling again.
public struct CompiledQuery: Sendable, Hashable {
    /// The SQL text, with `?NNN` placeholders; it never contains a value.
    public internal(set) var sql: String
    /// What each placeholder is bound to: `bindings[0]` is `?1`.
    public internal(set) var bindings: [BindingSlot] {
        didSet { indexBindingParameters() }
    }
    /// The named parameters, with their types and the placeholders they fill, in the order of
    /// their first placeholder (the order positional values follow).
    public internal(set) var parameters: [CompiledParameter] {
        didSet { indexBindingParameters() }
    }
    /// For each binding, the index in ``parameters`` of the parameter it binds, or -1 for a
    /// constant; empty when the query has no parameters (every binding is a constant).
    public var bindingParameters: [Int] {
        bindingsAreParametersInOrder ? Array(bindings.indices) : storedBindingParameters
    }
    /// ``bindingParameters`` when it is not the plain order.
    private(set) var storedBindingParameters: [Int] = []
    /// Whether binding `i` binds parameter `i`, for every binding (no constant, each parameter
    /// once, in order: a lookup by identifier, a range between two dates): then no list is
    /// made (an allocation and its freeing per compiled query).
    private(set) var bindingsAreParametersInOrder = false
    /// The model of the rows (the checked query's).
    public var model: Model { query.model }
    /// The result columns, in order: the model's attributes (all of them), with the key columns
    /// a model file implies (`Model.resultColumns`); or for a query that selects, each selected
    /// column (named after its label or expression, with its Swift type and the storage of its values).
    public var columns: [Attribute] { selectedColumns ?? query.model.resultColumns }
    /// The names of the result columns, in order.
    public var columnNames: [String] { selectedColumns?.map(\.name) ?? query.model.resultColumnNames }
    /// The columns of a query that selects; nil for whole objects.
    var selectedColumns: [Attribute]?
    /// The checked query this was compiled from.
    public internal(set) var query: CheckedQuery
    // The lists below are in order of first use, without repeats.
    /// The text columns of the query and what the facts said of each: the three lists below.
    var textFacts: TextColumnFacts
    /// Text columns (`table.column`) whose holding only NFC text would let the SQL use them bare.
    public var nfcCandidates: [String] { textFacts.candidates }
    /// Text columns the SQL uses bare because they were known to hold only NFC text: if that stops
    /// being true, the query must be lowered again.
    public var nfcAssumptions: [String] { textFacts.assumptions(.nfc) }
    /// Text columns the SQL compares by bytes in both NFC and NFD because they were known to hold
    /// each text in one of those forms: if that stops being true, the query must be lowered again.
    public var nfcOrNFDAssumptions: [String] { textFacts.assumptions(.nfcOrNFD) }
    /// Text columns portable SQL compares, searches and cases by bytes because they were known to
    /// hold only ASCII text without NUL or carriage return: if that stops being true, the query
    /// must be lowered again.
    public var asciiAssumptions: [String] { textFacts.assumptions(.ascii) }
    /// Every fact about the data the SQL relies on, in the order of the lists above: when one
    /// stops being true, the SQL may give other rows than Swift would, and the query must be
    /// compiled again. Empty when the SQL assumes nothing.
    public var assumptions: [DataAssumption] {
        guard reliesOnFacts else { return [] }
        // ASCII text is NFC: a column assumed both is listed once, as ASCII.
        let ascii = asciiAssumptions
        return nfcAssumptions.filter { !ascii.contains($0) }.map { .nfcText(column: $0) } + nfcOrNFDAssumptions.map { .nfcOrNFDText(column: $0) }
            + ascii.map { .asciiText(column: $0) } + referenceAssumptions.map { .intactReference($0) }
    }
    /// Why the SQL of a portable lowering (``SQLLowering/Options/portable``) is not portable: a
    /// `portable-needs-extension` error for each construct with no exact form in SQLite's
    /// built-in functions. Empty otherwise. When not empty, ``sql`` still calls Sift's functions
    /// (with Swift's meaning): it runs only where they are registered or Sift's extension is loaded.
    public internal(set) var portabilityDiagnostics: [Diagnostic] = []
    /// Constructs the dialect has no form of (SQLite's full-text search and `GLOB` in
    /// PostgreSQL's): an `unsupported-in-dialect` error each. When not empty, the SQL must not be
    /// run: it holds SQLite's syntax there. Empty in SQLite's dialect.
    public internal(set) var dialectDiagnostics: [Diagnostic] = []
    /// Whether the SQL relies on facts about the data: an assumption of a text column's form or of
    /// a reference being intact (without building the lists).
    public var reliesOnFacts: Bool { textFacts.hasAssumptions || references.hasAssumptions }
    /// The references asked about and those the SQL assumes intact: the two lists below.
    var references: ReferenceFacts
    /// References whose being intact would let the SQL leave out a join.
    public var referenceCandidates: [ForeignKeyReference] { references.candidates }
    /// References the SQL assumes intact (it reads the foreign key instead of joining the target):
    /// if that stops being true, the query must be lowered again.
    public var referenceAssumptions: [ForeignKeyReference] { references.assumptions }

    /// Whether a candidate for facts (a text column of ``nfcCandidates``, a reference of
    /// ``referenceCandidates``) is one `unknownText` or `unknownReference` says no fact is known
    /// for: what a runtime asks of every query it compiles, without building the lists. With
    /// `skippingAnswered`, only the candidates the facts said nothing of are asked about (a text
    /// column given no form, a reference not said to be intact): when every fact the lowering
    /// had was learned by the runtime, the others are known.
    package func hasCandidate(
        skippingAnswered: Bool, unknownText: (String) -> Bool, unknownReference: (ForeignKeyReference) -> Bool
    ) -> Bool {
        textFacts.containsCandidate(skippingAnswered: skippingAnswered, where: unknownText)
            || references.containsCandidate(skippingAssumed: skippingAnswered, where: unknownReference)
    }

    /// Works out ``bindingParameters`` from the parameters' positions.
    mutating func indexBindingParameters() {
        storedBindingParameters = []
        bindingsAreParametersInOrder = false
        guard !parameters.isEmpty else { return }
        if parameters.count == bindings.count,
            parameters.indices.allSatisfy({ parameters[$0].positions.count == 1 && parameters[$0].positions[0] == $0 + 1 })
        {
            bindingsAreParametersInOrder = true
            return
        }
        // Appended, not `[Int](repeating:count:)`, which takes the unspecialized path (finding the
        // array's storage type at run time).
        var indices: [Int] = []
        indices.reserveCapacity(bindings.count)
        for _ in 0..<bindings.count { indices.append(-1) }
        for (index, parameter) in parameters.enumerated() {
            for position in parameter.positions where position >= 1 && position <= indices.count { indices[position - 1] = index }
        }
        storedBindingParameters = indices
    }

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
        try encodeBindings(schema: schema, into: &sink) { index in
            guard let value = Self.value(named: parameters[index].name, in: values) else {
                let parameter = parameters[index]
                throw ParameterError(name: parameter.name, message: "no value for the parameter '\(parameter.name)' (\(parameter.type))")
            }
            return value
        }
    }

    /// The value of a parameter: a few values are scanned (comparing a short name costs less than
    /// hashing it, a large part of re-running a one-parameter query by name), more are looked up.
    static func value(named name: String, in values: [String: ParameterValue]) -> ParameterValue? {
        if values.count > 4 { return values[name] }
        for (key, value) in values where key == name { return value }
        return nil
    }

    /// The same, with the parameters' values in the order of ``parameters`` (no lookups by name).
    public func encodeBindings(positional values: [ParameterValue], schema: Schema, into sink: inout some SQLValueSink) throws {
        guard values.count == parameters.count else {
            let names = parameters.map { "'\($0.name)'" }.joined(separator: ", ")
            throw ParameterError(
                name: parameters.first?.name ?? "",
                message: "the query has \(parameters.count) parameter(s)\(names.isEmpty ? "" : " (\(names))") but \(values.count) value(s) were given")
        }
        try encodeBindings(schema: schema, into: &sink) { values[$0] }
    }

    /// The dictionary of the parameters' names to `values` given in the order of ``parameters``.
    public func namedParameters(_ values: [ParameterValue]) -> [String: ParameterValue] {
        Dictionary(zip(parameters.map(\.name), values), uniquingKeysWith: { first, _ in first })
    }

    /// Encodes each binding; `value` gives the value of the parameter at an index of ``parameters``.
    private func encodeBindings(
        schema: Schema, into sink: inout some SQLValueSink, value: (_ parameterIndex: Int) throws -> ParameterValue
    ) throws {
        for (offset, slot) in bindings.enumerated() {
            switch slot {
            case .constant(let value):
                try sink.put(value, at: offset + 1)
            case .parameter(let name, let encoding):
                guard let index = parameterIndex(ofBinding: offset, name: name) else {
                    throw ParameterError(name: name, message: "the query binds '\(name)', which is not among its parameters")
                }
                let type = parameters[index].type
                try ParameterEncoder.encode(try value(index), name: name, type: type, encoding: encoding, schema: schema, into: &sink, at: offset + 1)
            }
        }
    }

    /// The index in ``parameters`` of the parameter bound at `offset` (0-based).
    private func parameterIndex(ofBinding offset: Int, name: String) -> Int? {
        if bindingsAreParametersInOrder { return offset }
        if offset < storedBindingParameters.count, storedBindingParameters[offset] >= 0 { return storedBindingParameters[offset] }
        return parameters.firstIndex { $0.name == name }
    }
}

/// A named parameter of a compiled query.
public struct CompiledParameter: Sendable, Hashable {
    /// The parameter's name as written in the query.
    public var name: String
    /// Its type, from its use or from the caller.
    public var type: SiftType
    /// The 1-based placeholder positions it fills (one per encoding it needs).
    public var positions: [Int]
}
