/// The reserved words of the format-string language, matched in any case (`and`, `And`, `AND`).
enum FormatKeyword: String, CaseIterable {
    case and = "AND", or = "OR", not = "NOT"
    case any = "ANY", some = "SOME", all = "ALL", none = "NONE"
    case `in` = "IN", between = "BETWEEN", like = "LIKE", matches = "MATCHES", contains = "CONTAINS"
    case beginsWith = "BEGINSWITH", endsWith = "ENDSWITH"
    case null = "NULL", nilWord = "NIL", `self` = "SELF"
    case `true` = "TRUE", `false` = "FALSE", yes = "YES", no = "NO"
    case truePredicate = "TRUEPREDICATE", falsePredicate = "FALSEPREDICATE"
    case subquery = "SUBQUERY", first = "FIRST", last = "LAST", size = "SIZE"

    /// The keyword spelled `text` in any case, if it is one.
    static func matching(_ text: some Collection<UInt8>) -> FormatKeyword? {
        guard text.count <= 14 else { return nil }
        let upper = String(decoding: text.map { $0 >= 0x61 && $0 <= 0x7A ? $0 - 0x20 : $0 }, as: UTF8.self)
        return FormatKeyword(rawValue: upper)
    }
}

/// One token of a format string; `start..<end` are byte offsets in the format string.
struct FormatToken {
    enum Kind: Equatable {
        /// A name: a key or a type (`#word` escapes a reserved word: the name is `word`).
        case identifier(String)
        /// A reserved word.
        case keyword(FormatKeyword)
        /// `$name`.
        case variable(String)
        /// `@count`, `@sum`, ...: the name after `@`.
        case collectionOperator(String)
        /// `%@`, `%K`, `%d`, ... as written; `%%` is not a specifier (the lexer reads it as `%` text only inside strings).
        case specifier(String)
        /// A quoted string, escapes decoded.
        case string(String)
        /// An integer.
        case integer(Int64)
        /// A floating-point number.
        case real(Double)
        /// `( ) { } [ ] , .` and the operators `== = != <> < <= =< > >= => && || ! + - * /`.
        case symbol(String)
        /// A character or sequence that cannot start a token, with the reason.
        case invalid(String)
        /// The end of the format string.
        case end
    }

    var kind: Kind
    var start: Int
    var end: Int
}

/// Splits a format string into tokens, as `NSPredicate(format:)` reads it.
struct FormatLexer {
    let bytes: [UInt8]
    var index = 0

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    static func tokens(of bytes: [UInt8]) -> [FormatToken] {
        var lexer = FormatLexer(bytes)
        var tokens: [FormatToken] = []
        while true {
            let token = lexer.next()
            tokens.append(token)
            if token.kind == .end { return tokens }
        }
    }

    private func peek(_ offset: Int = 0) -> UInt8? { index + offset < bytes.count ? bytes[index + offset] : nil }

    private static func isIdentifierStart(_ byte: UInt8) -> Bool {
        (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A) || byte == UInt8(ascii: "_") || byte >= 0x80
    }

    private static func isIdentifierPart(_ byte: UInt8) -> Bool {
        isIdentifierStart(byte) || (byte >= 0x30 && byte <= 0x39)
    }

    private static func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }

    mutating func next() -> FormatToken {
        while let byte = peek(), byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D { index += 1 }
        let start = index
        guard let byte = peek() else { return FormatToken(kind: .end, start: start, end: start) }
        func token(_ kind: FormatToken.Kind) -> FormatToken { FormatToken(kind: kind, start: start, end: index) }
        if Self.isIdentifierStart(byte) || byte == UInt8(ascii: "#") {
            let escaped = byte == UInt8(ascii: "#")
            if escaped { index += 1 }
            let nameStart = index
            while let next = peek(), Self.isIdentifierPart(next) { index += 1 }
            if index == nameStart { return token(.invalid("'#' must be followed by a name; it escapes a reserved word, as in '#IN'")) }
            let name = bytes[nameStart..<index]
            if !escaped, let keyword = FormatKeyword.matching(name) { return token(.keyword(keyword)) }
            return token(.identifier(String(decoding: name, as: UTF8.self)))
        }
        if byte == UInt8(ascii: "$") || byte == UInt8(ascii: "@") {
            index += 1
            let nameStart = index
            while let next = peek(), Self.isIdentifierPart(next) { index += 1 }
            let name = String(decoding: bytes[nameStart..<index], as: UTF8.self)
            if name.isEmpty {
                return token(.invalid(byte == UInt8(ascii: "$") ? "'$' must be followed by a variable name, as in '$name'" : "'@' must be followed by a collection operator, such as '@count'"))
            }
            return token(byte == UInt8(ascii: "$") ? .variable(name) : .collectionOperator(name))
        }
        if byte == UInt8(ascii: "%") {
            index += 1
            while let next = peek(), next == UInt8(ascii: "l") || next == UInt8(ascii: "q") || next == UInt8(ascii: "h") { index += 1 }
            guard peek() != nil else { return token(.invalid("'%' must be followed by a format specifier, such as '%@', '%K' or '%d'")) }
            index += 1
            return token(.specifier(String(decoding: bytes[start..<index], as: UTF8.self)))
        }
        if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
            return lexString(quote: byte, start: start)
        }
        if Self.isDigit(byte) || (byte == UInt8(ascii: ".") && peek(1).map(Self.isDigit) == true) {
            return lexNumber(start: start)
        }
        let two = index + 1 < bytes.count ? String(decoding: bytes[index...(index + 1)], as: UTF8.self) : ""
        switch two {
        case "==", "!=", "<>", "<=", "=<", ">=", "=>", "&&", "||":
            index += 2
            return token(.symbol(two))
        default: break
        }
        switch byte {
        case UInt8(ascii: "("), UInt8(ascii: ")"), UInt8(ascii: "{"), UInt8(ascii: "}"), UInt8(ascii: "["), UInt8(ascii: "]"),
            UInt8(ascii: ","), UInt8(ascii: "."), UInt8(ascii: "="), UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "!"),
            UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "*"), UInt8(ascii: "/"):
            index += 1
            return token(.symbol(String(UnicodeScalar(byte))))
        default:
            index += 1
            while let next = peek(), next & 0xC0 == 0x80 { index += 1 }
            return token(.invalid("'\(String(decoding: bytes[start..<index], as: UTF8.self))' cannot start anything in a format string"))
        }
    }

    private mutating func lexString(quote: UInt8, start: Int) -> FormatToken {
        index += 1
        var value: [UInt8] = []
        while let byte = peek() {
            if byte == quote {
                index += 1
                return FormatToken(kind: .string(String(decoding: value, as: UTF8.self)), start: start, end: index)
            }
            if byte == UInt8(ascii: "\\"), let escaped = peek(1) {
                index += 2
                switch escaped {
                case UInt8(ascii: "n"): value.append(0x0A)
                case UInt8(ascii: "t"): value.append(0x09)
                case UInt8(ascii: "r"): value.append(0x0D)
                case UInt8(ascii: "0"): value.append(0)
                default: value.append(escaped)
                }
                continue
            }
            value.append(byte)
            index += 1
        }
        return FormatToken(
            kind: .invalid("unterminated string: add the closing \(quote == UInt8(ascii: "'") ? "'" : "\"")"), start: start, end: index)
    }

    private mutating func lexNumber(start: Int) -> FormatToken {
        if peek() == UInt8(ascii: "0"), let x = peek(1), x == UInt8(ascii: "x") || x == UInt8(ascii: "X") {
            index += 2
            let digitsStart = index
            while let byte = peek(), Self.isIdentifierPart(byte) { index += 1 }
            guard let value = Int64(String(decoding: bytes[digitsStart..<index], as: UTF8.self), radix: 16) else {
                return FormatToken(kind: .invalid("malformed hexadecimal number"), start: start, end: index)
            }
            return FormatToken(kind: .integer(value), start: start, end: index)
        }
        var isReal = false
        while let byte = peek(), Self.isDigit(byte) { index += 1 }
        if peek() == UInt8(ascii: "."), peek(1).map(Self.isDigit) == true {
            isReal = true
            index += 1
            while let byte = peek(), Self.isDigit(byte) { index += 1 }
        }
        if let e = peek(), e == UInt8(ascii: "e") || e == UInt8(ascii: "E") {
            var after = 1
            if let sign = peek(1), sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") { after = 2 }
            if peek(after).map(Self.isDigit) == true {
                isReal = true
                index += after
                while let byte = peek(), Self.isDigit(byte) { index += 1 }
            }
        }
        if let byte = peek(), Self.isIdentifierStart(byte) {
            while let byte = peek(), Self.isIdentifierPart(byte) { index += 1 }
            return FormatToken(kind: .invalid("malformed number"), start: start, end: index)
        }
        let text = String(decoding: bytes[start..<index], as: UTF8.self)
        if !isReal, let value = Int64(text) { return FormatToken(kind: .integer(value), start: start, end: index) }
        guard let value = Double(text), value.isFinite else {
            return FormatToken(kind: .invalid("the number \(text) is out of range"), start: start, end: index)
        }
        return FormatToken(kind: .real(value), start: start, end: index)
    }
}
