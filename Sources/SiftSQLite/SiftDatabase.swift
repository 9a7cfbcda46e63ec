import Sift

/// A database opened for Sift queries: a connection with Sift's functions, and its schema
/// (introspected, optionally refined by a model file).
///
/// ```swift
/// let db = try SiftDatabase(path: "people.sqlite", modelFile: "Models.swift")
/// let query = try db.compile("#Predicate<User> { $0.name.contains(searchString) }")
/// for user in try db.fetch(query, parameters: ["searchString": .string("kim")]) {
///     print(user["name"] ?? .null)
/// }
/// ```
///
/// A `SiftDatabase` belongs to one thread at a time, like its ``Connection``; compiled queries
/// are values that any thread may hold.
public final class SiftDatabase {
    /// The connection queries run on.
    public let connection: Connection
    /// The schema queries are checked against.
    public let schema: Schema
    /// Warnings found while loading the schema.
    public let schemaDiagnostics: [Diagnostic]
    /// The model file's source (for rendering schema diagnostics), or an empty source.
    public let schemaSource: SourceFile
    /// How queries are lowered; facts learned from the data are added when each compiles.
    public var loweringOptions: SQLLowering.Options {
        didSet {
            optionsWithLearnedFacts = nil
            let facts = loweringOptions.facts
            loweringOptionsHaveFacts =
                !facts.nfcColumns.isEmpty || !facts.nfcOrNFDColumns.isEmpty || !facts.intactReferences.isEmpty || !facts.asciiColumns.isEmpty
        }
    }
    /// Whether ``loweringOptions`` states facts of its own.
    private var loweringOptionsHaveFacts = false
    /// What is known per text column (`table.column`): the normal forms its texts are in.
    private var textForms: [String: TextForm] = [:] {
        didSet { optionsWithLearnedFacts = nil }
    }
    /// What is known per text column, for portable SQL only: whether it holds only ASCII text
    /// without NUL or carriage return (learned only when ``loweringOptions`` asks for portable SQL).
    private var asciiFacts: [String: Bool] = [:] {
        didSet { optionsWithLearnedFacts = nil }
    }
    /// What is known per foreign-key reference: whether every non-NULL value has a target row.
    private var referenceFacts: [ForeignKeyReference: Bool] = [:] {
        didSet { optionsWithLearnedFacts = nil }
    }
    /// ``loweringOptions`` with the facts learned so far, made when first needed after either
    /// changed: a compilation copies it instead of building the sets of facts again.
    private var optionsWithLearnedFacts: SQLLowering.Options?
    /// The state of the data when the facts were learned.
    private var factsStamp: DataStamp?
    /// How the query run last decodes its rows, kept for its next run.
    private var lastRunPlan: RunPlan?

    /// Opens `path` (read-only unless `mode` says otherwise) and loads its schema, refined by
    /// `modelFile` when given: a Swift model file or Xcode's data model (`.xcdatamodeld`).
    public init(path: String, modelFile: String? = nil, mode: Connection.OpenMode = .readOnly) throws {
        if (try? SchemaLoader.isFolder(path)) == true {
            let isDataModel = path.hasSuffix(".xcdatamodeld") || path.hasSuffix(".xcdatamodel") || path.hasSuffix(".xcdatamodeld/")
            throw SchemaLoader.LoadError(
                message: "'\(path)' is a folder, not a database" + (isDataModel ? "; a data model is given with '--schema \(path)'" : ""))
        }
        connection = try Connection(path: path, mode: mode)
        try connection.registerSiftFunctions()
        let loaded = try SchemaLoader.load(connection: connection, databaseName: path, modelFile: modelFile)
        if loaded.diagnostics.hasErrors {
            throw CompileError(diagnostics: loaded.diagnostics, source: loaded.source)
        }
        schema = loaded.schema
        schemaDiagnostics = loaded.diagnostics
        schemaSource = loaded.source
        loweringOptions = SQLLowering.Options()
    }

    /// Compiles query text to SQL against the schema; throws ``CompileError`` with the diagnostics.
    public func compile(_ text: String, sourceName: String = "<input>", parameterTypes: [String: SiftType] = [:]) throws -> CompiledQuery {
        try compile(SourceFile(name: sourceName, text: text), parameterTypes: parameterTypes)
    }

    /// Compiles a source to SQL against the schema.
    public func compile(_ source: SourceFile, parameterTypes: [String: SiftType] = [:]) throws -> CompiledQuery {
        let compiler = Compiler(schema: schema, options: .init(parameterTypes: parameterTypes))
        let compilation = compiler.check(source)
        guard let checked = compilation.checked else {
            throw CompileError(diagnostics: compilation.diagnostics, source: source)
        }
        let collations = collationDiagnostics(checked)
        if !collations.isEmpty { throw CompileError(diagnostics: compilation.diagnostics + collations, source: source) }
        let compiled = compile(checked)
        if !compiled.portabilityDiagnostics.isEmpty {
            throw CompileError(diagnostics: compilation.diagnostics + compiled.portabilityDiagnostics, source: source)
        }
        let variableLimit = connection.limit(.variableNumber)
        if compiled.bindings.count > variableLimit {
            throw CompileError(
                diagnostics: [
                    .error(
                        "too-many-values",
                        "this query binds \(compiled.bindings.count) values, more than SQLite allows in one statement (\(variableLimit)); pass long lists as an array parameter or split the query",
                        at: checked.filter?.range ?? .point(0))
                ], source: source)
        }
        if let depth = SQLNesting.depth(of: compiled.sql, over: Self.maximumSQLNesting) {
            throw CompileError(
                diagnostics: [
                    .error(
                        "sql-too-deep",
                        "this query nests \(depth) levels deep in SQL, more than SQLite can read (about 100); flatten nested groups or split the query",
                        at: checked.filter?.range ?? .point(0))
                ], source: source)
        }
        return compiled
    }

    /// An error for each collation the query names (`collate(Collation(rawValue: "name"))`) that
    /// this connection does not have: SQLite would refuse the statement ("no such collation
    /// sequence"). Names are compared as SQLite compares them, ASCII letters without case.
    public func collationDiagnostics(_ checked: CheckedQuery) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        var known: Set<String>?
        for kind in checked.tree.kinds {
            guard case .sql(.customCollate(let name), let operands) = kind, let operand = operands.first else { continue }
            if known == nil {
                let rows = (try? connection.prepare("SELECT name FROM pragma_collation_list").rows()) ?? []
                known = Set(rows.compactMap { row in if case .text(let name)? = row.first { Self.asciiLowercased(name) } else { nil } })
            }
            guard let known, !known.contains(Self.asciiLowercased(name)) else { continue }
            let available = known.sorted().map { "'\($0)'" }.joined(separator: ", ")
            diagnostics.append(
                .error(
                    "unknown-collation",
                    "the collating sequence '\(name)' is not defined on this database's connection, so SQLite refuses the query; use one it has (\(available)), or have the application register '\(name)' (sqlite3_create_collation)",
                    at: operand.range))
        }
        return diagnostics
    }

    private static func asciiLowercased(_ text: String) -> String {
        String(decoding: text.utf8.map { (65...90).contains($0) ? $0 + 32 : $0 }, as: UTF8.self)
    }

    /// SQLite's parser gives up ("parser stack overflow") past about 100 nested parentheses.
    public static let maximumSQLNesting = 95

    /// Lowers a checked query to SQL with what is known about the data, learning the facts it can use.
    ///
    /// The facts known are used without asking whether the data changed since they were learned
    /// (asking is a statement: a read lock on the file, and a third of a compilation's
    /// instructions): a run checks that against the data its statement reads, and lowers again
    /// when they no longer hold. This connection's own writes are seen here at once (a counter).
    /// Before learning a fact, the state of the data is read, and facts about an older state are
    /// forgotten: every fact known describes the data as it was when `factsStamp` was read, or
    /// later, which is what lets a run trust them when the stamp still matches.
    public func compile(_ checked: CheckedQuery) -> CompiledQuery {
        if let factsStamp, factsStamp.changes != connection.totalChanges { refreshFactsIfDataChanged() }
        let compiled = SQLLowering.lower(checked, schema: schema, options: optionsWithFacts())
        guard hasUnknownFacts(compiled) else { return compiled }
        let usedFacts = !textForms.isEmpty || !referenceFacts.isEmpty || !asciiFacts.isEmpty
        let forgotten = dataChangedSinceFactsWereLearned() && usedFacts
        let unknown = compiled.nfcCandidates.filter { textForms[$0] == nil }
        let unknownASCII = loweringOptions.portable ? compiled.nfcCandidates.filter { asciiFacts[$0] == nil } : []
        let unknownReferences = compiled.referenceCandidates.filter { referenceFacts[$0] == nil }
        for key in unknown { textForms[key] = textForm(of: key) }
        for key in unknownASCII { asciiFacts[key] = isASCIIOnly(key) }
        for reference in unknownReferences { referenceFacts[reference] = referenceIsIntact(reference) }
        // Lowered again when a fact learned changes the SQL, or the facts it used were forgotten.
        if forgotten || unknown.contains(where: { textForms[$0] != .mixed }) || unknownASCII.contains(where: { asciiFacts[$0] == true })
            || unknownReferences.contains(where: { referenceFacts[$0] == true })
        {
            return SQLLowering.lower(checked, schema: schema, options: optionsWithFacts())
        }
        return compiled
    }

    /// Whether the lowering asked about a text column or a reference for which no fact is known.
    /// One the facts answered (a form, intact) is known when the facts are all learned ones; the
    /// caller's own (``loweringOptions``) do not say what the data holds.
    private func hasUnknownFacts(_ compiled: CompiledQuery) -> Bool {
        let portable = loweringOptions.portable
        return compiled.hasCandidate(
            skippingAnswered: !loweringOptionsHaveFacts && !portable,
            unknownText: { !textForms.hasKeyComparing($0) || (portable && !asciiFacts.hasKeyComparing($0)) },
            unknownReference: { !referenceFacts.hasKeyComparing($0) })
    }

    /// The lowering options with the facts learned so far (what ``compile(_:parameterTypes:)`` uses).
    public var effectiveLoweringOptions: SQLLowering.Options { optionsWithFacts() }

    private func optionsWithFacts() -> SQLLowering.Options {
        if let optionsWithLearnedFacts { return optionsWithLearnedFacts }
        var options = loweringOptions
        for (key, form) in textForms {
            switch form {
            case .nfc: options.facts.nfcColumns.insert(key)
            case .nfcOrNFD: options.facts.nfcOrNFDColumns.insert(key)
            case .mixed: break
            }
        }
        options.facts.intactReferences.formUnion(referenceFacts.filter(\.value).map(\.key))
        options.facts.asciiColumns.formUnion(asciiFacts.filter(\.value).map(\.key))
        optionsWithLearnedFacts = options
        return options
    }

    /// Forgets the facts when the database changed since they were learned: another connection's
    /// commit changes `PRAGMA data_version`, a write on this connection its total changes.
    private func refreshFactsIfDataChanged() {
        _ = dataChangedSinceFactsWereLearned()
    }

    /// Whether the data changed (another connection committed, or this one wrote) since the facts
    /// were learned; if so, forgets them. Run inside a statement's read transaction, it compares
    /// the data that statement reads.
    private func dataChangedSinceFactsWereLearned() -> Bool {
        let version = try? connection.cachedStatement("PRAGMA data_version").rows().first?.first?.integerValue
        let stamp = DataStamp(version: version, changes: connection.totalChanges)
        guard stamp != factsStamp else { return false }
        textForms.removeAll()
        asciiFacts.removeAll()
        referenceFacts.removeAll()
        factsStamp = stamp
        return true
    }

    /// What identifies one state of the data, for ``refreshFactsIfDataChanged()``.
    private struct DataStamp: Equatable {
        var version: Int64?
        var changes: Int
    }

    /// The longest a connection spends learning whether one reference is intact; past it, the
    /// reference counts as not intact (the SQL keeps its join) until the data changes.
    public static let referenceCheckBudget = 2.0

    /// Whether every value of a foreign key has a target row of the same value and type (NULL
    /// counts as one when the reference says so: a join table's link with a NULL key points at
    /// nothing; a text '2' that an integer key 2 would match is not its value): its distinct
    /// values (an index on the column makes this a scan of the index) each looked up in the
    /// target. At most ``referenceCheckBudget`` seconds, once per reference and connection, until
    /// the data changes.
    private func referenceIsIntact(_ reference: ForeignKeyReference) -> Bool {
        let column = SQLiteIdentifier.quote(reference.column)
        // The key is named through its own alias: a bare "key" inside the subquery would be the
        // target table's column of that name, if it has one.
        let key = #""sift_reference_keys"."key""#
        let nullKey = reference.nullIsDangling ? key + " IS NULL OR " : ""
        let target = SQLiteIdentifier.quote(reference.targetTable)
        let sql = """
            SELECT 1 FROM (SELECT DISTINCT \(column) AS "key" FROM \(SQLiteIdentifier.quote(reference.table))\(reference.nullIsDangling ? "" : " WHERE \(column) IS NOT NULL")) AS "sift_reference_keys" \
            WHERE \(nullKey)NOT EXISTS (SELECT 1 FROM \(target) WHERE \(target).\(SQLiteIdentifier.quote(reference.targetColumn)) = \(key) \
            AND typeof(\(target).\(SQLiteIdentifier.quote(reference.targetColumn))) = typeof(\(key))) LIMIT 1
            """
        let previousLimit = connection.timeLimit
        connection.setTimeLimit(min(previousLimit ?? Self.referenceCheckBudget, Self.referenceCheckBudget))
        defer { connection.setTimeLimit(previousLimit) }
        guard let dangling = try? connection.prepare(sql).rows() else { return false }
        return dangling.isEmpty
    }

    /// The normal forms of a text column's texts, for the facts the lowering may use.
    enum TextForm {
        /// Every text is in NFC.
        case nfc
        /// Every text is in NFC or in NFD (some are not in NFC).
        case nfcOrNFD
        /// Some text is in neither form, or the column could not be read.
        case mixed

        /// Whether SQL that assumed `assumed` is still right.
        func satisfies(_ assumed: TextForm) -> Bool {
            switch (assumed, self) {
            case (.nfc, .nfc), (.nfcOrNFD, .nfc), (.nfcOrNFD, .nfcOrNFD), (.mixed, _): true
            default: false
            }
        }
    }

    /// The normal forms of a text column: rows of printable ASCII are skipped with `GLOB` (cheap;
    /// a text with a NUL is always inspected, since `GLOB` stops at it), the others are
    /// normalised; a second scan, only when some text is not NFC, looks for one in neither NFC nor
    /// NFD. At most two scans per column and connection, until the data changes. A column
    /// declared with another collation than `BINARY` is `.mixed`: compared bare, it would
    /// compare by that collation (`NOCASE`), not by Swift's `==`.
    private func textForm(of key: String) -> TextForm {
        for model in schema.models {
            for attribute in model.attributes where attribute.storage == .text && model.tableName + "." + attribute.columnName == key {
                guard connection.declaredCollation(table: model.tableName, column: attribute.columnName)?.uppercased() == "BINARY" else {
                    return .mixed
                }
                let column = SQLiteIdentifier.quote(attribute.columnName)
                let notNFC = "\(column) <> \(SiftFunction.nfc.sqlName)(\(column))"
                let notNFD = "\(column) <> \(SiftFunction.nfd.sqlName)(\(column))"
                let select = "SELECT 1 FROM \(SQLiteIdentifier.quote(model.tableName)) WHERE (\(column) GLOB ?1 OR instr(\(column), char(0)) > 0) AND "
                let nonASCII: [SQLValue] = [.text("*[^ -~]*")]
                guard let notInNFC = try? connection.prepare(select + notNFC + " LIMIT 1").rows(bindings: nonASCII) else { return .mixed }
                if notInNFC.isEmpty { return .nfc }
                guard let inNeither = try? connection.prepare(select + notNFC + " AND " + notNFD + " LIMIT 1").rows(bindings: nonASCII) else {
                    return .mixed
                }
                return inNeither.isEmpty ? .nfcOrNFD : .mixed
            }
        }
        return .mixed
    }

    /// Whether a text column holds only ASCII text without NUL or carriage return (bytes 0x01–0x0C
    /// and 0x0E–0x7F), for portable SQL: one scan, once per column and connection, until the data
    /// changes. A column declared with another collation than `BINARY` is not (compared bare, it
    /// would compare by that collation).
    private func isASCIIOnly(_ key: String) -> Bool {
        for model in schema.models {
            for attribute in model.attributes where attribute.storage == .text && model.tableName + "." + attribute.columnName == key {
                guard connection.declaredCollation(table: model.tableName, column: attribute.columnName)?.uppercased() == "BINARY" else {
                    return false
                }
                let column = SQLiteIdentifier.quote(attribute.columnName)
                // `GLOB` stops at a NUL: a text with one is found by `instr`.
                let sql = "SELECT 1 FROM \(SQLiteIdentifier.quote(model.tableName)) WHERE \(column) GLOB ?1 OR instr(\(column), char(0)) > 0 LIMIT 1"
                let outsideASCII: [SQLValue] = [.text("*[^\u{1}-\u{C}\u{E}-\u{7F}]*")]
                guard let found = try? connection.prepare(sql).rows(bindings: outsideASCII) else { return false }
                return found.isEmpty
            }
        }
        return false
    }

    /// Runs a compiled query and returns its rows.
    public func fetch(_ query: CompiledQuery, parameters: [String: ParameterValue] = [:]) throws -> [Row] {
        var rows: [Row] = []
        try forEachRow(query, parameters: parameters) { rows.append($0) }
        return rows
    }

    /// Runs a compiled query, handing each row to `body` as it arrives.
    public func forEachRow(_ query: CompiledQuery, parameters: [String: ParameterValue] = [:], _ body: (Row) throws -> Void) throws {
        try run(query, .named(parameters), body)
    }

    /// Runs a compiled query with its parameters' values given in the order of
    /// `query.parameters` (no lookups by name: the way to re-run one query in a tight loop).
    public func forEachRow(_ query: CompiledQuery, values: [ParameterValue], _ body: (Row) throws -> Void) throws {
        try run(query, .positional(values), body)
    }

    /// Runs a compiled query with positional values (see ``forEachRow(_:values:_:)``) and returns its rows.
    public func fetch(_ query: CompiledQuery, values: [ParameterValue]) throws -> [Row] {
        var rows: [Row] = []
        try forEachRow(query, values: values) { rows.append($0) }
        return rows
    }

    /// The values of a run's parameters, as the caller gave them.
    private enum ParameterValues {
        case named([String: ParameterValue])
        /// In the order of the `parameters` of the query they were given for.
        case positional([ParameterValue])
    }

    /// Runs `query`, or the same query lowered again when the facts its SQL relies on no longer
    /// hold. The facts are checked against the data the statement reads: after its first step
    /// (its read transaction is open then, or it has finished), before any row reaches `body`.
    /// If another connection changed the data in between, the facts are learned again and the
    /// run starts over; after a few such races the query runs on SQL that assumes no facts.
    private func run(_ query: CompiledQuery, _ values: ParameterValues, _ body: (Row) throws -> Void) throws {
        do {
            try runReportingFacts(query, values, body)
        } catch let error as SQLiteError {
            throw FullTextQueryError(error, in: query.query) ?? error
        }
    }

    private func runReportingFacts(_ query: CompiledQuery, _ values: ParameterValues, _ body: (Row) throws -> Void) throws {
        // The common case first, without copying the query: SQL that relies on no facts.
        if !query.reliesOnFacts {
            _ = try run(query, body, verifyingFacts: false, binding: { try bind(values, to: $0, into: &$1) })
            return
        }
        if !factsChanged(under: query), try run(query, body, verifyingFacts: true, binding: { try bind(values, to: $0, into: &$1) }) {
            return
        }
        for _ in 0..<3 {
            // The facts did not hold, or the data changed under them: learned again, lowered again.
            let lowered = compile(query.query)
            if try run(lowered, body, verifyingFacts: lowered.reliesOnFacts, binding: { try bind(values, given: query, to: $0, into: &$1) }) {
                return
            }
        }
        let factless = SQLLowering.lower(query.query, schema: schema, options: loweringOptions)
        _ = try run(factless, body, verifyingFacts: false, binding: { try bind(values, given: query, to: $0, into: &$1) })
    }

    /// Binds the caller's values to the query they were given for.
    private func bind(_ values: ParameterValues, to query: CompiledQuery, into binder: inout StatementBinder) throws {
        switch values {
        case .named(let named): try query.encodeBindings(for: named, schema: schema, into: &binder)
        case .positional(let positional): try query.encodeBindings(positional: positional, schema: schema, into: &binder)
        }
    }

    /// Binds the caller's values to `target`, the query they were given for or that query lowered
    /// again (whose parameters may come in another order: positional values then go by name).
    private func bind(_ values: ParameterValues, given original: CompiledQuery, to target: CompiledQuery, into binder: inout StatementBinder) throws {
        switch values {
        case .named(let named):
            try target.encodeBindings(for: named, schema: schema, into: &binder)
        case .positional(let positional):
            if target.parameters.count == original.parameters.count,
                zip(target.parameters, original.parameters).allSatisfy({ $0.name == $1.name })
            {
                try target.encodeBindings(positional: positional, schema: schema, into: &binder)
            } else {
                // A wrong count is reported against the query the values were given for.
                if positional.count != original.parameters.count {
                    try original.encodeBindings(positional: positional, schema: schema, into: &binder)
                }
                try target.encodeBindings(for: original.namedParameters(positional), schema: schema, into: &binder)
            }
        }
    }

    /// Whether the facts a compiled query's SQL relies on, as known now, do not hold (it must be
    /// lowered again); learns the facts it needs that are not known yet.
    private func factsChanged(under query: CompiledQuery) -> Bool {
        guard query.reliesOnFacts else { return false }
        let assumptions = query.nfcAssumptions.map { ($0, TextForm.nfc) } + query.nfcOrNFDAssumptions.map { ($0, TextForm.nfcOrNFD) }
        for (key, _) in assumptions where textForms[key] == nil { textForms[key] = textForm(of: key) }
        for key in query.asciiAssumptions where asciiFacts[key] == nil { asciiFacts[key] = isASCIIOnly(key) }
        if query.asciiAssumptions.contains(where: { asciiFacts[$0] != true }) { return true }
        for reference in query.referenceAssumptions where referenceFacts[reference] == nil {
            referenceFacts[reference] = referenceIsIntact(reference)
        }
        return assumptions.contains(where: { key, assumed in !(textForms[key] ?? .mixed).satisfies(assumed) })
            || query.referenceAssumptions.contains(where: { referenceFacts[$0] != true })
    }

    /// Binds, steps and decodes: the part of ``forEachRow(_:parameters:_:)`` a statement-cache hit costs.
    /// Returns false, having handed no row to `body`, when `verifyingFacts` and the data changed
    /// since the facts were learned.
    private func run(
        _ query: CompiledQuery, _ body: (Row) throws -> Void, verifyingFacts: Bool,
        binding bind: (CompiledQuery, inout StatementBinder) throws -> Void
    ) throws -> Bool {
        let statement = try connection.cachedStatementForRebinding(query.sql)
        defer { statement.reset() }  // releases the read lock, also when `body` throws
        guard statement.parameterCount == query.bindings.count else {
            throw SQLiteError(
                code: .range, message: "the statement has \(statement.parameterCount) parameter(s) but the query binds \(query.bindings.count)",
                sql: query.sql)
        }
        // Every placeholder is bound here, so the old values need no clearing.
        var binder = StatementBinder(statement: statement)
        try bind(query, &binder)
        let hasRow = try statement.step()
        // The statement's snapshot is taken: the facts must describe the data it reads.
        if verifyingFacts, dataChangedSinceFactsWereLearned() { return false }
        guard hasRow else { return true }
        let plan = runPlan(for: query)
        let decodings = plan.decodings
        let count = min(statement.columnCount, decodings.count)
        // One array of values for every row, and kept for the next run: filling it again costs no
        // allocation unless `body` kept the previous row (then copy-on-write gives it a new one).
        var row = Row(names: plan.names, values: plan.takeValues())
        defer { plan.keepValues(&row.values) }
        repeat {
            // Straight from the statement into the row: no intermediate array of stored values.
            row.values.removeAll(keepingCapacity: true)
            row.values.reserveCapacity(count)
            for index in 0..<count {
                row.values.append(decodings[index].decode(column: Int32(index), of: statement.pointer))
            }
            try body(row)
        } while try statement.step()
        return true
    }

    /// How `query`'s rows decode: the last plan when the same query runs again, a new one otherwise.
    private func runPlan(for query: CompiledQuery) -> RunPlan {
        // Usually the very same strings and arrays: these comparisons see one storage and stop.
        if let lastRunPlan, lastRunPlan.sql == query.sql, lastRunPlan.columns == query.columns { return lastRunPlan }
        let plan = RunPlan(query, schema: schema)
        lastRunPlan = plan
        return plan
    }

    /// `EXPLAIN QUERY PLAN` of a compiled query.
    public func queryPlan(_ query: CompiledQuery, parameters: [String: ParameterValue] = [:]) throws -> [QueryPlanRow] {
        let values = (try? query.bindings(for: parameters, schema: schema)) ?? query.bindings.map { _ in .null }
        return try connection.queryPlan(query.sql, bindings: values)
    }
}

extension Dictionary {
    /// Whether `key` has a value: by comparing it with each key while there are a few (a fact's
    /// key is made of the schema's names, often the very storage of the lowering's: comparing
    /// costs less than hashing), by hash beyond.
    fileprivate func hasKeyComparing(_ key: Key) -> Bool {
        if count > 8 { return self[key] != nil }
        for known in keys where known == key { return true }
        return false
    }
}

/// One result row, decoded: the model's attributes, or the columns a query selects (named after
/// their labels or expressions, `company?.name`, `count()`).
public struct Row: Sendable, Hashable {
    /// The columns' names, in order.
    public var names: [String]
    /// The decoded values, in the same order.
    public var values: [DecodedValue]

    /// A row of `values` named by `names` (another runtime's rows, such as PostgreSQL's).
    public init(names: [String], values: [DecodedValue]) {
        self.names = names
        self.values = values
    }

    /// The value of a column by name.
    public subscript(name: String) -> DecodedValue? {
        names.firstIndex(of: name).map { values[$0] }
    }

    /// The value of the column at `index` (0 the first).
    public subscript(index: Int) -> DecodedValue { values[index] }
}

/// Query text that does not compile: its diagnostics, and the source they point into.
public struct CompileError: Error, CustomStringConvertible {
    /// The errors (and any warnings).
    public var diagnostics: [Diagnostic]
    /// The compiled text; the diagnostics point into it.
    public var source: SourceFile

    /// The error of `diagnostics` in `source` (for another runtime's front door, such as PostgreSQL's).
    public init(diagnostics: [Diagnostic], source: SourceFile) {
        self.diagnostics = diagnostics
        self.source = source
    }

    public var description: String { DiagnosticRenderer().render(diagnostics, in: source) }
}

/// A full-text query (the text of an FTS5 `match`) that SQLite refused when the query ran: a
/// parameter's text that is not FTS5 query syntax, or whose column filter names no column. The
/// diagnostic points at the `match` argument that gave the text.
public struct FullTextQueryError: Error, CustomStringConvertible {
    /// The error, at the argument of `match` (in the query's source).
    public var diagnostics: [Diagnostic]
    /// SQLite's own error.
    public var underlying: SQLiteError

    /// The error for `error` in a run of `query`, when the query matches full text and the error
    /// is FTS5's (`fts5: syntax error near ...`, or `no such column` from a column filter); nil otherwise.
    init?(_ error: SQLiteError, in query: CheckedQuery) {
        let message = error.message
        guard message.hasPrefix("fts5:") || message.hasPrefix("no such column") || message.hasPrefix("unterminated string") else { return nil }
        var arguments: [SourceRange] = []
        for kind in query.tree.kinds {
            if case .sql(.fullTextMatch, let operands) = kind, operands.count == 2 { arguments.append(operands[1].range) }
        }
        guard let argument = arguments.first else { return nil }
        underlying = error
        diagnostics = [
            .error(
                .invalidFullTextQuery, "the full-text query given here is not valid FTS5 syntax (SQLite: \(message))", at: argument,
                notes: [
                    .init(
                        #"FTS5 reads phrases in double quotes, 'milk*' prefixes, 'NEAR(a b)', 'title: milk' column filters and AND, OR, NOT; to search for the words as typed, pass them as one phrase: in double quotes, each '"' doubled"#
                    )
                ])
        ]
    }

    public var description: String { "error: " + (diagnostics.first?.message ?? underlying.message) }
}
