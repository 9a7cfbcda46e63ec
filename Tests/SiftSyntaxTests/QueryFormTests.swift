import SiftSyntax
import Testing

/// Every top-level query form parses to the exact printed query.
@Suite struct QueryFormTests {
    @Test func predicate() {
        #expect(Syntax.query("#Predicate<User> { $0.age > 20 }") == "(query predicate (model User) (filter (closure (> (member $0 age) 20))))")
    }

    @Test func predicateOnSeveralLinesWithCommentsAndReturn() {
        #expect(
            Syntax.query("#Predicate<User> {\n  // adults only\n  return $0.age > 20 /* inclusive? */\n}")
                == "(query predicate (model User) (filter (closure (return (> (member $0 age) 20)))))")
    }

    @Test func predicateWithNamedParameterAndNestedClosure() {
        #expect(
            Syntax.query(#"#Predicate<User> { user in user.name.contains("kim") && user.interests.contains { $0.title == "등산" } == true }"#)
                == #"(query predicate (model User) (filter (closure (user) (&& (call (member (member user name) contains) "kim") (== (call (member (member user interests) contains) (trailing (closure (== (member $0 title) "등산")))) true)))))"#)
    }

    @Test func predicateWithOptionalChainAndNestedClosures() {
        #expect(
            Syntax.query(#"#Predicate<User> { $0.company?.users.contains { $0.interests.contains { $0.title == "등산" } } ?? false }"#)
                == #"(query predicate (model User) (filter (closure (?? (optional-chain (call (member (member (bind (member $0 company)) users) contains) (trailing (closure (call (member (member $0 interests) contains) (trailing (closure (== (member $0 title) "등산")))))))) false))))"#)
    }

    @Test func predicateWithParenthesisedClosureArgument() {
        #expect(Syntax.query("#Predicate<User>({ $0.a })") == "(query predicate (model User) (filter (closure (member $0 a))))")
    }

    @Test func predicateWithIfExpression() {
        #expect(
            Syntax.query(#"#Predicate<User> { if let c = $0.company { c.name == "Acme" } else { false } }"#)
                == #"(query predicate (model User) (filter (closure (if ((let c (member $0 company))) (== (member c name) "Acme") false))))"#)
    }

    @Test func declarationWrapperIsIgnored() {
        #expect(Syntax.query("let adults = #Predicate<User> { $0.age >= 18 }") == "(query predicate (model User) (filter (closure (>= (member $0 age) 18))))")
    }

    @Test func sortDescriptorWithRoot() {
        #expect(Syntax.query(#"SortDescriptor(\User.birth)"#) == #"(query sortDescriptors (model User) (sort (\User.birth forward)))"#)
    }

    @Test func sortDescriptorWithOrder() {
        #expect(Syntax.query(#"SortDescriptor(\User.birth, order: .reverse)"#) == #"(query sortDescriptors (model User) (sort (\User.birth reverse)))"#)
    }

    @Test func sortDescriptorWithoutRootLeavesModelUnknown() {
        #expect(Syntax.query(#"SortDescriptor(\.name)"#) == #"(query sortDescriptors (sort (\.name forward)))"#)
    }

    @Test func sortDescriptorWithComparator() {
        #expect(
            Syntax.query(#"SortDescriptor(\User.name, comparator: .localizedStandard)"#)
                == #"(query sortDescriptors (model User) (sort (\User.name forward comparator: localizedStandard)))"#)
    }

    @Test func sortDescriptorWithGenericArgument() {
        #expect(Syntax.query(#"SortDescriptor<User>(\.name, order: SortOrder.reverse)"#) == #"(query sortDescriptors (model User) (sort (\.name reverse)))"#)
    }

    @Test func arrayOfSortDescriptors() {
        #expect(
            Syntax.query(#"[SortDescriptor(\User.name), SortDescriptor(\.age, order: .reverse)]"#)
                == #"(query sortDescriptors (model User) (sort (\User.name forward) (\.age reverse)))"#)
    }

    @Test func fetchDescriptor() {
        #expect(
            Syntax.query(#"FetchDescriptor<User>(predicate: #Predicate { $0.age > 20 }, sortBy: [SortDescriptor(\.birth, order: .reverse)], fetchLimit: 10, fetchOffset: 20)"#)
                == #"(query fetchDescriptor (model User) (filter (closure (> (member $0 age) 20))) (sort (\.birth reverse)) (limit 10) (offset 20))"#)
    }

    @Test func fetchDescriptorIgnoredArgumentsAreNotes() {
        let parsed = Parser.parseQuery(SourceFile(text: "FetchDescriptor<User>(includePendingChanges: false, propertiesToFetch: [], relationshipKeyPathsForPrefetching: [])"))
        #expect(parsed.diagnostics.map(\.severity) == [.note, .note, .note])
        #expect(parsed.diagnostics.map(\.id) == [.ignoredArgument, .ignoredArgument, .ignoredArgument])
        #expect(parsed.value.map { TreePrinter.print($0) } == "(query fetchDescriptor (model User))")
    }

    @Test func swiftUIQueryWithFilterSortAndOrder() {
        #expect(
            Syntax.query(#"@Query(filter: #Predicate<User> { $0.age > 20 }, sort: \User.age, order: .reverse)"#)
                == #"(query swiftUIQuery (model User) (filter (closure (> (member $0 age) 20))) (sort (\User.age reverse)))"#)
    }

    @Test func swiftUIQueryWithoutAtSignAndSortDescriptors() {
        #expect(
            Syntax.query(#"Query(filter: #Predicate<User> { $0.age > 20 }, sort: [SortDescriptor(\User.name)], animation: .default)"#)
                == #"(query swiftUIQuery (model User) (filter (closure (> (member $0 age) 20))) (sort (\User.name forward)))"#)
    }

    @Test func swiftUIQuerySortOnly() {
        #expect(Syntax.query(#"@Query(sort: \User.name)"#) == #"(query swiftUIQuery (model User) (sort (\User.name forward)))"#)
    }

    @Test func swiftUIQueryWithFetchDescriptor() {
        #expect(
            Syntax.query(#"@Query(FetchDescriptor<User>(predicate: #Predicate { $0.a }, fetchLimit: 5))"#)
                == "(query swiftUIQuery (model User) (filter (closure (member $0 a))) (limit 5))")
    }

    @Test func swiftUIQueryPropertyNamesTheModel() {
        #expect(Syntax.query(#"@Query(sort: \.name) private var users: [User]"#) == #"(query swiftUIQuery (model User) (sort (\.name forward)))"#)
    }

    @Test func queryRangeCoversTheWholeQuery() {
        let text = "  #Predicate<User> { $0.a }  "
        #expect(Parser.parseQuery(SourceFile(text: text)).value?.range == SourceRange(start: 2, end: 27))
    }

    @Test func multilinePrinterLayout() {
        let query = Parser.parseQuery(SourceFile(text: "User where a > 1 sort by b limit 3")).value!
        #expect(
            TreePrinter.print(query, multiline: true) == #"""
                (query concise
                  (model User)
                  (where (> a 1))
                  (sort (\.b forward))
                  (limit 3))
                """#)
    }
}

/// The concise prompt form.
@Suite struct ConciseFormTests {
    @Test func modelOnly() {
        #expect(Syntax.query("User") == "(query concise (model User))")
    }

    @Test func allClauses() {
        #expect(
            Syntax.query(#"User where age > 20 && name.contains("kim") sort by birth desc, name limit 10 offset 20"#)
                == #"(query concise (model User) (where (&& (> age 20) (call (member name contains) "kim"))) (sort (\.birth reverse) (\.name forward)) (limit 10) (offset 20))"#)
    }

    @Test func orderByWithPathsKeyPathsAndParameterLimit() {
        #expect(
            Syntax.query(#"Post order by company?.name ascending, \.title descending limit pageSize"#)
                == #"(query concise (model Post) (sort (\.company?.name forward) (\.title reverse)) (limit pageSize))"#)
    }

    @Test func dollarZeroWorksInWhere() {
        #expect(Syntax.query(#"User where $0.name == "a""#) == #"(query concise (model User) (where (== (member $0 name) "a")))"#)
    }

    @Test func clauseWordsAreContextual() {
        #expect(Syntax.query("User where limit > 3 limit 3") == "(query concise (model User) (where (> limit 3)) (limit 3))")
    }

    @Test func clausesOnSeparateLines() {
        #expect(Syntax.query("User\n  where age > 1\n  sort by name\n  limit 2") == #"(query concise (model User) (where (> age 1)) (sort (\.name forward)) (limit 2))"#)
    }

    @Test func sortOrderRangeIsRecorded() {
        let query = Parser.parseQuery(SourceFile(text: "User sort by name desc")).value!
        #expect(query.sort.first?.orderRange == SourceRange(start: 18, end: 22))
        #expect(query.sort.first?.range == SourceRange(start: 13, end: 22))
    }
}

/// Files holding several queries.
@Suite struct ScriptTests {
    static func script(_ text: String) -> String {
        let source = SourceFile(text: text)
        let parsed = Parser.parseScript(source)
        return parsed.value.map { TreePrinter.print($0) }.joined(separator: "\n") + "\n"
            + DiagnosticRenderer().render(parsed.diagnostics, in: source)
    }

    @Test func queriesSeparatedByNewlinesAndSemicolons() {
        #expect(
            Self.script("User where age > 1\nPost sort by title; #Predicate<User> { $0.a\n  && $0.b }\nSortDescriptor(\\User.name)") == #"""
                (query concise (model User) (where (> age 1)))
                (query concise (model Post) (sort (\.title forward)))
                (query predicate (model User) (filter (closure (&& (member $0 a) (member $0 b)))))
                (query sortDescriptors (model User) (sort (\User.name forward)))

                """#)
    }

    @Test func anErrorDoesNotStopTheNextQuery() {
        #expect(
            Self.script("User where x > 1 junk here\nPost") == #"""
                (query concise (model User) (where (> x 1)))
                (query concise (model Post))
                <input>:1:18: error: expected 'where', 'select', 'group by', 'having', 'join', 'sort by', 'limit', 'offset' or the end of the query, found 'junk'
                User where x > 1 junk here
                                 ^~~~

                """#)
    }

    @Test func minusAtTheStartOfALineDoesNotContinue() {
        #expect(
            Self.script("User where a\n-1") == #"""
                (query concise (model User) (where a))
                <input>:2:1: error: expected a query, such as '#Predicate<User> { $0.age > 20 }' or 'User where age > 20', found '-'
                -1
                ^

                """#)
    }

    @Test func emptyScriptHasNoQueries() {
        let parsed = Parser.parseScript(SourceFile(text: "// nothing\n;;\n"))
        #expect(parsed.value.isEmpty)
        #expect(parsed.diagnostics.isEmpty)
    }
}
