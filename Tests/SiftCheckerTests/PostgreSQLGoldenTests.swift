import Foundation
import Sift
import SiftTestSupport
import Testing

/// Golden files of PostgreSQL's SQL: `Golden/postgresql/*.sift`, in the format of the other golden
/// files, one behaviour of ``PostgreSQLDialect`` each:
///
/// ```
/// // schema: example-db
/// // What the file shows.
/// User where age * 2 > 50
/// // expect:
/// // sql:
/// // ...
/// ```
///
/// The expectation is the SQL and its bindings (placeholders `$1`, `$2`, ...) and the functions of
/// the schema `sift` it calls; a header line `// portable` lowers with `portable: true`, where the
/// expectation of a query that needs Sift's functions is the rendered diagnostics.
/// `SIFT_UPDATE_GOLDEN=1` rewrites expectations.
@Suite struct PostgreSQLGoldenTests {
    static func files() -> [String] {
        let directory = Fixtures.goldenDirectory.appendingPathComponent("postgresql")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return names.filter { $0.hasSuffix(".sift") }.sorted()
    }

    @Test func thereArePostgreSQLGoldenFiles() {
        #expect(Self.files().count >= 15)
    }

    @Test(arguments: files())
    func postgreSQLGolden(_ name: String) throws {
        let url = Fixtures.goldenDirectory.appendingPathComponent("postgresql").appendingPathComponent(name)
        let text = try Fixtures.read(url)
        let parts = try GoldenFile.parse(text)
        #expect(parts.hasDescription, "\(name): describe the behaviour in a comment before the query")
        let schema = try Fixtures.schema(named: parts.schema)
        let compilation = Compiler(schema: schema).check(parts.query)
        var output = DiagnosticRenderer(colors: false).render(compilation.diagnostics, in: compilation.source)
        let checked = try #require(compilation.checked, "\(name): the query does not check:\n\(output)")
        let options = SQLLowering.Options(portable: parts.header.contains("// portable"))
        let compiled = SQLLowering.lower(checked, schema: schema, dialect: PostgreSQLDialect(), options: options)
        if !compiled.dialectDiagnostics.isEmpty {
            output += DiagnosticRenderer(colors: false).render(compiled.dialectDiagnostics, in: compilation.source)
        } else if compiled.portabilityDiagnostics.isEmpty {
            output += loweredOutput(compiled).replacingOccurrences(of: "  ?", with: "  $")
            let functions = PostgreSQLFunctions.calledFunctions(in: compiled.sql)
            if !functions.isEmpty { output += "calls: " + functions.joined(separator: ", ") + "\n" }
        } else {
            output += DiagnosticRenderer(colors: false).render(compiled.portabilityDiagnostics, in: compilation.source)
        }
        var actual = output.components(separatedBy: "\n")
        if actual.last == "" { actual.removeLast() }
        if GoldenTests.update {
            let expectation = actual.map { $0.isEmpty ? "//" : "// " + $0 }
            let rewritten = (parts.header + ["// expect:"] + expectation).joined(separator: "\n") + "\n"
            if rewritten != text { try rewritten.write(to: url, atomically: true, encoding: .utf8) }
        } else {
            #expect(actual == parts.expected, "\(name): output differs:\n\(output)")
        }
    }

    /// The checked-in script and the one the library hands out are the same text.
    @Test func theInstallScriptIsTheCheckedInFile() throws {
        let file = Fixtures.packageRoot.appendingPathComponent("SQL/postgresql-functions.sql")
        let text = try Fixtures.read(file)
        #expect(PostgreSQLFunctions.installScript + "\n" == text)
    }

    /// Every function the dialect calls in the schema `sift` is created by the script.
    @Test func theScriptCreatesEveryFunctionTheDialectCalls() {
        let dialect = PostgreSQLDialect()
        // Core Data's operators (format strings) are refused in PostgreSQL's dialect before any call;
        // `json_number` is written in SQLite's dialect only (PostgreSQL's `json_agg` writes numbers itself).
        // `sorted_concat` (groupConcat sortedBy:) is PostgreSQL's own `string_agg(... ORDER BY ...)`.
        let refused: Set<SiftFunction> = [
            .coreDataFold, .coreDataBeginsWith, .coreDataEndsWith, .coreDataContains, .coreDataLike, .coreDataMatches, .jsonNumber,
            .sortedConcat,
        ]
        for function in SiftFunction.allCases where !refused.contains(function) {
            var arguments = Array(repeating: SQLFragment.identifier("x"), count: max(function.arity, 1))
            // The lowering calls `fit_integer` with a constant width, which the dialect writes inline.
            if function == .fitInteger { arguments[1] = .binding(.constant(.integer(-16))) }
            let sql = dialect.call(function, arguments).rendered(dialect: dialect).text
            for name in PostgreSQLFunctions.calledFunctions(in: sql) {
                #expect(PostgreSQLFunctions.installScript.contains("FUNCTION \(name)("), "\(function): \(name) is not in the script")
            }
        }
    }
}
