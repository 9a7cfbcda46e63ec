import Foundation
import Sift
import SiftSQLite
import SiftTestSupport
import Testing

/// Portable SQL for the format-string front end, over the format differential's generated
/// queries (the same seeds: `SIFT_FORMAT_DIFFERENTIAL_COUNT`, `SIFT_FORMAT_DIFFERENTIAL_SEED`):
/// each is either refused with `portable-needs-extension` diagnostics that name the `sift_ns_*`
/// function a construct needs and point into the query, or its SQL calls no Sift function and,
/// run on a plain SQLite connection (nothing registered), selects exactly the rows the
/// evaluator's Core Data meaning selects. Byte-wise `BEGINSWITH`, `CONTAINS`, `ENDSWITH` and
/// `LIKE` without options must be among the portable ones.
@Suite("Portable SQL of format strings: plain SQLite vs the evaluator")
struct FormatPortableSQLTests {
    @Test("generated format strings compile to portable SQL with the evaluator's rows, or are refused naming the function")
    func generatedFormatStringsArePortableOrRefused() throws {
        let world = try ExampleWorld.shared()
        let database = try world.open()
        database.loweringOptions = SQLLowering.Options(breakTiesByPrimaryKey: true, readableLayout: true, portable: true)
        let plain = try PlainSQLiteConnection(path: world.path)
        let evaluator = Evaluator(tieBreak: .identity)
        let compiler = Compiler(schema: database.schema, options: .init(parameterTypes: ParameterSet.types))
        let first = FormatDifferentialTests.firstSeed
        let count = FormatDifferentialTests.count
        var portable = 0
        var portableConstructs: [String: Int] = [:]
        var refusedFunctions: [String: Int] = [:]
        for seed in first..<first + UInt64(count) {
            var generator = FormatStringGenerator(seed: seed)
            let text = generator.query()
            let compilation = compiler.check(text)
            guard let checked = compilation.checked else {
                Issue.record("seed \(seed): the generator wrote a query that does not compile:\n\(text)")
                continue
            }
            let compiled = database.compile(checked)
            if !compiled.portabilityDiagnostics.isEmpty {
                for diagnostic in compiled.portabilityDiagnostics {
                    #expect(diagnostic.id.rawValue == "portable-needs-extension", "seed \(seed): \(diagnostic)")
                    #expect(diagnostic.range.end <= compilation.source.bytes.count, "seed \(seed): a range outside the query")
                    #expect(diagnostic.notes.contains { $0.message.contains("extension") }, "seed \(seed): no remedy")
                    if let function = diagnostic.message.range(of: "'sift_ns_[a-z_]+'", options: .regularExpression) {
                        refusedFunctions[String(diagnostic.message[function]), default: 0] += 1
                    }
                }
                continue
            }
            portable += 1
            for construct in [" BEGINSWITH ", " CONTAINS ", " ENDSWITH ", " LIKE "] where text.contains(construct) {
                portableConstructs[construct, default: 0] += 1
            }
            #expect(!SiftCallScan.callsSift(compiled.sql), "seed \(seed): portable SQL calls Sift:\n\(compiled.sql)")
            let parameters = ParameterSet(seed: seed)
            guard let idColumn = compiled.columnNames.firstIndex(of: "id") else {
                Issue.record("seed \(seed): no id column")
                continue
            }
            let plainResult = Result { () throws -> [Int64] in
                let bindings = try compiled.bindings(for: parameters.sql, schema: database.schema)
                return try plain.rows(compiled.sql, bindings: bindings).map { row in
                    if case .integer(let id) = row[idColumn] { id } else { -1 }
                }
            }
            let evaluatorResult = Result { () throws -> [Int64] in
                try evaluator.run(compiled.query, in: world.dataset, parameters: parameters.evaluator).selected.map { $0.identity.integer ?? -1 }
            }
            switch (plainResult, evaluatorResult) {
            case (.success(let a), .success(let b)):
                let same = generator.isOrdered ? a == b : a.sorted() == b.sorted()
                #expect(same, "seed \(seed): portable SQL and the evaluator disagree\n\(text)\n\(compiled.sql)\nplain SQLite: \(a)\nevaluator:    \(b)")
            case (.failure, .failure):
                continue
            case (.failure(let error), .success):
                Issue.record("seed \(seed): portable SQL failed on plain SQLite (\(error)):\n\(text)\n\(compiled.sql)")
            case (.success, .failure(let error)):
                Issue.record("seed \(seed): the evaluator failed (\(error)) where portable SQL ran:\n\(text)\n\(compiled.sql)")
            }
        }
        print("portable SQL of format strings: \(portable) of \(count) generated format strings compile portably; refusals by function: \(refusedFunctions.sorted { $0.key < $1.key })")
        #expect(portable > 0, "no generated format string compiled portably")
        if count >= 1000 {
            for construct in [" BEGINSWITH ", " CONTAINS ", " ENDSWITH ", " LIKE "] {
                #expect(portableConstructs[construct, default: 0] > 0, "no portable query wrote\(construct)")
            }
            for function in ["'sift_ns_fold'", "'sift_ns_matches'"] {
                #expect(refusedFunctions[function, default: 0] > 0, "no refusal named \(function)")
            }
        }
    }
}
