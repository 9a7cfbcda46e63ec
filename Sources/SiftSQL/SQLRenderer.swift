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
    /// UTF-8 bytes, made into a String once at the end: appending to a String is a call through
    /// its general machinery per piece, appending to a byte buffer a copy.
    private var text: ByteBuffer
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
        if let done: Void = identifier.utf8.withContiguousStorageIfAvailable({ dialect.appendQuoted(identifierUTF8: $0, to: &text) }) {
            return done
        }
        var identifier = identifier
        identifier.withUTF8 { dialect.appendQuoted(identifierUTF8: $0, to: &text) }
    }

    /// `"alias"."a", "alias"."b", ...` for a model's attributes: in a dialect that quotes as SQL
    /// does, the alias is quoted once and the list written in one pass from the model's quoted
    /// names (quoting each name for every query would be most of the select list's cost).
    mutating func appendColumns(_ alias: String, of model: Model) {
        let columns = model.doubleQuotedColumns
        guard dialect.quotesIdentifiersInDoubleQuotes, columns.count > 0 else { return appendColumns(alias, model.attributes) }
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
        guard dialect.quotesIdentifiersInDoubleQuotes, !columns.isEmpty else { return appendColumns(model.tableName, of: model) }
        columns.withUnsafeBufferPointer { text.append($0) }
    }

    /// `SELECT "table"."a", ...`, a line break and `FROM ` for a model's rows read under the
    /// table's own name: in a dialect that quotes as SQL does, written through one capacity check.
    mutating func appendSelectHead(of model: Model) {
        let columns = model.tableQualifiedColumns
        guard dialect.quotesIdentifiersInDoubleQuotes, !columns.isEmpty else {
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
        if Dialect.self == SQLiteDialect.self { return appendWritingInPlace(fragment) }
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
                    dialect.appendQuoted(identifierUTF8: name, to: &text)
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

    /// A fragment in SQLite's dialect (identifiers in double quotes, placeholders `?N`), written
    /// through a pointer into room reserved for it, about its own length (a marker and its length
    /// become two quotes, a bound value's bytes a short placeholder): the room is reserved once
    /// instead of checked at every piece (each check a uniqueness test of the buffer), and sized
    /// near what is written, since reserving the worst case would grow the query's buffer. Every
    /// write is checked against the room's end: a piece that would pass it starts a
    /// new reservation (a deep line break's indent is appended the general way). Text and names
    /// are copied a word at a time (``WordScan``) where the fragment has a word's bytes left.
    private mutating func appendWritingInPlace(_ fragment: SQLFragment) {
        fragment.bytes.withUnsafeBufferPointer { bytes in
            guard let base = bytes.baseAddress else { return }
            let count = bytes.count
            let quote = UInt8(ascii: "\"")
            var index = 0
            // Room for an identifier that did not fit the last round (quotes doubled at worst, and
            // a word's slack).
            var needed = 0
            while index < count {
                let room = max(count - index + 32, needed)
                needed = 0
                let start = text.reserveAppend(room)
                let end = start + room
                var target = start
                write: while index < count {
                    let byte = bytes[index]
                    if byte >= SQLFragment.Marker.end {
                        // A run of text, up to a word at a time: the word is stored whole and the
                        // bytes past the run are written over by what follows (counted only to
                        // `target`). Runs are short (` = `, `.`), so this is a piece in a few
                        // instructions instead of a few per byte.
                        if index + 8 <= count, end - target >= 8 {
                            let word = WordScan.load(base + index)
                            let run = WordScan.textLength(word)
                            WordScan.store(word, at: target)
                            target += run
                            index += run
                            continue
                        }
                        guard target < end else { break write }
                        target.initialize(to: byte)
                        target += 1
                        index += 1
                        continue
                    }
                    switch byte {
                    case SQLFragment.Marker.identifier:
                        let name = ByteBuffer.countedPayload(at: index, in: bytes)
                        // Two quotes, each inner quote doubled, and a word's slack.
                        guard end - target >= 2 * name.count + 10 else {
                            needed = 2 * name.count + 10
                            break write
                        }
                        target.initialize(to: quote)
                        target += 1
                        let nameStart = index + 5
                        var copied = 0
                        // Whole words without a quote, then the rest in one word when the fragment
                        // has a word's bytes from there (the bytes past the name are not written).
                        while name.count - copied >= 8 {
                            let word = WordScan.load(base + nameStart + copied)
                            if WordScan.containsQuote(word, inFirst: 8) { break }
                            WordScan.store(word, at: target)
                            target += 8
                            copied += 8
                        }
                        let rest = name.count - copied
                        if rest > 0, nameStart + copied + 8 <= count {
                            let word = WordScan.load(base + nameStart + copied)
                            if !WordScan.containsQuote(word, inFirst: rest) {
                                WordScan.store(word, at: target)
                                target += rest
                                copied = name.count
                            }
                        }
                        // What is left byte by byte, inner quotes doubled.
                        while copied < name.count {
                            let nameByte = name[copied]
                            target.initialize(to: nameByte)
                            target += 1
                            if nameByte == quote {
                                target.initialize(to: quote)
                                target += 1
                            }
                            copied += 1
                        }
                        target.initialize(to: quote)
                        target += 1
                        index = nameStart + name.count
                    case SQLFragment.Marker.binding:
                        guard end - target >= 24 else { break write }  // `?` and up to 20 digits (room has 32)
                        let (slot, length) = BindingSlotBytes.read(at: index + 1, in: bytes)
                        target = Self.writePlaceholder(placeholderPosition(of: slot), at: target)
                        index += 1 + length
                    default:  // a line break
                        let indent = SQLFragment.newlineIndent(at: index, in: bytes)
                        let length = readable ? 1 + 2 * indent : 1
                        guard end - target >= length else { break write }
                        if readable {
                            target.initialize(to: UInt8(ascii: "\n"))
                            (target + 1).initialize(repeating: UInt8(ascii: " "), count: 2 * indent)
                        } else {
                            target.initialize(to: UInt8(ascii: " "))
                        }
                        target += length
                        index += 2
                    }
                }
                text.didAppend(target - start)
                // What did not fit: a line break indented deeper than its bytes' share of the room is
                // appended the general way; anything else fits in the next reservation.
                if index < count, bytes[index] == SQLFragment.Marker.newline {
                    appendNewline(indent: SQLFragment.newlineIndent(at: index, in: bytes))
                    index += 2
                }
            }
        }
    }

    /// Writes `?position` at `target` (room for 21 bytes) and returns where it ends.
    private static func writePlaceholder(_ position: Int, at target: UnsafeMutablePointer<UInt8>) -> UnsafeMutablePointer<UInt8> {
        target.initialize(to: UInt8(ascii: "?"))
        var digits = 1
        var rest = position / 10
        while rest > 0 {
            digits += 1
            rest /= 10
        }
        var value = position
        for offset in stride(from: digits, through: 1, by: -1) {
            (target + offset).initialize(to: UInt8(ascii: "0") + UInt8(truncatingIfNeeded: value % 10))
            value /= 10
        }
        return target + 1 + digits
    }

    /// The placeholder of a binding: a named parameter keeps one placeholder wherever it is used;
    /// each literal has its own.
    private mutating func appendBinding(_ binding: BindingSlot) {
        dialect.appendPlaceholder(placeholderPosition(of: binding), to: &text)
    }

    /// The 1-based position of a binding's placeholder, recording the binding: a named parameter
    /// keeps one position wherever it is used; each literal has its own.
    private mutating func placeholderPosition(of binding: BindingSlot) -> Int {
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
