// The in-place SQL writer: how Sift's own dialect (SQLite's quoting and `?N` placeholders) turns
// SQL fragments into text without a check or a call per piece. Everything here writes through
// pointers, so what follows must stay true, or the writer reads or writes out of bounds.
//
// Marker bytes. A fragment's bytes (``SQLFragment``) are SQL text, which never holds a byte
// below `SQLFragment.Marker.end` (0x04), and runs that start with one of those marker bytes: an
// identifier (0x01, its length in four bytes little-endian, its UTF-8), a binding (0x02 and its
// slot, ``BindingSlotBytes``), a line break (0x03 and its indent). Sift writes text only from its
// own literals and names (asserted in debug builds); text from outside enters only through
// `SQLFragment(rawSQL:)`, which refuses a marker byte. A reader that meets a counted run whose
// length passes the end of the bytes traps (``ByteBuffer/countedLength(at:in:)``) rather than
// read past them.
//
// Reserved slack. The writer reserves room once per round (``ByteBuffer/reserveAppend(_:)``):
// the fragment's remaining length plus 32 bytes, or what the piece that did not fit needs. Every
// store is checked against the end of that room before it is made: a word needs 8 bytes left, an
// identifier twice its length plus 10 (each quote doubled at worst, two quotes, a word's slack),
// a placeholder 24 (`?` and up to 20 digits), a line break its length. A piece that does not fit
// ends the round; the written bytes are counted (``ByteBuffer/didAppend(_:)``, checked against the
// capacity) and the next round reserves again.
//
// Word over-writes. ``WordScan`` loads eight bytes only where the fragment holds eight bytes
// from that index, and stores eight bytes only where the room has eight left. A store writes
// the whole word but the writer advances only by the run it meant (the text before a marker, the
// rest of a name): the bytes past it are written over by the next piece, or lie past the count
// and are never read. So the buffer's bytes are defined up to its count, and nothing past it.
//
// A dialect other than Sift's own never comes here: the renderer, specialized for its dialect,
// tests the dialect's type once (``SQLRenderer``), and the lowering chooses once per query
// (`LoweringContext.writesInPlace`) whether to build Sift's syntax directly.

/// Writers of Sift's own dialect that work on bytes: the pieces of SQLite's syntax the renderer
/// writes without going through ``SQLDialect``'s strings.
enum InPlaceWriter {
    /// Appends `"name"` for the identifier whose UTF-8 is `bytes`, inner quotes doubled: what
    /// ``SQLiteDialect/quote(identifier:)`` writes, in one pass over the bytes.
    static func appendDoubleQuoted(identifierUTF8 bytes: UnsafeBufferPointer<UInt8>, to text: inout ByteBuffer) {
        // One pass: copy between the quotes, and start over the rare way on an inner quote.
        var clean = true
        text.append(count: bytes.count + 2) { target in
            target[0] = UInt8(ascii: "\"")
            for index in 0..<bytes.count {
                let byte = bytes[index]
                if byte == UInt8(ascii: "\"") { clean = false }
                target[index + 1] = byte
            }
            target[bytes.count + 1] = UInt8(ascii: "\"")
        }
        if !clean {
            text.removeLast(bytes.count + 2)
            text.append(utf8: SQLiteDialect().quote(identifier: String(decoding: bytes, as: UTF8.self)))
        }
    }

    /// Appends `?position`: what ``SQLiteDialect/placeholder(_:)`` writes, without a string.
    static func appendPlaceholder(_ position: Int, to text: inout ByteBuffer) {
        if position > 0, position < 100 {
            // `?7`, `?42`: the digits written directly, no String made.
            let tens = UInt8(position / 10)
            let ones = UInt8(ascii: "0") + UInt8(position % 10)
            if tens == 0 {
                text.append(count: 2) { $0[0] = UInt8(ascii: "?"); $0[1] = ones }
            } else {
                text.append(count: 3) { $0[0] = UInt8(ascii: "?"); $0[1] = UInt8(ascii: "0") + tens; $0[2] = ones }
            }
            return
        }
        text.append(UInt8(ascii: "?"))
        text.append(utf8: String(position))  // a small string: no allocation
    }

    /// Writes `?position` at `target` (room for 21 bytes) and returns where it ends.
    static func writePlaceholder(_ position: Int, at target: UnsafeMutablePointer<UInt8>) -> UnsafeMutablePointer<UInt8> {
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
}

extension SQLRenderer {
    /// A fragment in SQLite's dialect (identifiers in double quotes, placeholders `?N`), written
    /// through a pointer into room reserved for it, about its own length (a marker and its length
    /// become two quotes, a bound value's bytes a short placeholder): the room is reserved once
    /// instead of checked at every piece (each check a uniqueness test of the buffer), and sized
    /// near what is written, since reserving the worst case would grow the query's buffer. Every
    /// write is checked against the room's end: a piece that would pass it starts a
    /// new reservation (a deep line break's indent is appended the general way). Text and names
    /// are copied a word at a time (``WordScan``) where the fragment has a word's bytes left.
    mutating func appendWritingInPlace(_ fragment: SQLFragment) {
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
                        target = InPlaceWriter.writePlaceholder(placeholderPosition(of: slot), at: target)
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
}
