import SiftSchema

/// SQL text with its bindings, as the renderer wrote them.
struct RenderedSQL {
    var text: String
    var bindings: [BindingSlot]
    /// The named parameters and the placeholders each fills, in order of first appearance; their
    /// types are the caller's to fill in (`.error` here).
    var parameters: [CompiledParameter]
}

/// Writes SQL text: quotes identifiers, numbers bindings (`?1`, `?2`, ... in order of
/// appearance; a named parameter keeps one number wherever it is used), and lays clauses out on
/// lines for people, or on one line.
///
/// It is a writer, not only a function of one fragment: the lowering writes the fixed parts of a
/// query (the select list, `FROM`, the clause keywords) straight into it and renders each lowered
/// fragment in place, instead of first joining everything into one fragment (which copied every
/// byte once more, and encoded each column name only to decode it again).
struct SQLRenderer<Dialect: SQLDialect> {
    // The dialect is a type parameter, not an existential: a call on `any SQLDialect` copies it at
    // every identifier, and Sift's own dialect gets code of its own.
    let dialect: Dialect
    let readable: Bool
    /// The Swift type of each named parameter, for a dialect that writes it into its placeholder
    /// (Sift's own dialect does not: empty there).
    var parameterTypes: [String: SiftType] = [:]
    /// UTF-8 bytes, made into a String once at the end: appending to a String is a call through
    /// its general machinery per piece, appending to a byte buffer a copy.
    var text: ByteBuffer
    /// The value of each placeholder, in order. A parameter slot (a name and an encoding) written
    /// again reuses its placeholder, found among these by comparing (a query has a few; hashing
    /// costs more), through ``index`` once there are many; a literal always takes a new one. The
    /// parameters' list is made from these at the end (no lists of slots and positions kept along
    /// the way).
    private var bindings: [BindingSlot] = []
    /// How many of ``bindings`` are parameters.
    private var parameterCount = 0
    /// Each parameter slot's placeholder, made once there are more than ``listLimit`` parameters
    /// or ``scanLimit`` bindings.
    private var index: ParameterIndex?
    private static var listLimit: Int { 8 }
    private static var scanLimit: Int { 32 }

    /// Where each parameter slot's placeholder is, for queries with many parameters.
    private final class ParameterIndex {
        var slots: [BindingSlot: Int] = [:]

        func copy() -> ParameterIndex {
            let copy = ParameterIndex()
            copy.slots = slots
            return copy
        }
    }

    /// A renderer whose text starts with room for `capacity` bytes, and its list of bindings for
    /// `bindings` of them.
    init(dialect: Dialect, readable: Bool, capacity: Int = 0, bindings: Int = 0) {
        self.dialect = dialect
        self.readable = readable
        text = ByteBuffer(capacity: capacity + 64)
        bindingsRoom = bindings
    }

    /// The room the list of bindings gets at its first (a query without bindings allocates none).
    private let bindingsRoom: Int

    /// Records a binding's value in placeholder order.
    private mutating func record(_ binding: BindingSlot) {
        if bindings.isEmpty, bindingsRoom > 1 { bindings.reserveCapacity(bindingsRoom) }
        bindings.append(binding)
    }

    /// The text and bindings written so far.
    var rendered: RenderedSQL { RenderedSQL(text: text.string, bindings: bindings, parameters: parameters) }

    /// Each named parameter and its placeholders, in order of first appearance.
    private var parameters: [CompiledParameter] {
        guard parameterCount > 0 else { return [] }
        var parameters: [CompiledParameter] = []
        // Room for every parameter slot (at least as many as names), so the list never grows.
        parameters.reserveCapacity(parameterCount)
        // Past a few names, each name's entry is found by hashing.
        var entries: [String: Int]? = parameterCount > Self.listLimit ? [:] : nil
        for offset in bindings.indices {
            guard case .parameter(let name, _) = bindings[offset] else { continue }
            let existing: Int? =
                if let entries { entries[name] } else { parameters.firstIndex { $0.name == name } }
            if let existing {
                parameters[existing].positions.append(offset + 1)
            } else {
                entries?[name] = parameters.count
                parameters.append(CompiledParameter(name: name, type: .error, positions: [offset + 1]))
            }
        }
        return parameters
    }

    /// SQL text written by Sift.
    mutating func append(sql: StaticString) { text.append(literal: sql) }

    /// An identifier, quoted.
    mutating func append(identifier: String) {
        if let done: Void = identifier.utf8.withContiguousStorageIfAvailable({ appendQuoted(identifierUTF8: $0) }) {
            return done
        }
        var identifier = identifier
        identifier.withUTF8 { appendQuoted(identifierUTF8: $0) }
    }

    /// Whether the dialect is Sift's own, written by the in-place writer (`InPlaceWriter/`): known
    /// when the renderer is specialized, so each test of it folds away.
    private static var writesInPlace: Bool { Dialect.self == SQLiteDialect.self }

    /// The identifier whose UTF-8 is `name`, quoted: in Sift's dialect in one pass, in another
    /// through its ``SQLDialect/quote(identifier:)``.
    private mutating func appendQuoted(identifierUTF8 name: UnsafeBufferPointer<UInt8>) {
        if Self.writesInPlace { return InPlaceWriter.appendDoubleQuoted(identifierUTF8: name, to: &text) }
        text.append(utf8: dialect.quote(identifier: String(decoding: name, as: UTF8.self)))
    }

    /// `"alias"."a", "alias"."b", ...` for a model's result columns: in a dialect that quotes as SQL
    /// does, the alias is quoted once and the list written in one pass from the model's quoted
    /// names (quoting each name for every query would be most of the select list's cost).
    mutating func appendColumns(_ alias: String, of model: Model) {
        let columns = model.doubleQuotedColumns
        guard Self.writesInPlace, columns.count > 0 else { return appendColumns(alias, model.resultColumns) }
        let aliasStart = text.count
        append(identifier: alias)
        let aliasLength = text.count - aliasStart
        // `."first"`, then `, "alias"."next"` for each other column.
        let others = columns.count - 1
        let length = columns.bytes.count + columns.count + others * (2 + aliasLength)
        columns.bytes.withUnsafeBufferPointer { quoted in
            guard let names = quoted.baseAddress else { return }
            text.append(count: length) { base, target in
                let quotedAlias = base + aliasStart
                var next = target
                var start = 0
                for (index, end) in columns.ends.enumerated() {
                    if index > 0 {
                        next[0] = UInt8(ascii: ",")
                        next[1] = UInt8(ascii: " ")
                        (next + 2).initialize(from: quotedAlias, count: aliasLength)
                        next += 2 + aliasLength
                    }
                    next[0] = UInt8(ascii: ".")
                    (next + 1).initialize(from: names + start, count: end - start)
                    next += 1 + end - start
                    start = end
                }
                assert(next == target + length)
            }
        }
    }

    /// `"table"."a", "table"."b", ...` for a model's attributes read under the table's own name:
    /// in a dialect that quotes as SQL does, the list the model keeps, in one copy.
    mutating func appendColumnsQualifiedByTable(of model: Model) {
        let columns = model.tableQualifiedColumns
        guard Self.writesInPlace, !columns.isEmpty else { return appendColumns(model.tableName, of: model) }
        columns.withUnsafeBufferPointer { text.append($0) }
    }

    /// `SELECT "table"."a", ...`, a line break and `FROM ` for a model's rows read under the
    /// table's own name: in a dialect that quotes as SQL does, written through one capacity check.
    mutating func appendSelectHead(of model: Model) {
        let columns = model.tableQualifiedColumns
        guard Self.writesInPlace, !columns.isEmpty else {
            append(sql: "SELECT ")
            appendColumnsQualifiedByTable(of: model)
            appendNewline(indent: 0)
            return append(sql: "FROM ")
        }
        let select: StaticString = "SELECT "
        let from: StaticString = "FROM "
        let length = select.utf8CodeUnitCount + columns.count + 1 + from.utf8CodeUnitCount
        let lineBreak = readable ? UInt8(ascii: "\n") : UInt8(ascii: " ")
        columns.withUnsafeBufferPointer { quoted in
            guard let names = quoted.baseAddress else { return }
            text.append(count: length) { target in
                target.initialize(from: select.utf8Start, count: select.utf8CodeUnitCount)
                var next = target + select.utf8CodeUnitCount
                next.initialize(from: names, count: quoted.count)
                next += quoted.count
                next.initialize(to: lineBreak)
                (next + 1).initialize(from: from.utf8Start, count: from.utf8CodeUnitCount)
            }
        }
    }

    /// `"alias"."a", "alias"."b", ...`: the alias is quoted once and its bytes copied for the others.
    mutating func appendColumns(_ alias: String, _ columns: [Attribute]) {
        var quotedAlias = 0..<0
        // By index: a column's name is read in place, not a copy of each attribute taken.
        for index in columns.indices {
            if index == 0 {
                let start = text.count
                append(identifier: alias)
                quotedAlias = start..<text.count
            } else {
                text.append(count: 2) { $0[0] = UInt8(ascii: ","); $0[1] = UInt8(ascii: " ") }
                text.appendCopy(of: quotedAlias)
            }
            text.append(UInt8(ascii: "."))
            append(identifier: columns[index].columnName)
        }
    }

    /// A line break in the readable layout (a space on one line), then `indent` levels.
    mutating func appendNewline(indent: Int) {
        guard readable else { return text.append(UInt8(ascii: " ")) }
        text.append(count: 1 + 2 * indent) { target in
            target[0] = UInt8(ascii: "\n")
            (target + 1).initialize(repeating: UInt8(ascii: " "), count: 2 * indent)
        }
    }

    /// A fragment, its bindings numbered after those written before it.
    mutating func append(_ fragment: SQLFragment) {
        // Sift's own dialect (known when the renderer is specialized): written in one pass.
        if Self.writesInPlace { return appendWritingInPlace(fragment) }
        fragment.bytes.withUnsafeBufferPointer { bytes in
            let count = bytes.count
            var index = 0
            var runStart = 0
            while index < count {
                let byte = bytes[index]
                if byte >= SQLFragment.Marker.end {
                    index += 1
                    continue
                }
                // A marker: the text before it first, in one copy.
                if runStart < index { text.append(UnsafeBufferPointer(rebasing: bytes[runStart..<index])) }
                switch byte {
                case SQLFragment.Marker.identifier:
                    let name = ByteBuffer.countedPayload(at: index, in: bytes)
                    appendQuoted(identifierUTF8: name)
                    index += 5 + name.count
                case SQLFragment.Marker.binding:
                    let (slot, length) = BindingSlotBytes.read(at: index + 1, in: bytes)
                    appendBinding(slot)
                    index += 1 + length
                default:  // a line break
                    appendNewline(indent: SQLFragment.newlineIndent(at: index, in: bytes))
                    index += 2
                }
                runStart = index
            }
            if runStart < count { text.append(UnsafeBufferPointer(rebasing: bytes[runStart..<count])) }
        }
    }

    /// The placeholder of a binding: a named parameter keeps one placeholder wherever it is used;
    /// each literal has its own.
    private mutating func appendBinding(_ binding: BindingSlot) {
        let position = placeholderPosition(of: binding)
        if Self.writesInPlace { return InPlaceWriter.appendPlaceholder(position, to: &text) }
        var type: SiftType?
        if case .parameter(let name, _) = binding { type = parameterTypes[name] }
        text.append(utf8: dialect.placeholder(position, binding: binding, parameterType: type))
    }

    /// The 1-based position of a binding's placeholder, recording the binding: a named parameter
    /// keeps one position wherever it is used; each literal has its own.
    mutating func placeholderPosition(of binding: BindingSlot) -> Int {
        guard case .parameter = binding else {
            record(binding)
            return bindings.count
        }
        // Past a few bindings (constants included), scanning them for each parameter would grow
        // with the query: its slots are indexed instead.
        if index == nil, bindings.count > Self.scanLimit { index = makeIndex() }
        if let existing = placeholder(of: binding) { return existing }
        record(binding)
        let position = bindings.count
        parameterCount += 1
        if index != nil {
            // A copied renderer (none is) would share the index: copy it before changing it.
            if !isKnownUniquelyReferenced(&index) { index = index?.copy() }
            guard let index else { preconditionFailure("the parameter index vanished") }
            index.slots[binding] = position
        } else if parameterCount > Self.listLimit {
            index = makeIndex()
        }
        return position
    }

    /// Each parameter slot's placeholder: each is among the bindings once (where first written).
    private func makeIndex() -> ParameterIndex {
        let made = ParameterIndex()
        for offset in bindings.indices {
            if case .parameter = bindings[offset] { made.slots[bindings[offset]] = offset + 1 }
        }
        return made
    }

    /// The placeholder of a parameter slot already written, if any.
    private func placeholder(of slot: BindingSlot) -> Int? {
        if let index { return index.slots[slot] }
        guard parameterCount > 0 else { return nil }
        for offset in bindings.indices where bindings[offset] == slot { return offset + 1 }
        return nil
    }
}

extension SQLFragment {
    /// Renders the fragment alone in `dialect`, opened once (Sift's own dialect is specialized).
    func render(in dialect: any SQLDialect, readable: Bool) -> RenderedSQL {
        if SQLiteDialect.isDialect(of: dialect) { return render(opened: SQLiteDialect(), readable: readable) }
        return render(opened: dialect, readable: readable)
    }

    private func render(opened dialect: some SQLDialect, readable: Bool) -> RenderedSQL {
        var renderer = SQLRenderer(dialect: dialect, readable: readable, capacity: bytes.count)
        renderer.append(self)
        return renderer.rendered
    }
}
