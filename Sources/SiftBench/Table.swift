/// A plain-text table: a header, rows, columns padded to their widest cell.
struct Table {
    enum Alignment { case left, right }

    var columns: [(title: String, alignment: Alignment)]
    var rows: [[String]] = []

    init(_ columns: [(String, Alignment)]) {
        self.columns = columns.map { (title: $0.0, alignment: $0.1) }
    }

    mutating func add(_ row: [String]) { rows.append(row) }

    func render() -> String {
        var widths = columns.map { Format.width($0.title) }
        for row in rows {
            for (index, cell) in row.enumerated() where index < widths.count {
                widths[index] = max(widths[index], Format.width(cell))
            }
        }
        func line(_ cells: [String]) -> String {
            var parts: [String] = []
            for (index, column) in columns.enumerated() {
                let cell = index < cells.count ? cells[index] : ""
                let padding = String(repeating: " ", count: max(0, widths[index] - Format.width(cell)))
                parts.append(column.alignment == .left ? cell + padding : padding + cell)
            }
            var text = parts.joined(separator: "  ")
            while text.hasSuffix(" ") { text.removeLast() }
            return text
        }
        var lines = [line(columns.map(\.title))]
        lines.append(widths.map { String(repeating: "-", count: $0) }.joined(separator: "  "))
        lines += rows.map(line)
        return lines.joined(separator: "\n")
    }
}

/// Number formatting for the tables.
enum Format {
    /// `12.3` with `digits` decimals.
    static func fixed(_ value: Double, _ digits: Int) -> String {
        guard value.isFinite else { return "-" }
        var scale = 1.0
        for _ in 0..<digits { scale *= 10 }
        let rounded = (value * scale).rounded() / scale
        var text = String(rounded)
        if let dot = text.firstIndex(of: ".") {
            let decimals = text.distance(from: text.index(after: dot), to: text.endIndex)
            if digits == 0 {
                text = String(text[..<dot])
            } else if decimals < digits {
                text += String(repeating: "0", count: digits - decimals)
            }
        } else if digits > 0 {
            text += "." + String(repeating: "0", count: digits)
        }
        return text
    }

    /// A scale factor as written on the command line and in file names: `1`, `0.01`, `0.25`.
    static func scale(_ value: Double) -> String {
        var text = String(value)
        if text.hasSuffix(".0") { text.removeLast(2) }
        return text
    }

    /// A count in thousands, `62.1k`.
    static func thousands(_ value: Double) -> String { fixed(value / 1e3, 1) + "k" }

    /// Nanoseconds as microseconds, `3.42`.
    static func microseconds(_ nanoseconds: Double) -> String {
        fixed(nanoseconds / 1e3, nanoseconds < 100_000 ? 2 : 1)
    }

    /// Nanoseconds as milliseconds, `12.34`.
    static func milliseconds(_ nanoseconds: Double) -> String {
        fixed(nanoseconds / 1e6, nanoseconds < 1e7 ? 3 : nanoseconds < 1e8 ? 2 : 1)
    }

    /// A result's minimum–maximum in microseconds.
    static func range(_ result: Result) -> String {
        microseconds(result.minimumNanoseconds) + "–" + microseconds(result.maximumNanoseconds)
    }

    /// A result's minimum–maximum in milliseconds.
    static func rangeMilliseconds(_ result: Result) -> String {
        milliseconds(result.minimumNanoseconds) + "–" + milliseconds(result.maximumNanoseconds)
    }

    /// A duration with its unit: `850 ns`, `3.42 µs`, `12.1 ms`, `1.20 s`.
    static func duration(_ nanoseconds: Double) -> String {
        switch nanoseconds {
        case ..<1e3: fixed(nanoseconds, 0) + " ns"
        case ..<1e6: fixed(nanoseconds / 1e3, nanoseconds < 1e5 ? 2 : 1) + " µs"
        case ..<1e9: fixed(nanoseconds / 1e6, nanoseconds < 1e8 ? 2 : 1) + " ms"
        default: fixed(nanoseconds / 1e9, 2) + " s"
        }
    }

    /// A query's text on one line, shortened to `width` characters.
    static func snippet(_ text: String, width: Int) -> String {
        var collapsed = ""
        var lastWasSpace = false
        for character in text {
            if character.isWhitespace {
                if !lastWasSpace && !collapsed.isEmpty { collapsed.append(" ") }
                lastWasSpace = true
            } else {
                collapsed.append(character)
                lastWasSpace = false
            }
        }
        if collapsed.hasSuffix(" ") { collapsed.removeLast() }
        guard Self.width(collapsed) > width else { return collapsed }
        var shortened = ""
        var used = 0
        for character in collapsed {
            let characterWidth = Self.width(String(character))
            if used + characterWidth > width - 1 { break }
            shortened.append(character)
            used += characterWidth
        }
        return shortened + "…"
    }

    /// The number of terminal columns a text takes: East Asian wide characters take two,
    /// combining marks none.
    static func width(_ text: String) -> Int {
        var columns = 0
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0x300...0x36F, 0x200B...0x200F: break
            case 0x1100...0x115F, 0x2E80...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F,
                0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x1F300...0x1F64F, 0x1F900...0x1F9FF, 0x20000...0x3FFFD:
                columns += 2
            default: columns += 1
            }
        }
        return columns
    }
}
