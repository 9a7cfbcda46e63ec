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
    /// The binary operator spelled by `run`, if any: `+ - * / % == != < <= > >= && || ?? ... ..<`.
    /// (`=` and `->` are not binary operators here: they never start a split.) A switch on the
    /// bytes: no string, no hashing.
    static func binaryOperator(_ run: UnsafeBufferPointer<UInt8>) -> TokenKind? {
        let count = run.count
        guard count >= 1, count <= 3 else { return nil }
        let first = run[0]
        let second: UInt8? = count > 1 ? run[1] : nil
        let third: UInt8? = count > 2 ? run[2] : nil
        switch (first, second, third) {
        case (UInt8(ascii: "+"), nil, nil): return .plus
        case (UInt8(ascii: "-"), nil, nil): return .minus
        case (UInt8(ascii: "*"), nil, nil): return .star
        case (UInt8(ascii: "/"), nil, nil): return .slash
        case (UInt8(ascii: "%"), nil, nil): return .percent
        case (UInt8(ascii: "<"), nil, nil): return .less
        case (UInt8(ascii: ">"), nil, nil): return .greater
        case (UInt8(ascii: "="), UInt8(ascii: "=")?, nil): return .equalEqual
        case (UInt8(ascii: "!"), UInt8(ascii: "=")?, nil): return .bangEqual
        case (UInt8(ascii: "<"), UInt8(ascii: "=")?, nil): return .lessEqual
        case (UInt8(ascii: ">"), UInt8(ascii: "=")?, nil): return .greaterEqual
        case (UInt8(ascii: "&"), UInt8(ascii: "&")?, nil): return .ampAmp
        case (UInt8(ascii: "|"), UInt8(ascii: "|")?, nil): return .pipePipe
        case (UInt8(ascii: "?"), UInt8(ascii: "?")?, nil): return .questionQuestion
        case (UInt8(ascii: "."), UInt8(ascii: ".")?, UInt8(ascii: ".")?): return .closedRange
        case (UInt8(ascii: "."), UInt8(ascii: ".")?, UInt8(ascii: "<")?): return .halfOpenRange
        default: return nil
        }
    }

    /// The one token a run is when it is one (the common case, answered without building an
    /// array): `?`, `!`, `=`, `->` or a binary operator. nil when the run needs ``classify``.
    static func singleToken(_ run: UnsafeBufferPointer<UInt8>, leftBound: Bool) -> TokenKind? {
        if run.count == 1 {
            switch run[0] {
            case UInt8(ascii: "?"): return leftBound ? .postfixQuestion : .question
            case UInt8(ascii: "!"): return leftBound ? .postfixBang : .prefixBang
            case UInt8(ascii: "="): return .equal
            default: break
            }
        }
        if let kind = binaryOperator(run) { return kind }
        if run.count == 2, run[0] == UInt8(ascii: "-"), run[1] == UInt8(ascii: ">") { return .arrow }
        return nil
    }

    static func classify(bytes: [UInt8], start: Int, end: Int, leftBound: Bool, rightBound: Bool)
        -> [(TokenKind, SourceRange)]
    {
        let run = bytes[start..<end]
        let whole = SourceRange(start: start, end: end)
        if let kind = bytes.withUnsafeBufferPointer({ singleToken(UnsafeBufferPointer(rebasing: $0[start..<end]), leftBound: leftBound) }) {
            return [(kind, whole)]
        }

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
            let prefix = start..<start + length
            if let kind = bytes.withUnsafeBufferPointer({ binaryOperator(UnsafeBufferPointer(rebasing: $0[prefix])) }),
                bytes[(start + length)..<end].allSatisfy(isPrefixCharacter)
            {
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
