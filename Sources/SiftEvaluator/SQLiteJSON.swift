/// A JSON text as SQLite 3.40's JSON functions read it (RFC 8259: objects, arrays, strings whose
/// control characters are escaped, numbers without leading zeros, `true`, `false`, `null`, blanks
/// of space, tab, line feed and carriage return): nil for a text they reject ("malformed JSON").
/// `minified` is what `json(x)` writes (the blanks outside strings left out, strings and numbers
/// kept as written); `arrayLength` is `json_array_length(x)` (0 for a value that is no array).
struct SQLiteJSON {
    /// The text without its blanks, as `json(x)` gives it.
    let minified: String
    /// The elements of the top-level array, 0 when the value is not an array.
    let arrayLength: Int

    /// Arrays and objects nested deeper than this are left to SQLite (which reads 2000 levels):
    /// the scanner recurses once per level.
    static let maximumDepth = 200

    /// The text read as SQLite reads it; nil when SQLite rejects it.
    init?(_ text: String) {
        guard case .json(let json) = Self.read(text) else { return nil }
        self = json
    }

    private init(minified: String, arrayLength: Int) {
        self.minified = minified
        self.arrayLength = arrayLength
    }

    /// What reading a text gives: its JSON, SQLite's "malformed JSON", or a nesting too deep for
    /// this scanner (``maximumDepth``), whose answer only SQLite gives.
    enum Reading {
        case json(SQLiteJSON)
        case malformed
        case tooDeep
    }

    static func read(_ text: String) -> Reading {
        var scanner = Scanner(bytes: Array(text.utf8))
        scanner.skipBlanks()
        let length = scanner.value(depth: 0)
        if scanner.isTooDeep { return .tooDeep }
        guard let length else { return .malformed }
        scanner.skipBlanks()
        guard scanner.index == scanner.bytes.count else { return .malformed }
        return .json(SQLiteJSON(minified: String(decoding: scanner.output, as: UTF8.self), arrayLength: length))
    }

    private struct Scanner {
        let bytes: [UInt8]
        var index = 0
        var output: [UInt8] = []
        var isTooDeep = false

        init(bytes: [UInt8]) { self.bytes = bytes }

        var current: UInt8? { index < bytes.count ? bytes[index] : nil }

        mutating func skipBlanks() {
            while let byte = current, byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D { index += 1 }
        }

        mutating func take(_ byte: UInt8) -> Bool {
            guard current == byte else { return false }
            output.append(byte)
            index += 1
            return true
        }

        /// One value; the element count when it is an array (0 otherwise), nil when malformed
        /// (or nested deeper than ``SQLiteJSON/maximumDepth``: then `isTooDeep`).
        mutating func value(depth: Int) -> Int? {
            if depth > SQLiteJSON.maximumDepth {
                isTooDeep = true
                return nil
            }
            guard let byte = current else { return nil }
            switch byte {
            case UInt8(ascii: "["):
                _ = take(byte)
                skipBlanks()
                if take(UInt8(ascii: "]")) { return 0 }
                var count = 0
                while true {
                    skipBlanks()
                    guard value(depth: depth + 1) != nil else { return nil }
                    count += 1
                    skipBlanks()
                    if take(UInt8(ascii: ",")) { continue }
                    return take(UInt8(ascii: "]")) ? count : nil
                }
            case UInt8(ascii: "{"):
                _ = take(byte)
                skipBlanks()
                if take(UInt8(ascii: "}")) { return 0 }
                while true {
                    skipBlanks()
                    guard current == UInt8(ascii: "\""), string() else { return nil }
                    skipBlanks()
                    guard take(UInt8(ascii: ":")) else { return nil }
                    skipBlanks()
                    guard value(depth: depth + 1) != nil else { return nil }
                    skipBlanks()
                    if take(UInt8(ascii: ",")) { continue }
                    return take(UInt8(ascii: "}")) ? 0 : nil
                }
            case UInt8(ascii: "\""):
                return string() ? 0 : nil
            case UInt8(ascii: "t"), UInt8(ascii: "f"), UInt8(ascii: "n"):
                for word in ["true", "false", "null"] where bytes[index...].starts(with: word.utf8) {
                    output.append(contentsOf: word.utf8)
                    index += word.utf8.count
                    // A letter or digit right after the word makes another word, which SQLite rejects.
                    if let next = current, ((next | 0x20) >= UInt8(ascii: "a") && (next | 0x20) <= UInt8(ascii: "z")) || (next >= 0x30 && next <= 0x39) {
                        return nil
                    }
                    return 0
                }
                return nil
            default:
                return number() ? 0 : nil
            }
        }

        /// A string, its escapes kept as written.
        mutating func string() -> Bool {
            guard take(UInt8(ascii: "\"")) else { return false }
            while let byte = current {
                if byte < 0x20 { return false }
                output.append(byte)
                index += 1
                if byte == UInt8(ascii: "\"") { return true }
                if byte == UInt8(ascii: "\\") {
                    guard let escaped = current else { return false }
                    output.append(escaped)
                    index += 1
                    switch escaped {
                    case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"), UInt8(ascii: "f"),
                        UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
                        continue
                    case UInt8(ascii: "u"):
                        for _ in 0..<4 {
                            guard let hex = current, (hex >= 0x30 && hex <= 0x39) || ((hex | 0x20) >= 0x61 && (hex | 0x20) <= 0x66) else { return false }
                            output.append(hex)
                            index += 1
                        }
                    default:
                        return false
                    }
                }
            }
            return false
        }

        /// `-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?`.
        mutating func number() -> Bool {
            func digits(_ scanner: inout Scanner) -> Int {
                var count = 0
                while let byte = scanner.current, byte >= 0x30, byte <= 0x39 {
                    scanner.output.append(byte)
                    scanner.index += 1
                    count += 1
                }
                return count
            }
            _ = take(UInt8(ascii: "-"))
            if current == UInt8(ascii: "0") {
                _ = take(UInt8(ascii: "0"))
                if let next = current, next >= 0x30, next <= 0x39 { return false }
            } else if digits(&self) == 0 {
                return false
            }
            if take(UInt8(ascii: ".")), digits(&self) == 0 { return false }
            if take(UInt8(ascii: "e")) || take(UInt8(ascii: "E")) {
                if !take(UInt8(ascii: "+")) { _ = take(UInt8(ascii: "-")) }
                if digits(&self) == 0 { return false }
            }
            return true
        }
    }
}
