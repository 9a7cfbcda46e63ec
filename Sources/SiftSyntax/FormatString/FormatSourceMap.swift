/// The text of a format string with, for each of its bytes, where that byte is in the query's
/// source: diagnostics about the format language point inside the Swift literal that holds it,
/// escapes included (`\"` in the source is one `"` of the format string).
struct FormatSourceMap {
    /// The format string's UTF-8 bytes, escapes decoded.
    let bytes: [UInt8]
    /// `offsets[i]` is the source offset of `bytes[i]`; `offsets[bytes.count]` is where the
    /// content ends (the closing quote).
    let offsets: [Int]

    /// The map of a Swift string literal written at `range` of `source`, whose decoded value
    /// (as the lexer decoded it) is `value`. When the literal's layout is not one this reads
    /// byte by byte (a multi-line literal), every byte maps to the start of its content.
    init(literalAt range: SourceRange, value: String, in source: SourceFile) {
        let text = source.bytes
        var start = range.start
        var hashes = 0
        while start < range.end, text[start] == UInt8(ascii: "#") {
            hashes += 1
            start += 1
        }
        let isMultiline = start + 2 < range.end && text[start + 1] == UInt8(ascii: "\"") && text[start + 2] == UInt8(ascii: "\"")
        let contentStart = start + 1
        let contentEnd = range.end - 1 - hashes
        let expected = Array(value.utf8)
        if !isMultiline, contentStart <= contentEnd, contentEnd <= text.count,
            let decoded = Self.decode(text, from: contentStart, to: contentEnd, hashes: hashes), decoded.bytes == expected
        {
            bytes = decoded.bytes
            offsets = decoded.offsets + [contentEnd]
            return
        }
        if isMultiline, let decoded = Self.decodeMultiline(text, from: start + 3, to: range.end - 3 - hashes, hashes: hashes),
            decoded.bytes == expected
        {
            bytes = decoded.bytes
            offsets = decoded.offsets + [decoded.offsets.last.map { $0 + 1 } ?? start + 3]
            return
        }
        bytes = expected
        let anchor = min(contentStart + (isMultiline ? 2 : 0), range.end)
        offsets = Array(repeating: anchor, count: expected.count + 1)
    }

    /// A map of text that is itself the source (a format string typed at the prompt without quotes).
    init(text: [UInt8], startingAt start: Int) {
        bytes = text
        offsets = Array(start...(start + text.count))
    }

    /// The source range of the format-string bytes `lower..<upper`.
    func sourceRange(_ lower: Int, _ upper: Int) -> SourceRange {
        let lower = min(max(lower, 0), bytes.count)
        let upper = min(max(upper, lower), bytes.count)
        if upper == lower { return .point(offsets[lower]) }
        // The end is just past the last byte's source: a byte from an escape maps to the escape's
        // start, so the range covers the whole escape when it is the last byte.
        var end = offsets[upper]
        if end <= offsets[upper - 1] { end = offsets[upper - 1] + 1 }
        return SourceRange(start: offsets[lower], end: end)
    }

    /// The bytes of a multi-line literal's content (`start` just past the opening `"""`, `end` at
    /// the closing one) with each byte's source offset: the lines between the delimiters' lines,
    /// each without the closing delimiter's indentation, joined by their newlines; nil for a
    /// layout this does not read (a line continuation, an interpolation).
    private static func decodeMultiline(_ text: [UInt8], from start: Int, to end: Int, hashes: Int) -> (bytes: [UInt8], offsets: [Int])? {
        guard start <= end, end <= text.count, let firstNewline = text[start..<end].firstIndex(of: 0x0A) else { return nil }
        var closingLineStart = end
        while closingLineStart > firstNewline + 1, text[closingLineStart - 1] != 0x0A { closingLineStart -= 1 }
        let indentation = end - closingLineStart
        guard text[closingLineStart..<end].allSatisfy({ $0 == 0x20 || $0 == 0x09 }) else { return nil }
        var bytes: [UInt8] = []
        var offsets: [Int] = []
        var lineStart = firstNewline + 1
        // The content ends before the newline that precedes the closing delimiter's line.
        let contentEnd = closingLineStart - 1
        guard lineStart <= contentEnd else { return ([], []) }
        while lineStart <= contentEnd {
            let lineEnd = text[lineStart..<contentEnd].firstIndex(of: 0x0A) ?? contentEnd
            var from = lineStart
            while from < lineEnd, from - lineStart < indentation, text[from] == 0x20 || text[from] == 0x09 { from += 1 }
            guard let line = decode(text, from: from, to: lineEnd, hashes: hashes) else { return nil }
            bytes += line.bytes
            offsets += line.offsets
            if lineEnd < contentEnd {
                bytes.append(0x0A)
                offsets.append(lineEnd)
            }
            lineStart = lineEnd + 1
        }
        return (bytes, offsets)
    }

    /// The bytes of a single-line literal's content with each byte's source offset, or nil when
    /// it holds something this does not decode (an interpolation, a malformed escape).
    private static func decode(_ text: [UInt8], from start: Int, to end: Int, hashes: Int) -> (bytes: [UInt8], offsets: [Int])? {
        var bytes: [UInt8] = []
        var offsets: [Int] = []
        bytes.reserveCapacity(end - start)
        offsets.reserveCapacity(end - start + 1)
        var index = start
        while index < end {
            let byte = text[index]
            guard byte == UInt8(ascii: "\\") else {
                bytes.append(byte)
                offsets.append(index)
                index += 1
                continue
            }
            // A raw literal's escapes are `\#n`: with fewer hashes the backslash is plain text.
            var after = index + 1
            var seen = 0
            while seen < hashes, after < end, text[after] == UInt8(ascii: "#") {
                seen += 1
                after += 1
            }
            if seen < hashes || after >= end {
                bytes.append(byte)
                offsets.append(index)
                index += 1
                continue
            }
            let escaped = text[after]
            var produced: [UInt8]
            var next = after + 1
            switch escaped {
            case UInt8(ascii: "n"): produced = [0x0A]
            case UInt8(ascii: "t"): produced = [0x09]
            case UInt8(ascii: "r"): produced = [0x0D]
            case UInt8(ascii: "0"): produced = [0]
            case UInt8(ascii: "\\"), UInt8(ascii: "\""), UInt8(ascii: "'"): produced = [escaped]
            case UInt8(ascii: "u"):
                guard next < end, text[next] == UInt8(ascii: "{"), let close = text[next..<end].firstIndex(of: UInt8(ascii: "}")),
                    let scalarValue = UInt32(String(decoding: text[(next + 1)..<close], as: UTF8.self), radix: 16),
                    let scalar = Unicode.Scalar(scalarValue)
                else { return nil }
                produced = Array(String(Character(scalar)).utf8)
                next = close + 1
            default: return nil
            }
            for value in produced {
                bytes.append(value)
                offsets.append(index)
            }
            index = next
        }
        return (bytes, offsets)
    }
}
