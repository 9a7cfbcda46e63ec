import SiftSyntax
import Testing

/// Argument labels of the query forms are recognised from their bytes (back-quoted or not), and a
/// label's name reaches a message only when one is reported.
@Suite struct ArgumentLabelTests {
    @Test func backQuotedLabelsAreTheLabels() {
        #expect(
            Syntax.query("FetchDescriptor<User>(`predicate`: #Predicate { $0.age > 20 }, `fetchLimit`: 3)")
                == Syntax.query("FetchDescriptor<User>(predicate: #Predicate { $0.age > 20 }, fetchLimit: 3)"))
        #expect(
            Syntax.query("Query(`filter`: #Predicate<User> { $0.age > 1 }, `sort`: \\User.name, `order`: .reverse)")
                == Syntax.query("Query(filter: #Predicate<User> { $0.age > 1 }, sort: \\User.name, order: .reverse)"))
        #expect(
            Syntax.query("SortDescriptor(\\User.name, `order`: .reverse)") == Syntax.query("SortDescriptor(\\User.name, order: .reverse)"))
    }

    @Test func aLabelRepeatedBackQuotedIsGivenTwice() {
        #expect(
            Syntax.diagnostics("SortDescriptor(\\User.name, order: .reverse, `order`: .forward)") == #"""
            <input>:1:45: error: argument 'order:' is given twice
            SortDescriptor(\User.name, order: .reverse, `order`: .forward)
                                                        ^~~~~~~

            """#)
    }

    @Test func aQueryMacroLabelGivenTwice() {
        #expect(
            Syntax.diagnostics("Query(filter: #Predicate<User> { $0.age > 1 }, filter: #Predicate<User> { $0.age > 2 })") == #"""
            <input>:1:48: error: argument 'filter:' is given twice
            Query(filter: #Predicate<User> { $0.age > 1 }, filter: #Predicate<User> { $0.age > 2 })
                                                           ^~~~~~

            """#)
    }

    @Test func anUnknownLabelRepeatedIsReportedEachTime() {
        #expect(
            Syntax.diagnostics("SortDescriptor(\\User.name, ascending: true, ascending: false)") == #"""
            <input>:1:28: error: 'SortDescriptor' has no argument 'ascending:'; its arguments are a key path, 'order:' and 'comparator:'
            SortDescriptor(\User.name, ascending: true, ascending: false)
                                       ^~~~~~~~~
            <input>:1:45: error: argument 'ascending:' is given twice
            SortDescriptor(\User.name, ascending: true, ascending: false)
                                                        ^~~~~~~~~
            <input>:1:45: error: 'SortDescriptor' has no argument 'ascending:'; its arguments are a key path, 'order:' and 'comparator:'
            SortDescriptor(\User.name, ascending: true, ascending: false)
                                                        ^~~~~~~~~

            """#)
    }

    @Test func anUnknownBackQuotedLabelIsNamedWithoutItsQuotes() {
        #expect(
            Syntax.diagnostics("FetchDescriptor<User>(`fetch`: 1)") == #"""
            <input>:1:23: error: 'FetchDescriptor' has no argument 'fetch:'; its arguments are 'predicate:', 'sortBy:', 'fetchLimit:', 'fetchOffset:', 'includePendingChanges:', 'propertiesToFetch:' and 'relationshipKeyPathsForPrefetching:'
            FetchDescriptor<User>(`fetch`: 1)
                                  ^~~~~~~

            """#)
    }

    @Test func aFetchDescriptorArgumentWithoutALabel() {
        #expect(
            Syntax.diagnostics("FetchDescriptor<User>(#Predicate { $0.age > 20 })") == #"""
            <input>:1:23: error: 'FetchDescriptor' arguments need labels; they are 'predicate:', 'sortBy:', 'fetchLimit:', 'fetchOffset:', 'includePendingChanges:', 'propertiesToFetch:' and 'relationshipKeyPathsForPrefetching:'
            FetchDescriptor<User>(#Predicate { $0.age > 20 })
                                  ^~~~~~~~~~~~~~~~~~~~~~~~~~

            """#)
    }

    @Test func anIgnoredBackQuotedArgumentIsANote() {
        #expect(
            Syntax.diagnostics("FetchDescriptor<User>(`propertiesToFetch`: [])") == #"""
            <input>:1:23: note: 'propertiesToFetch:' does not change the result of a query; it is ignored
            FetchDescriptor<User>(`propertiesToFetch`: [])
                                  ^~~~~~~~~~~~~~~~~~~~~~~

            """#)
    }

    /// Labels are equal as Swift compares names (canonically), as members are: `K` written as
    /// U+212A KELVIN SIGN is still `K`, and an NFD spelling repeats an NFC one.
    @Test func labelsCompareAsSwiftComparesNames() {
        let kelvin = "FetchDescriptor<User>(predicate: #Predicate { $0.age > 20 }, relationship\u{212A}eyPathsForPrefetching: [])"
        #expect(Syntax.diagnostics(kelvin).contains("note: 'relationship\u{212A}eyPathsForPrefetching:' does not change the result"))
        #expect(!Syntax.diagnostics(kelvin).contains("error"))
        #expect(
            Syntax.diagnostics("FetchDescriptor<User>(relationshipKeyPathsForPrefetching: [], relationship\u{212A}eyPathsForPrefetching: [])")
                .contains("error: argument 'relationship\u{212A}eyPathsForPrefetching:' is given twice"))
        #expect(Syntax.diagnostics("SortDescriptor(\\User.name, caf\u{E9}: 1, cafe\u{301}: 2)").contains("is given twice"))
        #expect(Syntax.diagnostics("Query(\u{212A}: 1, K: 2)").contains("error: argument 'K:' is given twice"))
    }

    /// A label that is a prefix or an extension of a known one is another name.
    @Test func aLabelMatchesOnlyWhole() {
        #expect(Syntax.diagnostics("FetchDescriptor<User>(fetchLimits: 1)").contains("has no argument 'fetchLimits:'"))
        #expect(Syntax.diagnostics("FetchDescriptor<User>(sort: [])").contains("has no argument 'sort:'"))
        #expect(Syntax.diagnostics("Query(sortBy: \\User.name)").contains("has no argument 'sortBy:'"))
    }
}
