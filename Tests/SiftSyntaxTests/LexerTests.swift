import SiftSyntax
import Testing

/// The lexer: token kinds, Swift's operator whitespace rule, literal values, hostile input.
@Suite struct LexerTests {
    // MARK: Names

    /// The parser keeps the indentation of open braces only for input with line breaks, so the
    /// lexer must report one wherever a token after the first starts a line (and only there).
    @Test func lineBreaksAreReportedWhereTokensStartLines() {
        let inputs = [
            "#Predicate<User> { $0.age > 20 }", "User where\nage > 1", "a /* one\ntwo */ b", "a // note\n}",
            "\"\"\"\nline\n\"\"\" == x", "\n\n  $0", "a\r\nb", "x /* no break */ y", "",
        ]
        for input in inputs {
            let lexed = Lexer.tokenize(SourceFile(name: "t", text: input))
            let startsLine = lexed.tokens.dropFirst().contains { $0.atStartOfLine && $0.kind != .endOfFile }
            let breaksBetweenTokens = input.contains("\n") && !input.hasPrefix("\"\"\"")
            #expect(lexed.hasLineBreaks == (startsLine || input.hasPrefix("\n")), "\(input.debugDescription)")
            #expect(lexed.hasLineBreaks == breaksBetweenTokens, "\(input.debugDescription)")
        }
    }

    @Test func unicodeIdentifiers() {
        #expect(Syntax.tokens("$0.이름 größe π") == "dollarIdentifier($0) period(.) identifier(이름) identifier(größe) identifier(π)")
    }

    @Test func keywordsAndBackquotedKeyword() {
        #expect(Syntax.tokens("if `if` in where") == "kwIf(if) identifier(`if`) kwIn(in) identifier(where)")
    }

    /// Every reserved word lexes as its keyword, and words that differ from one by a letter, a
    /// length or a case lex as identifiers.
    @Test func everyKeywordAndItsNearMisses() {
        for (spelling, kind) in TokenKind.keywords.sorted(by: { $0.key < $1.key }) {
            #expect(Syntax.tokens(spelling) == "\(kind)(\(spelling))")
            for miss in [spelling + "s", String(spelling.dropLast()), spelling.capitalized, "x" + spelling.dropFirst()] {
                #expect(Syntax.tokens(miss) == "identifier(\(miss))", "\(miss)")
            }
        }
    }

    @Test func dollarIdentifiers() {
        #expect(Syntax.tokens("$0 $12 $name") == "dollarIdentifier($0) dollarIdentifier($12) identifier($name)")
    }

    // MARK: Operators

    @Test func questionMarkWithoutSpaceIsOptionalChaining() {
        #expect(Syntax.tokens("a?.b") == "identifier(a) postfixQuestion(?) period(.) identifier(b)")
    }

    @Test func questionMarkWithSpaceIsTernary() {
        #expect(Syntax.tokens("a ? b : c") == "identifier(a) question(?) identifier(b) colon(:) identifier(c)")
    }

    @Test func bangPrefixAndPostfix() {
        #expect(Syntax.tokens("!a! (!b)") == "prefixBang(!) identifier(a) postfixBang(!) leftParen(() prefixBang(!) identifier(b) rightParen())")
    }

    @Test func bangBeforeDotIsPostfix() {
        #expect(Syntax.tokens("a!.b") == "identifier(a) postfixBang(!) period(.) identifier(b)")
    }

    @Test func maximalMunchThenSplit() {
        #expect(Syntax.tokens("a>-1") == "identifier(a) greater(>) minus(-) integerLiteral(1)")
        #expect(Syntax.tokens("a&&!b") == "identifier(a) ampAmp(&&) prefixBang(!) identifier(b)")
        #expect(Syntax.tokens("a==-1") == "identifier(a) equalEqual(==) minus(-) integerLiteral(1)")
    }

    @Test func unknownOperatorsStayWhole() {
        #expect(Syntax.tokens("a & b === c <> d =>") == "identifier(a) unknownOperator(&) identifier(b) unknownOperator(===) identifier(c) unknownOperator(<>) identifier(d) unknownOperator(=>)")
    }

    @Test func rangeOperators() {
        #expect(Syntax.tokens("1...2 0..<3") == "integerLiteral(1) closedRange(...) integerLiteral(2) integerLiteral(0) halfOpenRange(..<) integerLiteral(3)")
    }

    @Test func commentEndsAnOperatorRun() {
        #expect(Syntax.tokens("a +/* c */b") == "identifier(a) plus(+) identifier(b)")
    }

    @Test func nestedBlockComments() {
        #expect(Syntax.tokens("a /* x /* y */ z */ b // c\nd") == "identifier(a) identifier(b) identifier(d)")
    }

    @Test func whitespaceFlags() {
        let tokens = Lexer.tokenize(SourceFile(text: "a -1\n b")).tokens
        #expect(tokens[1].leadingTrivia == true)
        #expect(tokens[1].trailingTrivia == false)
        #expect(tokens[3].atStartOfLine == true)
        #expect(tokens[2].atStartOfLine == false)
    }

    // MARK: Numbers

    @Test func integerLiteralsInEveryRadix() {
        #expect(Syntax.expr("[1_000, 0x2A, 0o17, 0b1010]") == "(array 1000 0x2A 0o17 0b1010)")
    }

    @Test func floatLiterals() {
        #expect(Syntax.expr("[1.5, 1e10, 1.5e-3, 0x1p4, 1_0.2_5]") == "(array 1.5 1e10 1.5e-3 0x1p4 10.25)")
    }

    @Test func hexFloatValue() {
        let parsed = Parser.parseExpression(SourceFile(text: "0x1.8p1"))
        guard case .floatLiteral(let literal) = parsed.tree[parsed.value] else {
            Issue.record("not a float: \(parsed.value)")
            return
        }
        #expect(literal.value == 3.0)
    }

    @Test func integerFollowedByMemberIsNotAFloat() {
        #expect(Syntax.tokens("1.description") == "integerLiteral(1) period(.) identifier(description)")
    }

    @Test func hugeIntegerLiteralIsJustText() {
        let parsed = Parser.parseExpression(SourceFile(text: "123456789012345678901234567890"))
        #expect(parsed.diagnostics.isEmpty)
        guard case .integerLiteral(let literal) = parsed.tree[parsed.value] else {
            Issue.record("not an integer: \(parsed.value)")
            return
        }
        #expect(literal.digits == "123456789012345678901234567890")
        #expect(literal.magnitude == nil)
    }

    // MARK: Strings

    /// The kind of the expression `text` parses to.
    static func kind(of text: String) -> ExprKind {
        let parsed = Parser.parseExpression(SourceFile(text: text))
        return parsed.tree[parsed.value]
    }

    @Test func escapesAreDecoded() {
        let parsed = Parser.parseExpression(SourceFile(text: #""a\n\t\r\0\"\'\\\u{1F600}\u{E9}""#))
        #expect(parsed.diagnostics.isEmpty)
        #expect(parsed.tree[parsed.value] == .stringLiteral("a\n\t\r\0\"'\\😀é"))
    }

    @Test func rawStringKeepsBackslashes() {
        let parsed = Parser.parseExpression(SourceFile(text: ##"#"a\nb\#tc"#"##))
        #expect(parsed.tree[parsed.value] == .stringLiteral("a\\nb\tc"))
    }

    /// A literal is read in one pass until its first escape (the common literal has none); the
    /// text before an escape, quotes inside a raw string and an unterminated literal still come out whole.
    @Test func plainTextBeforeAnEscapeAndQuotesInRawStrings() {
        #expect(Self.kind(of: #""Kim Lee""#) == .stringLiteral("Kim Lee"))
        let long = Parser.parseExpression(SourceFile(text: #""a long plain prefix of text\tthen more""#))
        #expect(long.diagnostics.isEmpty)
        #expect(long.tree[long.value] == .stringLiteral("a long plain prefix of text\tthen more"))
        #expect(Self.kind(of: ##"#"say "hi" \n"#"##) == .stringLiteral(#"say "hi" \n"#))
        let unterminated = Parser.parseExpression(SourceFile(text: #""no closing quote"#))
        #expect(unterminated.diagnostics.map(\.id.rawValue) == ["unterminated-string"])
        // A literal token whose `#` run ends the input (only a token from elsewhere can say so): no text, no trap.
        #expect(Lexer.decodeStringLiteral(Token(kind: .stringLiteral, range: SourceRange(start: 0, end: 1)), in: SourceFile(text: "#")) == "")
        #expect(Lexer.decodeStringLiteral(Token(kind: .stringLiteral, range: SourceRange(start: 0, end: 2)), in: SourceFile(text: "##")) == "")
    }

    /// The lexer's string values are found by the offset where each literal starts, and only there.
    @Test func stringLiteralValuesByOffset() {
        let source = SourceFile(text: ##"["a", "bc", #"d"#, "e\u{301}"]"##)
        let lexed = Lexer.tokenize(source)
        let starts = lexed.tokens.filter { $0.kind == .stringLiteral }.map(\.range.start)
        #expect(starts.map { lexed.literalValues[$0] } == ["a", "bc", "d", "e\u{301}"])
        #expect(lexed.literalValues[0] == nil && lexed.literalValues[starts[0] + 1] == nil && lexed.literalValues[1000] == nil)
        #expect(lexed.stringValues == Dictionary(uniqueKeysWithValues: zip(starts, ["a", "bc", "d", "e\u{301}"])))
        var values = StringLiteralValues()
        values.append("c", at: 30)
        values.append("a", at: 10)  // out of order: put in its place
        values.append("b", at: 20)
        values.append("B", at: 20)  // the same offset again: replaced
        #expect(values.entries.map(\.offset) == [10, 20, 30] && values[20] == "B" && values[15] == nil)
    }

    @Test func multilineStringRemovesIndentation() {
        let text = "\"\"\"\n    first\n      second\n\n    third \\\n    joined\n    \"\"\""
        let parsed = Parser.parseExpression(SourceFile(text: text))
        #expect(parsed.diagnostics.isEmpty)
        #expect(parsed.tree[parsed.value] == .stringLiteral("first\n  second\n\nthird joined"))
    }

    @Test func decodeStringLiteralOfAToken() {
        let source = SourceFile(text: #"x == "a\u{62}c""#)
        let token = Lexer.tokenize(source).tokens[2]
        #expect(Lexer.decodeStringLiteral(token, in: source) == "abc")
    }

    @Test func surrogateEscapeIsDiagnosed() {
        #expect(
            Syntax.expr(#""\u{D800}""#) == #"""
                <input>:1:2: error: invalid unicode scalar U+D800 (a surrogate) in string literal
                "\u{D800}"
                 ^~~~~~~~

                """#)
    }

    @Test func invalidEscapeIsDiagnosed() {
        #expect(
            Syntax.expr(#""a\qb""#) == #"""
                <input>:1:3: error: invalid escape sequence '\q' in string literal; write '\\' for a backslash
                "a\qb"
                  ^~
                  \

                """#)
    }

    // MARK: Hostile input

    @Test func nulByteIsOneDiagnostic() {
        #expect(
            Syntax.expr("a\u{0}\u{0}\u{0} && b") == """
                <input>:1:2: error: invalid characters U+0000, U+0000, U+0000 in query; remove them
                a\u{0}\u{0}\u{0} && b
                 ^

                """)
    }

    @Test func controlCharactersAndSymbols() {
        let source = SourceFile(text: "a \u{7} b § c")
        let lexed = Lexer.tokenize(source)
        #expect(lexed.diagnostics.map(\.message) == [
            "invalid character U+0007 in query; remove it", "invalid character '§' in query; remove it",
        ])
        #expect(lexed.tokens.map(\.kind) == [.identifier, .identifier, .identifier, .endOfFile])
    }

    @Test func invalidUTF8BytesNeverCrash() {
        // A String always holds valid UTF-8, so this checks the decoder's own guard on bytes it
        // cannot see from Swift: every scalar, every prefix of every multi-byte sequence.
        var text = ""
        for value in stride(from: 0, through: 0x10FFFF, by: 97) {
            if let scalar = Unicode.Scalar(value) { text.unicodeScalars.append(scalar) }
        }
        let lexed = Lexer.tokenize(SourceFile(text: text))
        #expect(lexed.tokens.last?.kind == .endOfFile)
        _ = Parser.parseQuery(SourceFile(text: text))
        _ = Parser.parseModelFile(SourceFile(text: text))
    }

    @Test func everyASCIIPairNeverCrashes() {
        var count = 0
        for first in 0..<128 {
            for second in 0..<128 {
                let text = String(UnicodeScalar(UInt8(first))) + String(UnicodeScalar(UInt8(second)))
                let parsed = Parser.parseQuery(SourceFile(text: "User where " + text))
                count += parsed.diagnostics.count
            }
        }
        #expect(count > 0)
    }

    @Test func strayBackquote() {
        #expect(
            Syntax.expr("a ` b") == """
                <input>:1:3: error: a '`' must enclose a name, as in '`where`'; remove it or add the name and closing '`'
                a ` b
                  ^

                """)
    }

    // MARK: Open delimiters (for the REPL's continuation prompt)

    @Test func openDelimitersInnermostLast() {
        let open = Lexer.openDelimiters(in: SourceFile(text: "#Predicate<User> { ($0.tags.contains { [1, "))
        #expect(open.map(\.kind) == [.brace, .parenthesis, .brace, .bracket])
        #expect(open.map(\.range.start) == [17, 19, 37, 39])
    }

    @Test func closedInputHasNoOpenDelimiters() {
        #expect(Lexer.openDelimiters(in: SourceFile(text: "#Predicate<User> { ($0.a) }")).isEmpty)
    }

    @Test func openMultilineStringAndComment() {
        #expect(Lexer.openDelimiters(in: SourceFile(text: "{ \"\"\"\nabc")).map(\.kind) == [.brace, .multilineString])
        #expect(Lexer.openDelimiters(in: SourceFile(text: "( /* a /* b */")).map(\.kind) == [.parenthesis, .blockComment])
    }
}

/// `isKeyword` (a `switch`) names exactly the kinds of the keyword table.
@Suite struct KeywordKindTests {
    @Test func isKeywordMatchesTheKeywordTable() {
        let table = Set(TokenKind.keywords.values)
        let others: [TokenKind] = [.identifier, .dollarIdentifier, .integerLiteral, .floatLiteral, .stringLiteral, .leftParen, .period, .endOfFile]
        for kind in table { #expect(kind.isKeyword, "\(kind)") }
        for kind in others { #expect(!kind.isKeyword, "\(kind)") }
        #expect(table.count == 17)
    }
}
