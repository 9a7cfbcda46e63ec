import Foundation
import Sift
import SiftPostgres
import SiftSQLite
import SiftTestSupport
import Testing

/// `hasPrefix` reads an index range only of columns whose collation orders texts by code point:
/// under a locale's collation a text may sort outside its prefix's range (ICU reads Thai "เก"
/// as "กเ", below "เ"), so the range would leave it out.
@Suite(.enabled(if: PostgresServer.isInstalled, Comment(rawValue: PostgresServer.notInstalledMessage)))
struct PostgresLocaleOrderedPrefixTests {
    static let models = """
        @Model final class Phrase {
            var local: String
            var bytes: String
            var plain: String
        }
        """

    static let database: Result<PostgresTestDatabase, any Error> = Result {
        let database = try PostgresServer.shared().createDatabase("locale ordered prefix")
        try database.load(PostgreSQLFunctions.installScript)
        try database.load(
            """
            CREATE TABLE "phrases" (
              "id" bigint PRIMARY KEY,
              "local" text COLLATE "und-x-icu" NOT NULL CHECK ("local" IS NFC NORMALIZED),
              "bytes" text COLLATE "C" NOT NULL CHECK ("bytes" IS NFC NORMALIZED),
              "plain" text NOT NULL CHECK ("plain" IS NFC NORMALIZED)
            );
            CREATE INDEX ON "phrases"("local");
            CREATE INDEX ON "phrases"("bytes");
            CREATE INDEX ON "phrases"("plain");
            INSERT INTO "phrases" VALUES
              (1, 'เก', 'เก', 'เก'), (2, 'เ', 'เ', 'เ'), (3, 'ก', 'ก', 'ก'), (4, 'a-b', 'a-b', 'a-b'), (5, 'แ', 'แ', 'แ');
            ANALYZE "phrases";
            """)
        return database
    }

    /// The ICU column is locale-ordered; the `C` column and the default one (the test server's
    /// databases are `C.UTF-8`) order by code point.
    @Test func onlyTheLocaleCollatedColumnIsLocaleOrdered() throws {
        let test = try Self.database.get()
        let path = TemporaryFiles.untilExit.path("locale-phrases", suffix: ".swift")
        _ = FileManager.default.createFile(atPath: path, contents: Data(Self.models.utf8))
        let database = try PostgresDatabase(uri: test.uri(), modelFile: path)
        #expect(database.effectiveLoweringOptions.facts.localeOrderedColumns == ["phrases.local"])
    }

    /// A named sub-query's column keeps its source's collation, which the catalog's facts do not
    /// name: its prefixes are tested by their bytes (`starts_with`), never by a range, and select
    /// Swift's rows under the ICU collation too.
    @Test(arguments: ["local", "bytes", "plain"])
    func aNamedSubquerysColumnIsTestedByItsBytes(column: String) throws {
        let test = try Self.database.get()
        let path = TemporaryFiles.untilExit.path("locale-phrases", suffix: ".swift")
        _ = FileManager.default.createFile(atPath: path, contents: Data(Self.models.utf8))
        let database = try PostgresDatabase(uri: test.uri(), modelFile: path)
        let stored = ["เก", "เ", "ก", "a-b", "แ"]
        for prefix in ["เ", "a-", "ก"] {
            let text = "with t = (Phrase select text: \(column)) t where text.hasPrefix(\"\(prefix)\") select text"
            let query = try database.compile(text)
            let selected = try database.fetch(query).compactMap { row -> String? in
                if case .string(let value)? = row["text"] { return value }
                return nil
            }.sorted()
            #expect(selected == stored.filter { $0.hasPrefix(prefix) }.sorted(), "\(text)\n\(query.sql)")
            #expect(query.sql.contains("starts_with(") && !query.sql.contains("\"text\" >= "), "\(query.sql)")
        }
    }

    /// Each column, with a constant and a parameter prefix, selects Swift's rows; only the
    /// code-point-ordered columns read a range.
    @Test(arguments: ["local", "bytes", "plain"])
    func prefixesSelectSwiftsRows(column: String) throws {
        let test = try Self.database.get()
        let path = TemporaryFiles.untilExit.path("locale-phrases", suffix: ".swift")
        _ = FileManager.default.createFile(atPath: path, contents: Data(Self.models.utf8))
        let database = try PostgresDatabase(uri: test.uri(), modelFile: path)
        let stored: [Int64: String] = [1: "เก", 2: "เ", 3: "ก", 4: "a-b", 5: "แ"]
        for prefix in ["เ", "a-", "", "ก"] {
            let expected = stored.filter { $0.value.hasPrefix(prefix) }.keys.sorted()
            for (text, parameters) in [
                ("#Predicate<Phrase> { $0.\(column).hasPrefix(\"\(prefix)\") }", [String: ParameterValue]()),
                ("#Predicate<Phrase> { $0.\(column).hasPrefix(prefix) }", ["prefix": ParameterValue.string(prefix)]),
            ] {
                let query = try database.compile(text, parameterTypes: parameters.isEmpty ? [:] : ["prefix": .string])
                let selected = try database.fetch(query, parameters: parameters).compactMap { row -> Int64? in
                    if case .int(let id)? = row["id"] { return id }
                    return nil
                }.sorted()
                #expect(selected == expected, "\(column) / \(prefix): \(text)\n\(query.sql)")
                let readsRange = query.sql.contains("\"\(column)\" >= ")
                #expect(readsRange == (column != "local" && !(prefix.isEmpty && parameters.isEmpty)), "\(query.sql)")
            }
        }
    }
}
