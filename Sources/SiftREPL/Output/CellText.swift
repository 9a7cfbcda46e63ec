import Sift

/// Text measured and cut for terminal columns: display width (CJK and emoji take two columns,
/// combining marks none), truncation with `…`, padding and control characters made visible.
public enum CellText {
    /// Terminal columns `text` takes.
    public static func width(_ text: String) -> Int { DiagnosticRenderer.displayWidth(of: text) }

    /// `text` cut to at most `maximum` columns, ending in `…` when cut. Characters are never split.
    public static func truncate(_ text: String, toWidth maximum: Int) -> String {
        guard width(text) > maximum else { return text }
        guard maximum > 0 else { return "" }
        var out = ""
        var used = 0
        for character in text {
            let characterWidth = width(String(character))
            if used + characterWidth > maximum - 1 { break }
            out.append(character)
            used += characterWidth
        }
        return out + "…"
    }

    /// `text` padded with spaces to `columns`, on the right (left-aligned) or the left.
    public static func pad(_ text: String, to columns: Int, rightAligned: Bool = false) -> String {
        let missing = max(0, columns - width(text))
        let padding = String(repeating: " ", count: missing)
        return rightAligned ? padding + text : text + padding
    }

    /// Line breaks, tabs and other control characters written as escapes, so one value stays on
    /// one line of a grid.
    public static func singleLine(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) else { return text }
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F {
                    out += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out
    }
}
