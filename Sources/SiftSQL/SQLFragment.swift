/// A piece of SQL built from text, identifiers and bindings, never from spliced values.
///
/// Identifiers come from the schema and are quoted by the dialect when the fragment is rendered;
/// values are always bindings, numbered in order of appearance. This is what makes SQL injection
/// impossible by construction: there is no way to put a value into the text.
///
/// Stored as one byte stream, so that joining fragments (what lowering does at every node) copies
/// bytes instead of arrays of enum cases, and a fragment is one reference: SQL text is its UTF-8;
/// an identifier is a marker byte, its length in four bytes and its UTF-8; a binding is a marker
/// byte and its slot (`BindingSlotBytes`); a line break is a marker and its indent. Sift's SQL
/// text never contains the marker bytes (control characters).
///
/// Two fragments are equal when their bytes are: bound texts compare by their UTF-8 (not by
/// canonical equivalence) and bound reals by their bits (`0.0` and `-0.0` differ).
public struct SQLFragment: Sendable, Hashable {
    /// One part of a fragment (a view of the stored bytes, for inspection and tests).
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

    /// Marker bytes of the stream.
    enum Marker {
        static let identifier: UInt8 = 0x01
        static let binding: UInt8 = 0x02
        static let newline: UInt8 = 0x03
        /// Bytes below this are markers.
        static let end: UInt8 = 0x04
    }

    /// Why reading a fragment's bytes trapped: they are not what Sift writes (a marker byte in SQL
    /// text, which `appendText` only asserts against, would make them so).
    static let malformed = "SQL fragment bytes are malformed (a control character in SQL text?)"

    /// Text, identifiers, bindings and line breaks, as described above.
    private(set) var bytes: ByteBuffer

    /// An empty fragment.
    public init() {
        bytes = ByteBuffer()
    }

    /// A fragment of the given parts, for tests (SQL text must hold no control character U+0000
    /// through U+0003: ``init(rawSQL:)`` checks that for text from outside).
    package init(_ segments: [Segment]) {
        self.init()
        for segment in segments {
            switch segment {
            case .sql(let text): appendText(sift: text)
            case .identifier(let name): appendIdentifier(name)
            case .binding(let slot): appendBinding(slot)
            case .newline(let indent): appendNewline(indent: indent)
            }
        }
    }

    /// SQL text written by Sift (its own keywords, a dialect's literals): never from input.
    init(_ sql: String) {
        bytes = ByteBuffer()
        appendText(sift: sql)
    }

    /// SQL text given as is: what a custom ``SQLDialect`` writes around the fragments it is given
    /// (a keyword, an operator, a function's name). It is copied into the SQL unquoted and
    /// unchecked as SQL, so it must never hold a value: values are ``binding(_:)``s, names
    /// ``identifier(_:)``s.
    ///
    /// Returns `nil` when `sql` holds a control character U+0000 through U+0003: a fragment
    /// stores its identifiers, bindings and line breaks behind those bytes, and text holding one
    /// would be read as one of them.
    public init?(rawSQL sql: String) {
        guard !sql.utf8.contains(where: { $0 < Marker.end }) else { return nil }
        bytes = ByteBuffer()
        appendText(sift: sql)
    }

    /// A name from the schema, quoted by the dialect when rendered.
    public static func identifier(_ name: String) -> SQLFragment {
        var fragment = SQLFragment()
        fragment.appendIdentifier(name)
        return fragment
    }

    /// A bound value: a placeholder in the text, its value in the bindings.
    public static func binding(_ slot: BindingSlot) -> SQLFragment {
        // Room for what usually follows a bound value (` AND `, `)`) without growing.
        var fragment = SQLFragment(reservingCapacity: 48)
        fragment.appendBinding(slot)
        return fragment
    }

    /// A line break in the readable layout (a space on one line), then `indent` levels.
    public static func newline(indent: Int) -> SQLFragment {
        var fragment = SQLFragment()
        fragment.appendNewline(indent: indent)
        return fragment
    }

    /// `"alias"."column"`.
    public static func column(_ alias: String, _ column: String) -> SQLFragment {
        // Two markers with their lengths and the dot (11 bytes), and room for what usually
        // follows a column (` = ` and a bound value with its bytes, ` IS NULL`) without growing.
        var fragment = SQLFragment(bytes: ByteBuffer(capacity: alias.utf8.count + column.utf8.count + 11 + 64))
        fragment.appendColumn(alias, column)
        return fragment
    }

    /// Appends `"alias"."column"` in place: both names read where they are and written through one
    /// capacity check.
    public mutating func appendColumn(_ alias: String, _ column: String) {
        let done: Void?? = alias.utf8.withContiguousStorageIfAvailable { alias in
            column.utf8.withContiguousStorageIfAvailable { column in appendColumn(utf8: alias, column) }
        }
        if case .some(.some) = done { return }
        appendIdentifier(alias)
        bytes.append(UInt8(ascii: "."))
        appendIdentifier(column)
    }

    private mutating func appendColumn(utf8 alias: UnsafeBufferPointer<UInt8>, _ column: UnsafeBufferPointer<UInt8>) {
        bytes.append(count: 11 + alias.count + column.count) { target in
            let next = ByteBuffer.writeCounted(tag: Marker.identifier, alias, at: target)
            next.initialize(to: UInt8(ascii: "."))
            _ = ByteBuffer.writeCounted(tag: Marker.identifier, column, at: next + 1)
        }
    }

    private init(bytes: ByteBuffer) {
        self.bytes = bytes
    }

    /// An empty fragment with room for about `length` bytes of SQL, to be built in one buffer.
    init(reservingCapacity length: Int) {
        self.init(bytes: ByteBuffer(capacity: length))
    }

    /// `"table"`, or `"table" AS "alias"` when they differ: a `FROM` item, in one buffer.
    static func tableReference(_ table: String, alias: String) -> SQLFragment {
        var fragment = SQLFragment(reservingCapacity: table.utf8.count + 5 + (alias != table ? alias.utf8.count + 9 : 0) + 32)
        fragment.appendTableReference(table, alias: alias)
        return fragment
    }

    /// Appends `"table"`, or `"table" AS "alias"` when they differ, in place.
    mutating func appendTableReference(_ table: String, alias: String) {
        appendIdentifier(table)
        if alias != table {
            appendText(" AS ")
            appendIdentifier(alias)
        }
    }

    // MARK: Reading

    /// The parts of the fragment, in order (adjacent text merged).
    public var segments: [Segment] {
        var segments: [Segment] = []
        forEachPart(
            text: { segments.append(.sql(String(decoding: $0, as: UTF8.self))) },
            identifier: { segments.append(.identifier(String(decoding: $0, as: UTF8.self))) },
            binding: { segments.append(.binding($0)) },
            newline: { segments.append(.newline(indent: $0)) })
        return segments
    }

    /// The slot when the fragment is one binding and nothing else.
    public var singleBinding: BindingSlot? {
        guard isSingleBinding else { return nil }
        return bytes.withUnsafeBufferPointer { BindingSlotBytes.read(at: 1, in: $0).slot }
    }

    /// Whether the fragment is one binding and nothing else (without reading the slot).
    var isSingleBinding: Bool {
        guard bytes.count > 1 else { return false }
        return bytes.withUnsafeBufferPointer { bytes in
            bytes[0] == Marker.binding && 1 + BindingSlotBytes.length(at: 1, in: bytes) == bytes.count
        }
    }

    /// About the length of its SQL text (identifiers' quotes aside; a bound value's bytes stand
    /// for its placeholder), to size buffers.
    var estimatedLength: Int { bytes.count }

    /// Whether the fragment is the SQL text `NULL` alone.
    public var isNullLiteral: Bool {
        bytes.count == 4
            && bytes.withUnsafeBufferPointer {
                $0[0] == UInt8(ascii: "N") && $0[1] == UInt8(ascii: "U") && $0[2] == UInt8(ascii: "L") && $0[3] == UInt8(ascii: "L")
            }
    }

    /// Calls the handler of each part in order: runs of text, identifiers (their unquoted
    /// UTF-8), bindings and line breaks.
    func forEachPart(
        text: (UnsafeBufferPointer<UInt8>) -> Void, identifier: (UnsafeBufferPointer<UInt8>) -> Void, binding: (BindingSlot) -> Void,
        newline: (Int) -> Void
    ) {
        bytes.withUnsafeBufferPointer { bytes in
            var index = 0
            let count = bytes.count
            while index < count {
                switch bytes[index] {
                case Marker.identifier:
                    let name = ByteBuffer.countedPayload(at: index, in: bytes)
                    identifier(name)
                    index += 5 + name.count
                case Marker.binding:
                    let (slot, length) = BindingSlotBytes.read(at: index + 1, in: bytes)
                    binding(slot)
                    index += 1 + length
                case Marker.newline:
                    newline(Self.newlineIndent(at: index, in: bytes))
                    index += 2
                default:
                    var end = index + 1
                    while end < count, bytes[end] >= Marker.end { end += 1 }
                    text(UnsafeBufferPointer(rebasing: bytes[index..<end]))
                    index = end
                }
            }
        }
    }

    /// The indent of the line break whose marker is at `index`.
    static func newlineIndent(at index: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Int {
        precondition(index + 1 < bytes.count, malformed)
        return Int(bytes[index + 1])
    }

    // MARK: Building

    /// SQL text from a literal in Sift's source: a value cannot be written this way. Its bytes are
    /// copied from where the binary holds them. (Text Sift builds, such as a function's name,
    /// goes through ``appendText(sift:)``.)
    mutating func appendText(_ text: StaticString) {
        bytes.append(literal: text)
        assert(!UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount).contains { $0 < Marker.end }, "SQL text with a control character")
    }

    /// SQL text Sift made from its own names (a function's, a dialect's keyword), never from input.
    mutating func appendText(sift text: String) {
        bytes.append(utf8: text)
        assert(!text.utf8.contains { $0 < Marker.end }, "SQL text with a control character")
    }

    private mutating func appendIdentifier(_ name: String) {
        // Read in place when it can be (as `ByteBuffer.append(utf8:)` does).
        if let done: Void = name.utf8.withContiguousStorageIfAvailable({ appendIdentifier(utf8: $0) }) { return done }
        var name = name
        name.withUTF8 { appendIdentifier(utf8: $0) }
    }

    /// The marker, then the length in four bytes, little-endian, then the name.
    private mutating func appendIdentifier(utf8: UnsafeBufferPointer<UInt8>) {
        bytes.appendCounted(tag: Marker.identifier, utf8)
    }

    mutating func appendBinding(_ slot: BindingSlot) {
        bytes.append(Marker.binding)
        BindingSlotBytes.append(slot, to: &bytes)
    }

    mutating func appendNewline(indent: Int) {
        bytes.append(Marker.newline)
        bytes.append(UInt8(clamping: indent))
    }

    // The left side is consumed: in a chain `a + " AND " + b` each intermediate result is
    // appended to in place instead of copied.
    /// `lhs` followed by `rhs`.
    public static func + (lhs: consuming SQLFragment, rhs: SQLFragment) -> SQLFragment {
        var result = lhs
        result += rhs
        return result
    }

    /// `lhs` followed by the SQL text `rhs`.
    public static func + (lhs: consuming SQLFragment, rhs: StaticString) -> SQLFragment {
        var result = lhs
        result.appendText(rhs)
        return result
    }

    /// The SQL text `lhs` followed by `rhs`.
    public static func + (lhs: StaticString, rhs: SQLFragment) -> SQLFragment {
        var result = SQLFragment(bytes: ByteBuffer(capacity: lhs.utf8CodeUnitCount + rhs.bytes.count + 64))
        result.appendText(lhs)
        result.bytes.append(rhs.bytes)
        return result
    }

    /// Appends `rhs`.
    public static func += (lhs: inout SQLFragment, rhs: SQLFragment) {
        lhs.bytes.append(rhs.bytes)
    }

    /// Appends the SQL text `rhs`.
    public static func += (lhs: inout SQLFragment, rhs: StaticString) { lhs.appendText(rhs) }

    /// The fragments joined by a separator.
    public static func joined(_ parts: [SQLFragment], separator: StaticString) -> SQLFragment {
        var result = SQLFragment(bytes: ByteBuffer(capacity: parts.reduce(0) { $0 + $1.bytes.count } + parts.count * separator.utf8CodeUnitCount))
        for (index, part) in parts.enumerated() {
            if index > 0 { result.appendText(separator) }
            result += part
        }
        return result
    }

    /// `sift_name(first)` or `sift_name(first, second)`, a call of one of Sift's functions in
    /// Sift's dialect, in one buffer (joining the parts made three, and the name a string).
    static func siftCall(_ function: SiftFunction, _ first: SQLFragment, _ second: SQLFragment?) -> SQLFragment {
        var result = SQLFragment(reservingCapacity: first.bytes.count + (second?.bytes.count ?? 0) + 64)
        result.appendSiftCall(function, first, second)
        return result
    }

    /// Appends ``siftCall(_:_:_:)``'s call in place.
    mutating func appendSiftCall(_ function: SiftFunction, _ first: SQLFragment, _ second: SQLFragment?) {
        appendSiftCall(function) { call in
            call += first
            if let second {
                call.appendText(", ")
                call += second
            }
        }
    }

    /// Appends `sift_name(`, what `arguments` appends, then `)`: a call of one of Sift's
    /// functions in Sift's dialect, written in place.
    mutating func appendSiftCall(_ function: SiftFunction, arguments: (inout SQLFragment) -> Void) {
        appendCallOpening(function)
        arguments(&self)
        appendText(")")
    }

    /// Appends ` COLLATE "name"`: the collation of Sift's dialect for a string comparator.
    mutating func appendCollation(_ comparator: StringComparatorCollation) {
        appendText(" COLLATE ")
        appendIdentifier(SiftCollation(comparator).sqlName)
    }

    /// `sift_name(`: the function's ``SiftFunction/sqlName`` written without making it a string.
    private mutating func appendCallOpening(_ function: SiftFunction) {
        appendText("sift_")
        appendText(sift: function.rawValue)
        appendText("(")
    }

    /// `sift_name(a, b, ...)`, in one buffer.
    static func siftCall(_ function: SiftFunction, _ arguments: [SQLFragment]) -> SQLFragment {
        var result = SQLFragment(reservingCapacity: arguments.reduce(0) { $0 + $1.bytes.count + 2 } + 64)
        result.appendCallOpening(function)
        for (index, argument) in arguments.enumerated() {
            if index > 0 { result.appendText(", ") }
            result += argument
        }
        result.appendText(")")
        return result
    }

    /// `(fragment)`.
    public var parenthesized: SQLFragment { "(" + self + ")" }

    /// The SQL text (identifiers quoted by `dialect`, bindings numbered in order of appearance, a
    /// named parameter once) and the bindings of its placeholders.
    public func rendered(readable: Bool = false, dialect: any SQLDialect = SQLiteDialect()) -> (text: String, bindings: [BindingSlot]) {
        let rendered = render(in: dialect, readable: readable)
        return (rendered.text, rendered.bindings)
    }
}
