/// Writes strings as Swift string literals, for printed trees and messages.
package enum SwiftLiteral {
    /// `"text"` with `"`, `\` and control characters escaped. With `escapingCombiningMarks`,
    /// combining marks are written as `\u{301}` so decomposed text is visible (`"cafe\u{301}"`).
    package static func quote(_ value: String, escapingCombiningMarks: Bool = false) -> String {
        var out = "\""
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\t": out += "\\t"
            case "\r": out += "\\r"
            case "\0": out += "\\0"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F
                    || (escapingCombiningMarks && scalar.properties.generalCategory == .nonspacingMark)
                {
                    out += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }
}
