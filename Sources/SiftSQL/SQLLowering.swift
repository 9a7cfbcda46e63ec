import SiftChecker
import SiftLargeStack
import SiftSchema
import SiftSyntax

/// Lowers a checked query to one SQL statement with bound parameters, with the meaning Swift
/// gives the predicate in memory.
///
/// The rules, each tested against SQLite and the in-memory evaluator:
/// - Every Boolean the predicate combines is two-valued (0 or 1, never NULL): optionals are
///   compared with `IS` / `IS NOT`, so `nil != "kim"` is true and `!(x == y)` keeps rows with nil.
///   NULL in a Boolean means only one thing: a trap (an `Int` overflow, a division by zero), and a
///   row whose predicate traps is not selected — as close to Swift's crash as a query can be.
/// - To-one relationships become `LEFT JOIN`s on the target's key (they cannot duplicate rows);
///   to-many and many-to-many become correlated `EXISTS` / `NOT EXISTS` / `count(*)` subqueries.
/// - Strings compare as Swift does: canonical equivalence through NFC (`sift_nfc`), unless the
///   column is known to hold only NFC text, in which case the bare column keeps its index (or
///   each text in NFC or NFD: then `==` matches both forms of the value, `IN (?nfc, ?nfd)`);
///   `contains` and friends call Sift's registered functions, never `LIKE`.
/// - Dates compare in the storage the schema declares; parameters are encoded to match.
/// - `Int` arithmetic is checked (`sift_iadd`, ...); `/` and `%` truncate as Swift does.
public struct SQLLowering {
    /// What the lowering may assume about the data (learned by the runtime per connection).
    public struct Facts: Sendable, Hashable {
        /// Columns (`table.column`) known to hold only NFC-normalised text, so `==`, `<` and
        /// sorting can use them bare (and their indexes).
        public var nfcColumns: Set<String>
        /// Columns known to hold each text in NFC or in NFD, never another form (text written on
        /// Apple platforms often mixes the two): `==` compares the bare column with both forms of
        /// the bound value (`IN (?nfc, ?nfd)`), and `hasPrefix` / `contains` find candidates by
        /// their bytes in either form before the exact test.
        public var nfcOrNFDColumns: Set<String>
        /// References known to be intact: every non-NULL value has a target row. Then a to-one
        /// is nil exactly when its foreign key is NULL, and counting or testing for the links of a
        /// join table needs no join with the target table.
        public var intactReferences: Set<ForeignKeyReference>
        /// Columns known to hold only ASCII text without NUL or carriage return: each byte is a
        /// character, so SQLite's byte-wise `instr`, `substr`, `length`, `lower` and `upper` give
        /// Swift's answers on them. Only portable SQL (``Options/portable``) uses this fact.
        public var asciiColumns: Set<String>
        /// Text columns whose comparisons follow a locale's collation, not code points
        /// (PostgreSQL columns whose collation is neither `C`, `POSIX` nor `C.UTF-8`): a text
        /// starting with a prefix may sort outside the prefix's range there (punctuation ignored,
        /// contractions, reordered vowels), so `hasPrefix` reads no index range of them.
        public var localeOrderedColumns: Set<String>
        /// Text columns that lead no index: a range of them finds no candidates faster than reading
        /// every row, so `hasPrefix` finds its candidates by the prefix's bytes where the dialect
        /// has such a test (``SQLDialect/prefixBytesTest(haystack:prefix:)``), one test per row
        /// instead of the range's two. Only the rows' cost depends on it, never which rows.
        public var unindexedColumns: Set<String>

        /// Facts about the data; none by default.
        public init(
            nfcColumns: Set<String> = [], nfcOrNFDColumns: Set<String> = [], intactReferences: Set<ForeignKeyReference> = [],
            asciiColumns: Set<String> = [], localeOrderedColumns: Set<String> = [], unindexedColumns: Set<String> = []
        ) {
            self.nfcColumns = nfcColumns
            self.nfcOrNFDColumns = nfcOrNFDColumns
            self.intactReferences = intactReferences
            self.asciiColumns = asciiColumns
            self.localeOrderedColumns = localeOrderedColumns
            self.unindexedColumns = unindexedColumns
        }
    }

    /// Options that change the SQL without changing the rows — as long as the facts are true
    /// (``SiftSQLite/SiftDatabase`` learns them from the data and checks them before each run).
    public struct Options: Sendable, Hashable {
        /// What is known of the data, which lets the SQL be simpler.
        public var facts: Facts
        /// Break ties in the sort order by primary key, for a deterministic order.
        public var breakTiesByPrimaryKey: Bool
        /// Lay the SQL out on several lines for people (the REPL); one line otherwise.
        public var readableLayout: Bool
        /// Write SQL that calls only SQLite's built-in functions and collations, with the same
        /// meaning (see ``CompiledQuery/portabilityDiagnostics``): it runs on any SQLite
        /// connection, without Sift's functions. A construct with no exact built-in form is
        /// refused with a `portable-needs-extension` diagnostic instead.
        public var portable: Bool

        /// Lowering options; the defaults assume nothing of the data.
        public init(facts: Facts = Facts(), breakTiesByPrimaryKey: Bool = false, readableLayout: Bool = true, portable: Bool = false) {
            self.facts = facts
            self.breakTiesByPrimaryKey = breakTiesByPrimaryKey
            self.readableLayout = readableLayout
            self.portable = portable
        }
    }

    /// Trees deeper than this are lowered on a large stack (a debug lowering frame is ~30 KB).
    static let inlineDepth = 16

    /// Lowers a checked query.
    public static func lower(
        _ query: CheckedQuery, schema: Schema, dialect: any SQLDialect = SQLiteDialect(), options: Options = Options()
    ) -> CompiledQuery {
        var compiled = lower(query, schema: schema, dialect: dialect, options: options, commonTableTextColumns: [])
        // Portable SQL of any shape (rows, selections, sub-queries, combined queries) calls only
        // SQLite's built-in functions, or is refused: a call that no construct accounts for
        // refuses the whole query.
        if options.portable, SQLiteDialect.isDialect(of: dialect), compiled.portabilityDiagnostics.isEmpty, SiftCallScan.callsSift(compiled.sql) {
            let range = query.filter?.range ?? query.selection?.columns.first?.value.range ?? query.sort.first?.range ?? .point(0)
            compiled.portabilityDiagnostics = [
                Diagnostic.error(
                    LoweringContext.needsExtension, "this query has no exact form in SQLite's built-in functions", at: range,
                    notes: [LoweringContext.portableRemedy])
            ]
        }
        return compiled
    }

    /// Lowers a checked query of any shape that reads the named sub-queries whose text columns
    /// (`name.column`) are `commonTableTextColumns` (see ``LoweringContext/commonTableTextColumns``).
    static func lower(
        _ query: CheckedQuery, schema: Schema, dialect: any SQLDialect, options: Options, commonTableTextColumns: Set<String>
    ) -> CompiledQuery {
        if options.portable, !SQLiteDialect.isDialect(of: dialect) {
            // Portable SQL's exact forms are SQLite's; in another dialect the SQL is its usual one,
            // refused where it calls Sift's functions.
            var usual = options
            usual.portable = false
            var compiled = lower(query, schema: schema, dialect: dialect, options: usual, commonTableTextColumns: commonTableTextColumns)
            compiled.portabilityDiagnostics = LoweringContext.functionDiagnostics(of: compiled)
            return compiled
        }
        if !query.commonTables.isEmpty {
            return lowerWithCommonTables(query, schema: schema, dialect: dialect, options: options, commonTableTextColumns: commonTableTextColumns)
        }
        if let measure = query.measure {
            return lowerMeasured(
                query, measure: measure, schema: schema, dialect: dialect, options: options, commonTableTextColumns: commonTableTextColumns)
        }
        var lowering = LoweringContext(query: query, schema: schema, dialect: dialect, options: options)
        lowering.commonTableTextColumns = commonTableTextColumns
        // Lowering recurses over the tree with large frames: a deep tree (up to the parser's bound
        // of 512 levels) is lowered on a thread with a large stack, whatever the caller's.
        if let height = query.filterHeight, height > Self.inlineDepth {
            return LargeStack.run { [lowering] in
                var lowering = lowering
                return lowering.lowerQuery()
            }
        }
        return lowering.lowerQuery()
    }
}
