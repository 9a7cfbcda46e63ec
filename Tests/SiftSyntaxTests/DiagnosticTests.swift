import SiftSyntax
import Testing

/// The exact rendered diagnostics of malformed inputs: what is wrong, where, and the remedy.
/// Each test is one malformed input; the expectation is the full output of `DiagnosticRenderer`.
@Suite struct DiagnosticTests {
    @Test func ignoredFetchDescriptorArgumentIsANote() {
        #expect(
            Syntax.diagnostics("FetchDescriptor<User>(predicate: #Predicate { $0.age > 20 }, includePendingChanges: false)") == #"""
            <input>:1:62: note: 'includePendingChanges:' does not change the result of a query; it is ignored
            FetchDescriptor<User>(predicate: #Predicate { $0.age > 20 }, includePendingChanges: false)
                                                                         ^~~~~~~~~~~~~~~~~~~~~~~~~~~~

            """#)
    }

    @Test func ignoredAnimationArgumentIsANote() {
        #expect(
            Syntax.diagnostics("Query(filter: #Predicate<User> { $0.age > 20 }, sort: [SortDescriptor(\\User.name)], animation: .default)") == #"""
            <input>:1:85: note: 'animation:' does not change the result of a query; it is ignored
            Query(filter: #Predicate<User> { $0.age > 20 }, sort: [SortDescriptor(\User.name)], animation: .default)
                                                                                                ^~~~~~~~~~~~~~~~~~~

            """#)
    }

    @Test func missingOperandAfterAnd() {
        #expect(
            Syntax.diagnostics("#Predicate<User> { $0.a && }") == #"""
            <input>:1:28: error: expected expression after '&&', found '}'
            #Predicate<User> { $0.a && }
                                       ^

            """#)
    }

    @Test func unclosedParenthesis() {
        #expect(
            Syntax.diagnostics("#Predicate<User> { ($0.a && $0.b }") == #"""
            <input>:1:34: error: expected ')' to close '('
            #Predicate<User> { ($0.a && $0.b }
                                             ^
                                            )
            <input>:1:20: note: to match this opening '('
            #Predicate<User> { ($0.a && $0.b }
                               ^

            """#)
    }

    @Test func singlePipe() {
        #expect(
            Syntax.diagnostics("#Predicate<User> { $0.a | $0.b }") == #"""
            <input>:1:25: error: '|' is not supported; use '||'
            #Predicate<User> { $0.a | $0.b }
                                    ^
                                    ||

            """#)
    }

    @Test func identityOperator() {
        #expect(
            Syntax.diagnostics("#Predicate<User> { $0.a === $0.b }") == #"""
            <input>:1:25: error: '===' (identity) is not supported; use '=='
            #Predicate<User> { $0.a === $0.b }
                                    ^~~
                                    ==

            """#)
    }

    @Test func negatedIdentityOperator() {
        #expect(
            Syntax.diagnostics("#Predicate<User> { $0.a !== $0.b }") == #"""
            <input>:1:25: error: '!==' (identity) is not supported; use '!='
            #Predicate<User> { $0.a !== $0.b }
                                    ^~~
                                    !=

            """#)
    }

    @Test func sqlNotEqual() {
        #expect(
            Syntax.diagnostics("#Predicate<User> { $0.a <> 1 }") == #"""
            <input>:1:25: error: '<>' is not a Swift operator; use '!='
            #Predicate<User> { $0.a <> 1 }
                                    ^~
                                    !=

            """#)
    }

    @Test func arrowLikeGreaterEqual() {
        #expect(
            Syntax.diagnostics("#Predicate<User> { $0.a => 1 }") == #"""
            <input>:1:25: error: '=>' is not a Swift operator; use '>='
            #Predicate<User> { $0.a => 1 }
                                    ^~
                                    >=

            """#)
    }

    @Test func wordAnd() {
        #expect(
            Syntax.diagnostics("#Predicate<User> { $0.a and $0.b }") == #"""
            <input>:1:25: error: 'and' is not an operator in Swift; use '&&'
            #Predicate<User> { $0.a and $0.b }
                                    ^~~
                                    &&

            """#)
    }

    @Test func minusGluedToTheLeft() {
        #expect(
            Syntax.diagnostics("#Predicate<User> { $0.a- 1 > 0 }") == #"""
            <input>:1:24: error: '-' with a space after it but not before it is a postfix operator, not a subtraction; put a space before it to subtract
            #Predicate<User> { $0.a- 1 > 0 }
                                   ^
                                    -

            """#)
    }

    @Test func prefixMinusSeparatedFromOperand() {
        #expect(
            Syntax.diagnostics("#Predicate<User> { - $0.a > 0 }") == #"""
            <input>:1:20: error: unary operator cannot be separated from its operand; remove the space after '-'
            #Predicate<User> { - $0.a > 0 }
                               ^

            """#)
    }

    @Test func unsupportedOperator() {
        #expect(
            Syntax.diagnostics("#Predicate<User> { $0.a ^ 2 }") == #"""
            <input>:1:25: error: operator '^' is not supported in a query; use '&&', '||', '==', '!=', '<', '<=', '>', '>=', '??', '+', '-', '*', '/', '%', '...' or '..<'
            #Predicate<User> { $0.a ^ 2 }
                                    ^

            """#)
    }

    @Test func danglingOptionalChainingQuestionMark() {
        #expect(
            Syntax.diagnostics("#Predicate<User> { $0.a? }") == #"""
            <input>:1:24: error: '?' must be followed by a call, member lookup, or subscript; for a ternary expression put a space before '?'
            #Predicate<User> { $0.a? }
                                   ^
                                    ?

            """#)
    }

    @Test func missingOperandAfterComparison() {
        #expect(
            Syntax.diagnostics("#Predicate<User> { $0.a > }") == #"""
            <input>:1:27: error: expected expression after '>', found '}'
            #Predicate<User> { $0.a > }
                                      ^

            """#)
    }

    @Test func emptyClosure() {
        #expect(
            Syntax.diagnostics("#Predicate<User> { }") == #"""
            <input>:1:18: error: closure body is empty; a closure in a query returns one expression, such as '$0.age > 20'
            #Predicate<User> { }
                             ^~~

            """#)
    }

    @Test func twoStatementsInAClosure() {
        #expect(
            Syntax.diagnostics("#Predicate<User> { $0.a > 1; $0.b }") == #"""
            <input>:1:28: error: a closure in a query holds a single expression; combine conditions with '&&' or '||'
            #Predicate<User> { $0.a > 1; $0.b }
                                       ^~~~~~

            """#)
    }

    @Test func twoExpressionsWithoutOperator() {
        #expect(
            Syntax.diagnostics("#Predicate<User> { $0.a > 1 $0.b }") == #"""
            <input>:1:29: error: expected '}' at end of closure, found '$0'; join expressions with an operator such as '&&'
            #Predicate<User> { $0.a > 1 $0.b }
                                        ^~
                                       }
            <input>:1:18: note: to match this opening '{'
            #Predicate<User> { $0.a > 1 $0.b }
                             ^

            """#)
    }

    @Test func ifWithoutElse() {
        #expect(
            Syntax.diagnostics("#Predicate<User> { if $0.a { true } }") == #"""
            <input>:1:20: error: 'if' must have an unconditional 'else' to be used as an expression
            #Predicate<User> { if $0.a { true } }
                               ^~
                                                else { false }

            """#)
    }

    @Test func tuple() {
        #expect(
            Syntax.diagnostics("#Predicate<User> { (a, b) }") == #"""
            <input>:1:20: error: tuples are not supported in a query; use one expression in parentheses
            #Predicate<User> { (a, b) }
                               ^~~~~~

            """#)
    }

    @Test func dictionaryLiteral() {
        #expect(
            Syntax.diagnostics("#Predicate<User> { [\"a\": 1] }") == #"""
            <input>:1:24: error: dictionary literals are not supported in a query: a model has no dictionary attributes
            #Predicate<User> { ["a": 1] }
                                   ^

            """#)
    }

    @Test func interpolationOfAnExpression() {
        #expect(
            Syntax.diagnostics("#Predicate<User> { $0.a == \"x\\(y.z)\" }") == #"""
            <input>:1:30: error: string interpolation is not supported in a query; use a named parameter such as 'searchString' instead
            #Predicate<User> { $0.a == "x\(y.z)" }
                                         ^~~~~~

            """#)
    }

    @Test func invalidBinaryDigit() {
        #expect(
            Syntax.diagnostics("#Predicate<User> { $0.a == 0b102 }") == #"""
            <input>:1:32: error: '2' is not a valid binary digit (0 or 1) in integer literal
            #Predicate<User> { $0.a == 0b102 }
                                           ^

            """#)
    }

    @Test func lettersGluedToANumber() {
        #expect(
            Syntax.diagnostics("#Predicate<User> { $0.a == 12abc }") == #"""
            <input>:1:30: error: 'a' is not a valid digit in integer literal
            #Predicate<User> { $0.a == 12abc }
                                         ^

            """#)
    }

    @Test func exponentWithoutDigits() {
        #expect(
            Syntax.diagnostics("#Predicate<User> { $0.a == 1e }") == #"""
            <input>:1:29: error: expected a digit in floating point exponent
            #Predicate<User> { $0.a == 1e }
                                        ^

            """#)
    }

    @Test func keyPathWithoutComponents() {
        #expect(
            Syntax.diagnostics("#Predicate<User> { \\User }") == #"""
            <input>:1:20: error: a key path needs at least one property after the type, such as '\User.name'
            #Predicate<User> { \User }
                               ^~~~~

            """#)
    }

    @Test func oneSidedRange() {
        #expect(
            Syntax.diagnostics("#Predicate<User> { (...5).contains($0.a) }") == #"""
            <input>:1:21: error: one-sided ranges such as '...5' are not supported in a query; write both bounds, as in '1...5'
            #Predicate<User> { (...5).contains($0.a) }
                                ^~~

            """#)
    }

    @Test func multilineStringOnOneLine() {
        #expect(
            Syntax.diagnostics("#Predicate<User> { $0.a == \"\"\"abc\"\"\" }") == #"""
            <input>:1:31: error: multi-line string literal content must begin on a new line after '"""'
            #Predicate<User> { $0.a == """abc""" }
                                          ^

            """#)
    }

    @Test func otherMacroIsNotAQuery() {
        #expect(
            Syntax.diagnostics("#Expression<User> { $0.a }") == #"""
            <input>:1:1: error: '#Expression' is not a query; use '#Predicate', as in '#Predicate<User> { $0.age > 20 }'
            #Expression<User> { $0.a }
            ^~~~~~~~~~~~~~~~~~~~~~~~~~

            """#)
    }

    @Test func invalidSortOrder() {
        #expect(
            Syntax.diagnostics("SortDescriptor(\\User.name, order: .up)") == #"""
            <input>:1:35: error: expected a sort order, '.forward' or '.reverse'
            SortDescriptor(\User.name, order: .up)
                                              ^~~

            """#)
    }

    @Test func unknownSortDescriptorLabel() {
        #expect(
            Syntax.diagnostics("SortDescriptor(\\User.name, ascending: true)") == #"""
            <input>:1:28: error: 'SortDescriptor' has no argument 'ascending:'; its arguments are a key path, 'order:' and 'comparator:'
            SortDescriptor(\User.name, ascending: true)
                                       ^~~~~~~~~

            """#)
    }

    @Test func sortDescriptorWithoutKeyPath() {
        #expect(
            Syntax.diagnostics("SortDescriptor()") == #"""
            <input>:1:1: error: 'SortDescriptor' needs a key path to sort by, as in 'SortDescriptor(\User.name)'
            SortDescriptor()
            ^~~~~~~~~~~~~~~~

            """#)
    }

    @Test func nonSortDescriptorInArray() {
        #expect(
            Syntax.diagnostics("[SortDescriptor(\\User.name), \"age\"]") == #"""
            <input>:1:30: error: expected 'SortDescriptor(...)', such as 'SortDescriptor(\User.name, order: .reverse)'
            [SortDescriptor(\User.name), "age"]
                                         ^~~~~

            """#)
    }

    @Test func conflictingModels() {
        #expect(
            Syntax.diagnostics("FetchDescriptor<User>(predicate: #Predicate<Post> { $0.a })") == #"""
            <input>:1:45: error: this query names two models, 'User' and 'Post'; use one
            FetchDescriptor<User>(predicate: #Predicate<Post> { $0.a })
                                                        ^~~~
            <input>:1:17: note: 'User' is named here
            FetchDescriptor<User>(predicate: #Predicate<Post> { $0.a })
                            ^~~~

            """#)
    }

    @Test func duplicateArgument() {
        #expect(
            Syntax.diagnostics("FetchDescriptor<User>(fetchLimit: 1, fetchLimit: 2)") == #"""
            <input>:1:38: error: argument 'fetchLimit:' is given twice
            FetchDescriptor<User>(fetchLimit: 1, fetchLimit: 2)
                                                 ^~~~~~~~~~

            """#)
    }

    @Test func predicateArgumentIsNotAMacro() {
        #expect(
            Syntax.diagnostics("FetchDescriptor<User>(predicate: isAdult)") == #"""
            <input>:1:34: error: expected '#Predicate { ... }', such as '#Predicate<User> { $0.age > 20 }'
            FetchDescriptor<User>(predicate: isAdult)
                                             ^~~~~~~

            """#)
    }

    @Test func orderWithoutKeyPathSort() {
        #expect(
            Syntax.diagnostics("@Query(filter: #Predicate<User> { $0.a }, order: .reverse)") == #"""
            <input>:1:43: error: 'order:' applies to a key-path 'sort:', such as 'sort: \User.name, order: .reverse'
            @Query(filter: #Predicate<User> { $0.a }, order: .reverse)
                                                      ^~~~~

            """#)
    }

    @Test func swiftUIQueryIgnoredAndUnknownLabels() {
        #expect(
            Syntax.diagnostics("@Query(sort: \\User.name, transaction: t, foo: 1)") == #"""
            <input>:1:26: note: 'transaction:' does not change the result of a query; it is ignored
            @Query(sort: \User.name, transaction: t, foo: 1)
                                     ^~~~~~~~~~~~~~
            <input>:1:42: error: '@Query' has no argument 'foo:'; its arguments are a 'FetchDescriptor', 'filter:', 'sort:', 'order:', 'animation:' and 'transaction:'
            @Query(sort: \User.name, transaction: t, foo: 1)
                                                     ^~~

            """#)
    }

    @Test func conciseWhereWithoutCondition() {
        #expect(
            Syntax.diagnostics("User where") == #"""
            <input>:1:11: error: expected a condition after 'where', such as 'age > 20'
            User where
                      ^

            """#)
    }

    @Test func conciseSortWithoutBy() {
        #expect(
            Syntax.diagnostics("User where age > 20 sort name") == #"""
            <input>:1:25: error: expected 'by' after 'sort', as in 'sort by name'
            User where age > 20 sort name
                                    ^
                                     by

            """#)
    }

    @Test func conciseUnknownClause() {
        #expect(
            Syntax.diagnostics("User where age > 20 sortby name") == #"""
            <input>:1:21: error: expected 'where', 'select', 'group by', 'having', 'join', 'sort by', 'limit', 'offset' or the end of the query, found 'sortby'; did you mean 'sort by'?
            User where age > 20 sortby name
                                ^~~~~~
                                sort by

            """#)
    }

    @Test func conciseDuplicateClause() {
        #expect(
            Syntax.diagnostics("User where a > 1 where b > 2") == #"""
            <input>:1:18: error: the 'where' clause is given twice; combine them
            User where a > 1 where b > 2
                             ^~~~~
            <input>:1:6: note: first given here
            User where a > 1 where b > 2
                 ^~~~~

            """#)
    }

    @Test func conciseSortWithoutKey() {
        #expect(
            Syntax.diagnostics("User sort by") == #"""
            <input>:1:13: error: expected a property to sort by, such as 'sort by name'
            User sort by
                        ^

            """#)
    }

    @Test func parenthesizedExpressionIsNotAQuery() {
        #expect(
            Syntax.diagnostics("(a && b") == #"""
            <input>:1:1: error: expected a query, such as '#Predicate<User> { $0.age > 20 }' or 'User where age > 20', found '('
            (a && b
            ^

            """#)
    }

    @Test func trailingJunkReportedOnce() {
        #expect(
            Syntax.diagnostics("#Predicate<User> { $0.a > 1 } extra") == #"""
            <input>:1:31: error: unexpected 'extra' after the end of the query; join expressions with an operator such as '&&', or separate queries with ';'
            #Predicate<User> { $0.a > 1 } extra
                                          ^~~~~

            """#)
    }

    @Test func secondQueryInSingleQueryMode() {
        #expect(
            Syntax.diagnostics("#Predicate<User> { $0.a > 1 }\n#Predicate<User> { $0.b }") == #"""
            <input>:2:1: error: unexpected '#' after the end of the query
            #Predicate<User> { $0.b }
            ^~~~~~~~~~~~~~~~~~~~~~~~~

            """#)
    }

    @Test func blankInput() {
        #expect(
            Syntax.diagnostics("   ") == #"""
            <input>:1:4: error: expected a query, such as '#Predicate<User> { $0.age > 20 }' or 'User where age > 20'
               
               ^

            """#)
    }

    @Test func onlyAComment() {
        #expect(
            Syntax.diagnostics("// only a comment") == #"""
            <input>:1:18: error: expected a query, such as '#Predicate<User> { $0.age > 20 }' or 'User where age > 20'
            // only a comment
                             ^

            """#)
    }

    @Test func unterminatedBlockComment() {
        #expect(
            Syntax.diagnostics("#Predicate<User> { $0.a /* unterminated") == #"""
            <input>:1:25: error: unterminated '/*' comment; close it with '*/'
            #Predicate<User> { $0.a /* unterminated
                                    ^~
                                                   */

            """#)
    }

    @Test func unterminatedStringDoesNotCascade() {
        #expect(
            Syntax.diagnostics("#Predicate<User> { $0.a == \"abc\n }") == #"""
            <input>:1:28: error: unterminated string literal
            #Predicate<User> { $0.a == "abc
                                       ^

            """#)
    }

    @Test func threeIndependentErrors() {
        #expect(
            Syntax.diagnostics("#Predicate<User> { $0.a == 1 && ($0.b == 2 || ) && $0.c =  3 && $0.d & 4 }") == #"""
            <input>:1:47: error: expected expression after '||', found ')'
            #Predicate<User> { $0.a == 1 && ($0.b == 2 || ) && $0.c =  3 && $0.d & 4 }
                                                          ^
            <input>:1:57: error: '=' is assignment; use '==' to compare
            #Predicate<User> { $0.a == 1 && ($0.b == 2 || ) && $0.c =  3 && $0.d & 4 }
                                                                    ^
                                                                    ==
            <input>:1:70: error: '&' is not supported; use '&&'
            #Predicate<User> { $0.a == 1 && ($0.b == 2 || ) && $0.c =  3 && $0.d & 4 }
                                                                                 ^
                                                                                 &&

            """#)
    }

    @Test func errorsInNestedAndOuterClosure() {
        #expect(
            Syntax.diagnostics("#Predicate<User> { $0.tags.contains { $0.x == 1 && }, $0.y }") == #"""
            <input>:1:52: error: expected expression after '&&', found '}'
            #Predicate<User> { $0.tags.contains { $0.x == 1 && }, $0.y }
                                                               ^
            <input>:1:53: error: expected '}' at end of closure
            #Predicate<User> { $0.tags.contains { $0.x == 1 && }, $0.y }
                                                                ^
                                                                }
            <input>:1:18: note: to match this opening '{'
            #Predicate<User> { $0.tags.contains { $0.x == 1 && }, $0.y }
                             ^

            """#)
    }

    @Test func missingBraceOfNestedClosureByIndentation() {
        #expect(
            Syntax.diagnostics("#Predicate<User> {\n  $0.interests.contains {\n    $0.title == \"a\"\n}") == #"""
            <input>:3:20: error: expected '}' at end of closure
                $0.title == "a"
                               ^
                               }
            <input>:2:25: note: to match this opening '{'
              $0.interests.contains {
                                    ^

            """#)
    }

    @Test func missingBraceOfOuterClosure() {
        #expect(
            Syntax.diagnostics("#Predicate<User> { $0.interests.contains { $0.title == \"a\" }") == #"""
            <input>:1:61: error: expected '}' at end of closure
            #Predicate<User> { $0.interests.contains { $0.title == "a" }
                                                                        ^
                                                                        }
            <input>:1:18: note: to match this opening '{'
            #Predicate<User> { $0.interests.contains { $0.title == "a" }
                             ^

            """#)
    }

    @Test func unclosedParenthesisInNestedClosure() {
        #expect(
            Syntax.diagnostics("#Predicate<User> { user in user.a > 1 && user.interests.contains { $0.b == (1 } }") == #"""
            <input>:1:79: error: expected ')' to close '('
            #Predicate<User> { user in user.a > 1 && user.interests.contains { $0.b == (1 } }
                                                                                          ^
                                                                                         )
            <input>:1:76: note: to match this opening '('
            #Predicate<User> { user in user.a > 1 && user.interests.contains { $0.b == (1 } }
                                                                                       ^

            """#)
    }

    @Test func modelDeclarationIsNotAQuery() {
        #expect(
            Syntax.diagnostics("@Model class User {}") == #"""
            <input>:1:1: error: expected '@Query', as in '@Query(sort: \User.name)'
            @Model class User {}
            ^~~~~~

            """#)
    }

    @Test func anonymousParameterOverflow() {
        #expect(
            Syntax.diagnostics("#Predicate<User> { $99999999999999999999999 }") == #"""
            <input>:1:20: error: '$99999999999999999999999' is not a valid anonymous closure parameter
            #Predicate<User> { $99999999999999999999999 }
                               ^~~~~~~~~~~~~~~~~~~~~~~~

            """#)
    }

    @Test func dollarWithoutNumber() {
        #expect(
            Syntax.diagnostics("#Predicate<User> { $ }") == #"""
            <input>:1:20: error: expected a number after '$', as in '$0' (the closure's first parameter)
            #Predicate<User> { $ }
                               ^

            """#)
    }

    @Test func ternaryWithoutColon() {
        #expect(
            Syntax.diagnostics("#Predicate<User> { a ? b }") == #"""
            <input>:1:26: error: expected ':' after '? ...' in ternary expression
            #Predicate<User> { a ? b }
                                     ^
                                     : <#else#>
            <input>:1:22: note: to match this '?'
            #Predicate<User> { a ? b }
                                 ^

            """#)
    }

    @Test func emptyInput() {
        #expect(
            Syntax.diagnostics("") == #"""
            <input>:1:1: error: expected a query, such as '#Predicate<User> { $0.age > 20 }' or 'User where age > 20'

            ^

            """#)
    }

    @Test func equalInsteadOfDoubleEqual() {
        #expect(
            Syntax.diagnostics("#Predicate<User> { $0.a = 3 }") == #"""
            <input>:1:25: error: '=' is assignment; use '==' to compare
            #Predicate<User> { $0.a = 3 }
                                    ^
                                    ==

            """#)
    }

    @Test func ampersandInsteadOfAnd() {
        #expect(
            Syntax.diagnostics("#Predicate<User> { $0.a & $0.b }") == #"""
            <input>:1:25: error: '&' is not supported; use '&&'
            #Predicate<User> { $0.a & $0.b }
                                    ^
                                    &&

            """#)
    }

    @Test func chainedComparison() {
        #expect(
            Syntax.diagnostics("#Predicate<User> { $0.a < $0.b < 3 }") == #"""
            <input>:1:32: error: comparison operators cannot be chained ('<' then '<'): they are in the non-associative group 'ComparisonPrecedence'; compare twice and combine with '&&'
            #Predicate<User> { $0.a < $0.b < 3 }
                                           ^
                                           && $0.b
            <input>:1:25: note: first comparison is here
            #Predicate<User> { $0.a < $0.b < 3 }
                                    ^

            """#)
    }

    @Test func unterminatedString() {
        #expect(
            Syntax.diagnostics("#Predicate<User> { \"abc }") == #"""
            <input>:1:20: error: unterminated string literal
            #Predicate<User> { "abc }
                               ^

            """#)
    }

    @Test func interpolationOfAName() {
        #expect(
            Syntax.diagnostics("#Predicate<User> { $0.name == \"\\(name)\" }") == #"""
            <input>:1:32: error: string interpolation is not supported in a query; use a named parameter such as 'name' instead
            #Predicate<User> { $0.name == "\(name)" }
                                           ^~~~~~~
                                          name

            """#)
    }

    @Test func minusGluedToTheRight() {
        #expect(
            Syntax.diagnostics("#Predicate<User> { $0.a -1 }") == #"""
            <input>:1:25: error: '-' with a space before it but not after it is a prefix operator (a negative number), not a subtraction; put a space after it to subtract
            #Predicate<User> { $0.a -1 }
                                    ^
                                    - 

            """#)
    }

    @Test func memberNameMissingAfterDot() {
        #expect(
            Syntax.diagnostics("#Predicate<User> { $0. }") == #"""
            <input>:1:23: error: expected member name following '.'
            #Predicate<User> { $0. }
                                  ^
                                  <#name#>

            """#)
    }

    @Test func predicateWithoutClosure() {
        #expect(
            Syntax.diagnostics("#Predicate<User>") == #"""
            <input>:1:1: error: '#Predicate' needs a closure, as in '#Predicate<User> { $0.age > 20 }'
            #Predicate<User>
            ^~~~~~~~~~~~~~~~
                             { <#condition#> }

            """#)
    }

    @Test func sortDescriptorWithString() {
        #expect(
            Syntax.diagnostics("SortDescriptor(\"name\")") == #"""
            <input>:1:16: error: 'SortDescriptor' sorts by a key path, such as '\User.name'; '"name"' is not a key path
            SortDescriptor("name")
                           ^~~~~~

            """#)
    }

    @Test func unknownFetchDescriptorLabel() {
        #expect(
            Syntax.diagnostics("FetchDescriptor<User>(foo: 1)") == #"""
            <input>:1:23: error: 'FetchDescriptor' has no argument 'foo:'; its arguments are 'predicate:', 'sortBy:', 'fetchLimit:', 'fetchOffset:', 'includePendingChanges:', 'propertiesToFetch:' and 'relationshipKeyPathsForPrefetching:'
            FetchDescriptor<User>(foo: 1)
                                  ^~~

            """#)
    }

    @Test func strayCharacterDoesNotCascade() {
        #expect(
            Syntax.diagnostics("#Predicate<User> { $0 § 3 }") == #"""
            <input>:1:23: error: invalid character '§' in query; remove it
            #Predicate<User> { $0 § 3 }
                                  ^

            """#)
    }

    @Test func unterminatedCommentInConciseForm() {
        #expect(
            Syntax.diagnostics("User where a > 1 /* x") == #"""
            <input>:1:18: error: unterminated '/*' comment; close it with '*/'
            User where a > 1 /* x
                             ^~
                                 */

            """#)
    }
}
