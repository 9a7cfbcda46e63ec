/// Scans one string literal (plain, raw `#"..."#`, multi-line `"""`) on UTF-8 bytes: finds its end,
/// decodes its value (escapes, multi-line indentation) and reports what is wrong with it.
///
/// The lexer runs it once per literal and keeps the decoded value, so the parser never rescans.
struct StringLiteralScanner {
    /// What scanning one literal found.
    struct Result {
        /// The offset just past the literal (or where the unterminated literal stops).
        var end: Int
        var value: String
        var isMultiline: Bool
        /// `false` when the closing delimiter is missing.
        var isTerminated: Bool
    }

    let bytes: [UInt8]
    var diagnostics: [Diagnostic] = []

    init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    private static let quote = UInt8(ascii: "\"")
    private static let hash = UInt8(ascii: "#")
    private static let backslash = UInt8(ascii: "\\")
    private static let newline = UInt8(ascii: "\n")
    private static let carriageReturn = UInt8(ascii: "\r")

    /// Scans the literal starting at `start` (its first `#` or `"`).
    mutating func scan(from start: Int) -> Result {
        var index = start
        var hashes = 0
        while index < bytes.count, bytes[index] == Self.hash {
            hashes += 1
            index += 1
        }
        if index + 2 < bytes.count, bytes[index + 1] == Self.quote, bytes[index + 2] == Self.quote {
            return scanMultiline(start: start, contentStart: index + 3, hashes: hashes)
        }
        return scanSingleLine(start: start, contentStart: index + 1, hashes: hashes)
    }

    /// Whether `hashes` `#` follow at `offset`.
    private func hashesFollow(_ offset: Int, _ hashes: Int) -> Bool {
        guard hashes > 0 else { return true }
        guard offset + hashes <= bytes.count else { return false }
        for index in offset..<offset + hashes where bytes[index] != Self.hash { return false }
        return true
    }

    private mutating func scanSingleLine(start: Int, contentStart: Int, hashes: Int) -> Result {
        // Most literals have no escape: their value is their bytes, made into a String at once.
        var end = contentStart
        while end < bytes.count {
            let byte = bytes[end]
            if byte == Self.backslash || byte == Self.newline || byte == Self.carriageReturn { break }
            if byte == Self.quote, hashesFollow(end + 1, hashes) {
                return Result(
                    end: end + 1 + hashes, value: bytes.utf8String(contentStart..<end), isMultiline: false,
                    isTerminated: true)
            }
            end += 1
        }
        var value: [UInt8] = []
        // `contentStart` may lie past the end (a `#` run ending the input): then nothing is copied.
        if end > contentStart {
            value.reserveCapacity(end - contentStart + 16)
            value.append(contentsOf: bytes[contentStart..<end])
        }
        var index = end
        while index < bytes.count {
            let byte = bytes[index]
            if byte == Self.quote, hashesFollow(index + 1, hashes) {
                return Result(
                    end: index + 1 + hashes, value: String(decoding: value, as: UTF8.self), isMultiline: false,
                    isTerminated: true)
            }
            if byte == Self.newline || byte == Self.carriageReturn { break }
            if byte == Self.backslash, hashesFollow(index + 1, hashes) {
                index = decodeEscape(
                    at: index, hashes: hashes, into: &value, literalStart: start, multiline: false,
                    lineEnd: nil)
                continue
            }
            value.append(byte)
            index += 1
        }
        diagnostics.append(
            .error(.unterminatedString, "unterminated string literal", at: .point(start)))
        return Result(end: index, value: String(decoding: value, as: UTF8.self), isMultiline: false, isTerminated: false)
    }

    /// Decodes the escape whose backslash is at `backslashOffset`; returns the offset after it.
    private mutating func decodeEscape(
        at backslashOffset: Int, hashes: Int, into value: inout [UInt8], literalStart: Int, multiline: Bool,
        lineEnd: Int?
    ) -> Int {
        let index = backslashOffset + 1 + hashes
        guard index < bytes.count, index < (lineEnd ?? bytes.count) else {
            diagnostics.append(
                .error(
                    .invalidEscape, "invalid escape sequence in string literal; write '\\\\' for a backslash",
                    at: SourceRange(start: backslashOffset, end: index),
                    fixIts: [.insert("\\", at: backslashOffset)]))
            return index
        }
        let escaped = bytes[index]
        switch escaped {
        case UInt8(ascii: "n"): value.append(Self.newline)
        case UInt8(ascii: "t"): value.append(UInt8(ascii: "\t"))
        case UInt8(ascii: "r"): value.append(Self.carriageReturn)
        case UInt8(ascii: "0"): value.append(0)
        case UInt8(ascii: "\\"), UInt8(ascii: "\""), UInt8(ascii: "'"): value.append(escaped)
        case UInt8(ascii: "u"): return decodeUnicodeEscape(backslashOffset: backslashOffset, at: index + 1, into: &value)
        case UInt8(ascii: "("):
            return skipInterpolation(
                backslashOffset: backslashOffset, openParen: index, literalStart: literalStart, hashes: hashes,
                multiline: multiline)
        default:
            var length = 1
            if escaped >= 0x80, let scalar = CharacterClasses.decodeScalar(bytes, at: index) {
                length = scalar.length
            }
            let range = SourceRange(start: backslashOffset, end: index + length)
            let text = String(decoding: bytes[range.start..<range.end], as: UTF8.self)
            diagnostics.append(
                .error(
                    .invalidEscape,
                    "invalid escape sequence '\(text)' in string literal; write '\\\\' for a backslash",
                    at: range, fixIts: [.insert("\\", at: backslashOffset)]))
            return index + length
        }
        return index + 1
    }

    /// `\u{1F600}`: 1 to 8 hexadecimal digits naming a Unicode scalar (not a surrogate).
    private mutating func decodeUnicodeEscape(backslashOffset: Int, at braceOffset: Int, into value: inout [UInt8])
        -> Int
    {
        guard braceOffset < bytes.count, bytes[braceOffset] == UInt8(ascii: "{") else {
            diagnostics.append(
                .error(
                    .invalidUnicodeEscape,
                    "expected hexadecimal code in braces after unicode escape, such as '\\u{1F600}'",
                    at: SourceRange(start: backslashOffset, end: braceOffset)))
            return braceOffset
        }
        var index = braceOffset + 1
        var scalar: UInt32 = 0
        var digits = 0
        while index < bytes.count, let digit = CharacterClasses.hexValue(bytes[index]) {
            if digits < 9 { scalar = scalar &* 16 &+ digit }
            digits += 1
            index += 1
        }
        guard index < bytes.count, bytes[index] == UInt8(ascii: "}"), digits > 0 else {
            diagnostics.append(
                .error(
                    .invalidUnicodeEscape,
                    "expected hexadecimal code in braces after unicode escape, such as '\\u{1F600}'",
                    at: SourceRange(start: backslashOffset, end: index)))
            return index
        }
        let range = SourceRange(start: backslashOffset, end: index + 1)
        if digits > 8 {
            diagnostics.append(
                .error(.invalidUnicodeEscape, "unicode escape has more than 8 hexadecimal digits", at: range))
        } else if let unicode = Unicode.Scalar(scalar) {
            value.append(contentsOf: Array(String(Character(unicode)).utf8))
        } else {
            let what = (0xD800...0xDFFF).contains(scalar) ? "a surrogate" : "beyond U+10FFFF"
            diagnostics.append(
                .error(
                    .invalidUnicodeEscape,
                    "invalid unicode scalar U+\(CharacterClasses.hex4(scalar)) (\(what)) in string literal",
                    at: range))
        }
        return index + 1
    }

    /// `\(...)`: rejected; skips to the matching `)` (nested parentheses and strings included).
    private mutating func skipInterpolation(
        backslashOffset: Int, openParen: Int, literalStart: Int, hashes: Int, multiline: Bool
    ) -> Int {
        var depth = 0
        var index = openParen
        var closed = false
        scanning: while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: "("): depth += 1
            case UInt8(ascii: ")"):
                depth -= 1
                if depth == 0 {
                    index += 1
                    closed = true
                    break scanning
                }
            case Self.newline, Self.carriageReturn:
                if !multiline { break scanning }
            case Self.quote:
                // A nested string literal: skip it (escapes included) on the same line.
                index += 1
                while index < bytes.count, bytes[index] != Self.quote, bytes[index] != Self.newline {
                    if bytes[index] == Self.backslash { index += 1 }
                    index += 1
                }
            default: break
            }
            index += 1
        }
        index = min(index, bytes.count)
        let range = SourceRange(start: backslashOffset, end: index)
        let inner = closed ? trimmed(openParen + 1, index - 1) : nil
        var name = "searchString"
        var fixIts: [Diagnostic.FixIt] = []
        if let inner, isPlainIdentifier(inner) {
            name = String(decoding: bytes[inner.start..<inner.end], as: UTF8.self)
            // `"\(name)"` as the whole literal: the parameter itself replaces it.
            let literalOpen = literalStart + hashes + 1
            if !multiline, backslashOffset == literalOpen, index < bytes.count, bytes[index] == Self.quote,
                hashesFollow(index + 1, hashes)
            {
                fixIts.append(
                    Diagnostic.FixIt(replace: SourceRange(start: literalStart, end: index + 1 + hashes), with: name))
            }
        }
        diagnostics.append(
            .error(
                .stringInterpolation,
                "string interpolation is not supported in a query; use a named parameter such as '\(name)' instead",
                at: range, fixIts: fixIts))
        return index
    }

    private func trimmed(_ start: Int, _ end: Int) -> SourceRange {
        var start = start
        var end = end
        while start < end, CharacterClasses.isWhitespace(bytes[start]) { start += 1 }
        while end > start, CharacterClasses.isWhitespace(bytes[end - 1]) { end -= 1 }
        return SourceRange(start: start, end: end)
    }

    private func isPlainIdentifier(_ range: SourceRange) -> Bool {
        guard !range.isEmpty, !CharacterClasses.isDigit(bytes[range.start]) else { return false }
        for index in range.start..<range.end {
            let byte = bytes[index]
            if byte < 0x80 && !CharacterClasses.isASCIIIdentifierCharacter(byte) { return false }
        }
        return true
    }

    // MARK: Multi-line

    private mutating func scanMultiline(start: Int, contentStart: Int, hashes: Int) -> Result {
        // The closing delimiter: `"""` followed by the hashes, skipping escaped characters.
        var index = contentStart
        var closing: Int?
        while index < bytes.count {
            let byte = bytes[index]
            if byte == Self.quote, index + 2 < bytes.count, bytes[index + 1] == Self.quote,
                bytes[index + 2] == Self.quote, hashesFollow(index + 3, hashes)
            {
                closing = index
                break
            }
            if byte == Self.backslash, hashesFollow(index + 1, hashes) {
                index += 2 + hashes
                continue
            }
            index += 1
        }
        guard let closing else {
            diagnostics.append(
                .error(
                    .unterminatedString, "unterminated multi-line string literal; close it with '\"\"\"'",
                    at: SourceRange(start: start, end: contentStart)))
            return Result(end: bytes.count, value: "", isMultiline: true, isTerminated: false)
        }
        let end = closing + 3 + hashes

        // Content must begin on the line after the opening delimiter.
        var firstLineEnd = contentStart
        while firstLineEnd < closing, bytes[firstLineEnd] == 0x20 || bytes[firstLineEnd] == 0x09
            || bytes[firstLineEnd] == Self.carriageReturn
        {
            firstLineEnd += 1
        }
        guard firstLineEnd < closing, bytes[firstLineEnd] == Self.newline else {
            diagnostics.append(
                .error(
                    .multilineStringLayout,
                    "multi-line string literal content must begin on a new line after '\"\"\"'",
                    at: .point(firstLineEnd)))
            return Result(end: end, value: "", isMultiline: true, isTerminated: true)
        }

        // The closing delimiter must be alone on its line; its indentation is removed from every line.
        var lineStart = closing
        while lineStart > contentStart, bytes[lineStart - 1] != Self.newline { lineStart -= 1 }
        var indentationIsWhitespace = true
        for offset in lineStart..<closing where bytes[offset] != 0x20 && bytes[offset] != 0x09 {
            indentationIsWhitespace = false
        }
        guard indentationIsWhitespace, lineStart > firstLineEnd else {
            diagnostics.append(
                .error(
                    .multilineStringLayout,
                    "multi-line string literal closing delimiter must begin on a new line",
                    at: .point(closing)))
            return Result(end: end, value: "", isMultiline: true, isTerminated: true)
        }
        let indentation = Array(bytes[lineStart..<closing])

        var value: [UInt8] = []
        var line = firstLineEnd + 1
        let contentEnd = lineStart  // just after the last content newline
        var isFirstLine = true
        var continuesPreviousLine = false
        while line < contentEnd {
            var lineEnd = line
            while lineEnd < contentEnd, bytes[lineEnd] != Self.newline { lineEnd += 1 }
            var textEnd = lineEnd
            if textEnd > line, bytes[textEnd - 1] == Self.carriageReturn { textEnd -= 1 }
            if !isFirstLine && !continuesPreviousLine { value.append(Self.newline) }
            isFirstLine = false
            continuesPreviousLine = false

            var textStart = line
            if textEnd - line >= indentation.count, bytes[line..<line + indentation.count].elementsEqual(indentation) {
                textStart = line + indentation.count
            } else if bytes[line..<textEnd].allSatisfy({ $0 == 0x20 || $0 == 0x09 }) {
                textStart = textEnd
            } else {
                diagnostics.append(
                    .error(
                        .multilineStringLayout,
                        "insufficient indentation of line in multi-line string literal; indent it at least as much as the closing '\"\"\"'",
                        at: .point(line)))
                textStart = line
                while textStart < textEnd, bytes[textStart] == 0x20 || bytes[textStart] == 0x09 { textStart += 1 }
            }

            var index = textStart
            while index < textEnd {
                let byte = bytes[index]
                if byte == Self.backslash, hashesFollow(index + 1, hashes) {
                    let escaped = index + 1 + hashes
                    if escaped >= textEnd {
                        // `\` at the end of a line: a line continuation.
                        continuesPreviousLine = true
                        index = textEnd
                        continue
                    }
                    index = decodeEscape(
                        at: index, hashes: hashes, into: &value, literalStart: start, multiline: true,
                        lineEnd: textEnd)
                    continue
                }
                value.append(byte)
                index += 1
            }
            line = lineEnd + 1
        }
        return Result(end: end, value: String(decoding: value, as: UTF8.self), isMultiline: true, isTerminated: true)
    }
}
