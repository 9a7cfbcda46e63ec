/// Turns a maximal run of operator characters into operator tokens, following Swift's whitespace
/// rule, and splits runs Swift would reject but whose meaning is clear.
///
/// - A run bound on both sides or on neither is binary; bound on the right only, prefix; on the
///   left only, postfix. `?` bound on the left is optional chaining, otherwise the ternary `?`.
///   `!` bound on the left is force unwrap, otherwise logical not.
/// - A run that is not an operator but reads as prefix operators (`!!x`, `-!x`), postfix
///   operators (`x!!`, `x?!`) or a binary operator followed by prefix operators (`a>-1`,
///   `a&&!b`, `a==-1`) is split into those tokens.
/// - Anything else (`&`, `===`, `<>`, `=>`) is one ``TokenKind/unknownOperator`` that the parser
///   reports with a remedy.
enum OperatorClassifier {
    /// The binary operators, by spelling. `=` and `->` are not listed: they never start a split.
    private static let binaryOperators: [String: TokenKind] = [
        "+": .plus, "-": .minus, "*": .star, "/": .slash, "%": .percent, "==": .equalEqual,
        "!=": .bangEqual, "<": .less, "<=": .lessEqual, ">": .greater, ">=": .greaterEqual,
        "&&": .ampAmp, "||": .pipePipe, "??": .questionQuestion, "...": .closedRange, "..<": .halfOpenRange,
    ]

    static func classify(bytes: [UInt8], start: Int, end: Int, leftBound: Bool, rightBound: Bool)
        -> [(TokenKind, SourceRange)]
    {
        let run = bytes[start..<end]
        let whole = SourceRange(start: start, end: end)
        if run.count == 1 {
            switch run.first! {
            case UInt8(ascii: "?"): return [(leftBound ? .postfixQuestion : .question, whole)]
            case UInt8(ascii: "!"): return [(leftBound ? .postfixBang : .prefixBang, whole)]
            case UInt8(ascii: "="): return [(.equal, whole)]
            default: break
            }
        }
        let text = String(decoding: run, as: UTF8.self)
        if let kind = binaryOperators[text] { return [(kind, whole)] }
        if text == "->" { return [(.arrow, whole)] }

        let isPrefixCharacter = { (byte: UInt8) in byte == UInt8(ascii: "!") || byte == UInt8(ascii: "-") }
        // Prefix operators: `!!x`, `-!x`.
        if !leftBound, run.allSatisfy(isPrefixCharacter) {
            return singles(run, start: start, postfix: false)
        }
        // Postfix operators: `x!!`, `x?!`.
        if leftBound, !rightBound, run.allSatisfy({ $0 == UInt8(ascii: "!") || $0 == UInt8(ascii: "?") }) {
            return singles(run, start: start, postfix: true)
        }
        // A binary operator followed by prefix operators: `a>-1`, `a&&!b`.
        var length = min(3, run.count - 1)
        while length >= 1 {
            let head = String(decoding: bytes[start..<start + length], as: UTF8.self)
            if let kind = binaryOperators[head], bytes[(start + length)..<end].allSatisfy(isPrefixCharacter) {
                return [(kind, SourceRange(start: start, end: start + length))]
                    + singles(bytes[(start + length)..<end], start: start + length, postfix: false)
            }
            length -= 1
        }
        return [(.unknownOperator, whole)]
    }

    /// One token per character of a run of `!`, `-` and `?`.
    private static func singles(_ run: ArraySlice<UInt8>, start: Int, postfix: Bool) -> [(TokenKind, SourceRange)] {
        var tokens: [(TokenKind, SourceRange)] = []
        tokens.reserveCapacity(run.count)
        var offset = start
        for byte in run {
            let kind: TokenKind
            switch byte {
            case UInt8(ascii: "!"): kind = postfix ? .postfixBang : .prefixBang
            case UInt8(ascii: "?"): kind = .postfixQuestion
            default: kind = .minus
            }
            tokens.append((kind, SourceRange(start: offset, end: offset + 1)))
            offset += 1
        }
        return tokens
    }
}
