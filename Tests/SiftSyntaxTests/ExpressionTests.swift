import SiftSyntax
import Testing

/// Each construct of the expression grammar parses to the exact printed tree.
@Suite struct ExpressionTests {
    @Test func memberComparison() {
        #expect(Syntax.expr("$0.age > 20") == "(> (member $0 age) 20)")
    }

    @Test func anyKeywordIsAMemberName() {
        #expect(Syntax.expr("$0.in.if.let.class.where") == "(member (member (member (member (member $0 `in`) `if`) `let`) `class`) where)")
    }

    @Test func unicodeMemberName() {
        #expect(Syntax.expr("$0.이름 == \"김\"") == #"(== (member $0 이름) "김")"#)
    }

    @Test func backquotedIdentifier() {
        #expect(Syntax.expr("`where` && `x`") == "(&& where x)")
    }

    @Test func optionalChainWrapsTheWholePostfixChain() {
        #expect(Syntax.expr("$0.company?.name") == "(optional-chain (member (bind (member $0 company)) name))")
    }

    @Test func twoBindsInOneChainShareOneOptionalChain() {
        #expect(
            Syntax.expr("$0.a?.b?.c == 1")
                == "(== (optional-chain (member (bind (member (bind (member $0 a)) b)) c)) 1)")
    }

    @Test func optionalChainEndsBeforeBinaryOperator() {
        #expect(
            Syntax.expr("$0.company?.name ?? \"none\"")
                == #"(?? (optional-chain (member (bind (member $0 company)) name)) "none")"#)
    }

    @Test func optionalChainInsidePrefixOperator() {
        #expect(Syntax.expr("!$0.a?.b") == "(! (optional-chain (member (bind (member $0 a)) b)))")
    }

    @Test func forceUnwrap() {
        #expect(Syntax.expr("$0.nickname!.count") == "(member (force (member $0 nickname)) count)")
    }

    @Test func doubleForceUnwrap() {
        #expect(Syntax.expr("a!!") == "(force (force a))")
    }

    @Test func callWithStringArgument() {
        #expect(Syntax.expr(#"$0.name.contains("k")"#) == #"(call (member (member $0 name) contains) "k")"#)
    }

    @Test func callWithLabelledClosureArgument() {
        #expect(
            Syntax.expr(#"$0.tags.contains(where: { $0.title == "a" })"#)
                == #"(call (member (member $0 tags) contains) where: (closure (== (member $0 title) "a")))"#)
    }

    @Test func trailingClosureWithoutParentheses() {
        #expect(
            Syntax.expr("x.allSatisfy { $0 > 1 }") == "(call (member x allSatisfy) (trailing (closure (> $0 1))))")
    }

    @Test func trailingClosureAfterParentheses() {
        #expect(Syntax.expr("f(1) { $0 }") == "(call f 1 (trailing (closure $0)))")
    }

    @Test func filterThenCount() {
        #expect(
            Syntax.expr("$0.tags.filter { $0.on }.count > 2")
                == "(> (member (call (member (member $0 tags) filter) (trailing (closure (member $0 on)))) count) 2)")
    }

    @Test func flatMap() {
        #expect(
            Syntax.expr("$0.a.flatMap { $0.b }.isEmpty")
                == "(member (call (member (member $0 a) flatMap) (trailing (closure (member $0 b)))) isEmpty)")
    }

    @Test func rangeContains() {
        #expect(
            Syntax.expr("(20...30).contains($0.age)")
                == "(call (member (paren (... 20 30)) contains) (member $0 age))")
    }

    @Test func halfOpenRange() {
        #expect(Syntax.expr("(0..<10).contains(x)") == "(call (member (paren (..< 0 10)) contains) x)")
    }

    @Test func initializerCall() {
        #expect(Syntax.expr("Double($0.age) / 2.0") == "(/ (call Double (member $0 age)) 2.0)")
    }

    @Test func subscriptAccess() {
        #expect(Syntax.expr("$0.scores[0] > 1") == "(> (subscript (member $0 scores) 0) 1)")
    }

    @Test func implicitMember() {
        #expect(Syntax.expr("$0.priority == .high") == "(== (member $0 priority) .high)")
    }

    @Test func keyPathWithRoot() {
        #expect(Syntax.expr(#"\User.name"#) == #"\User.name"#)
    }

    @Test func keyPathWithOptionalChaining() {
        #expect(Syntax.expr(#"\.company?.name"#) == #"\.company?.name"#)
    }

    @Test func keyPathWithForceUnwrap() {
        #expect(Syntax.expr(#"\User.company!.name"#) == #"\User.company!.name"#)
    }

    @Test func arrayLiteral() {
        #expect(Syntax.expr(#"["a", "b",].contains($0.name)"#) == #"(call (member (array "a" "b") contains) (member $0 name))"#)
    }

    @Test func emptyArrayLiteral() {
        #expect(Syntax.expr("[]") == "(array)")
    }

    @Test func freeIdentifierIsAnIdentifier() {
        #expect(Syntax.expr("$0.name.contains(searchString)") == "(call (member (member $0 name) contains) searchString)")
    }

    @Test func anonymousClosure() {
        #expect(Syntax.expr("{ $0.age > 20 }") == "(closure (> (member $0 age) 20))")
    }

    @Test func namedClosureParameter() {
        #expect(Syntax.expr("{ user in user.age > 20 }") == "(closure (user) (> (member user age) 20))")
    }

    @Test func typedClosureParameterWithReturn() {
        #expect(
            Syntax.expr("{ (user: User) in return user.age > 20 }")
                == "(closure (user: User) (return (> (member user age) 20)))")
    }

    @Test func closureWithTwoParametersAndReturnType() {
        #expect(Syntax.expr("{ a, b -> Bool in a < b }") == "(closure (a b) (< a b))")
    }

    @Test func nestedClosuresShadowDollarZero() {
        #expect(
            Syntax.expr("{ $0.interests.contains { $0.title == \"x\" } }")
                == #"(closure (call (member (member $0 interests) contains) (trailing (closure (== (member $0 title) "x")))))"#)
    }

    @Test func namedParameterUsedInsideNestedClosure() {
        #expect(
            Syntax.expr("{ user in user.interests.contains { $0.title == user.name } }")
                == "(closure (user) (call (member (member user interests) contains) (trailing (closure (== (member $0 title) (member user name))))))")
    }

    @Test func ifLetExpression() {
        #expect(
            Syntax.expr(#"if let c = $0.company { c.name == "Acme" } else { false }"#)
                == #"(if ((let c (member $0 company))) (== (member c name) "Acme") false)"#)
    }

    @Test func ifLetShorthandWithSeveralConditions() {
        #expect(
            Syntax.expr("if let company, company.size > 2 { true } else { false }")
                == "(if ((let company) (> (member company size) 2)) true false)")
    }

    @Test func elseIfChain() {
        #expect(
            Syntax.expr("if a { 1 } else if b { 2 } else { 3 }") == "(if (a) 1 (if (b) 2 3))")
    }

    @Test func ifConditionDoesNotTakeATrailingClosure() {
        #expect(Syntax.expr("if x.isEmpty { 1 } else { 2 }") == "(if ((member x isEmpty)) 1 2)")
    }

    @Test func trailingClosureInsideParenthesesOfACondition() {
        #expect(
            Syntax.expr("if (x.contains { $0 }) { 1 } else { 2 }")
                == "(if ((paren (call (member x contains) (trailing (closure $0))))) 1 2)")
    }

    @Test func macroExpansion() {
        #expect(
            Syntax.expr("#Predicate<User> { $0.age > 20 }")
                == "(macro #Predicate<User> (trailing (closure (> (member $0 age) 20))))")
    }

    @Test func macroExpansionWithArguments() {
        #expect(Syntax.expr("#Expression<Int, Bool>(x: 1)") == "(macro #Expression<Int, Bool> x: 1)")
    }

    @Test func ternary() {
        #expect(Syntax.expr("a ? b : c") == "(ternary a b c)")
    }

    @Test func negativeLiteralIsAPrefixOperator() {
        #expect(Syntax.expr("$0.balance > -1") == "(> (member $0 balance) (- 1))")
    }

    @Test func parenthesesAreKept() {
        #expect(Syntax.expr("(a || b) && c") == "(&& (paren (|| a b)) c)")
    }

    @Test func binaryOperatorFollowedByPrefixOperatorsIsSplit() {
        #expect(Syntax.expr("a>-1&&!b==-2") == "(&& (> a (- 1)) (== (! b) (- 2)))")
    }

    @Test func runOfPrefixBangs() {
        #expect(Syntax.expr("!!!a") == "(! (! (! a)))")
    }

    @Test func memberOnTheNextLineContinues() {
        #expect(Syntax.expr("$0.name\n  .isEmpty") == "(member (member $0 name) isEmpty)")
    }

    @Test func operatorOnTheNextLineContinues() {
        #expect(Syntax.expr("a\n  && b") == "(&& a b)")
    }
}

/// Swift's precedence groups and associativity, one test per relation.
@Suite struct PrecedenceTests {
    @Test func orIsLooserThanAnd() {
        #expect(Syntax.expr("a || b && c || d") == "(|| a (&& b c) d)")
    }

    @Test func andIsLooserThanComparison() {
        #expect(Syntax.expr("a == 1 && b != 2") == "(&& (== a 1) (!= b 2))")
    }

    @Test func comparisonIsLooserThanNilCoalescing() {
        #expect(Syntax.expr("a ?? 1 > 2") == "(> (?? a 1) 2)")
    }

    @Test func nilCoalescingIsRightAssociative() {
        #expect(Syntax.expr("a ?? b ?? c") == "(?? a (?? b c))")
    }

    @Test func nilCoalescingIsLooserThanRange() {
        #expect(Syntax.expr("a ?? 1...2") == "(?? a (... 1 2))")
    }

    @Test func rangeIsLooserThanAddition() {
        #expect(Syntax.expr("1 + 1...2 * 3") == "(... (+ 1 1) (* 2 3))")
    }

    @Test func additionIsLeftAssociative() {
        #expect(Syntax.expr("a - b + c") == "(+ (- a b) c)")
    }

    @Test func multiplicationIsTighterThanAddition() {
        #expect(Syntax.expr("a + b * c % d") == "(+ a (% (* b c) d))")
    }

    @Test func prefixIsTighterThanMultiplication() {
        #expect(Syntax.expr("-a * !b") == "(* (- a) (! b))")
    }

    @Test func postfixIsTighterThanPrefix() {
        #expect(Syntax.expr("!a.b!") == "(! (force (member a b)))")
    }

    @Test func ternaryIsLoosestAndRightAssociative() {
        #expect(Syntax.expr("a || b ? c : d ? e : f") == "(ternary (|| a b) c (ternary d e f))")
    }

    @Test func logicalChainsAreFlattened() {
        #expect(Syntax.expr("a && b && c && d") == "(&& a b c d)")
    }

    @Test func comparisonIsNonAssociative() {
        #expect(
            Syntax.expr("a == b == c") == """
                <input>:1:8: error: comparison operators cannot be chained ('==' then '=='): they are in the non-associative group 'ComparisonPrecedence'; compare twice and combine with '&&'
                a == b == c
                       ^~
                       && b
                <input>:1:3: note: first comparison is here
                a == b == c
                  ^~

                """)
    }

    @Test func rangeIsNonAssociative() {
        #expect(
            Syntax.expr("1...2...3") == """
                <input>:1:6: error: range operators cannot be chained ('...' then '...'): they are in the non-associative group 'RangeFormationPrecedence'; add parentheses
                1...2...3
                     ^~~
                <input>:1:2: note: first range operator is here
                1...2...3
                 ^~~

                """)
    }
}
