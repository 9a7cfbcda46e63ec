import Foundation
import Sift
import SiftEvaluator
import SiftPostgres
import SiftSQLite
import SiftTestSupport
import Testing

/// Columns of PostgreSQL's own types (`timestamptz`, `timestamp`, `date`, `uuid`, `numeric`,
/// `real`, `char(n)`, an enum type, `jsonb`, an array) and a table without a primary key, queried
/// through `PostgresDatabase`: every query selects the rows the in-memory evaluator selects from
/// the same rows read back through SiftPostgres (the oracle), in the same order, and the rows a
/// hand-written SQL query selects. Each predicate is also run in the concise form
/// (`Account where created < noon`) and in the builder's (`Account.where { ... }`).
@Suite(.enabled(if: PostgresServer.isInstalled, Comment(rawValue: PostgresServer.notInstalledMessage)))
struct PostgresNativeTypesTests {
    static let script = """
        CREATE TYPE mood AS ENUM ('sad', 'ok', 'happy');
        CREATE TABLE accounts (
          id bigint PRIMARY KEY, email text NOT NULL, token uuid NOT NULL, created timestamptz NOT NULL,
          seen timestamp, birthday date, balance numeric(14, 3), ratio real, code char(4), mood mood,
          settings jsonb, tags text[]);
        CREATE UNIQUE INDEX accounts_email ON accounts (email);
        INSERT INTO accounts VALUES
          (1, 'a@x', 'e621e1f8-c36c-495a-93fc-0c247a3e6e5f', '2026-03-14 09:30:00+00', '2026-03-14 09:30:00', '2026-03-14',
           10.5, 0.1, 'ab', 'happy', '{"b": 1, "a": [1, 2]}', '{x,y}'),
          (2, 'b@x', '00000000-0000-0000-0000-000000000000', '2026-03-14 09:30:00.000001+00', '2026-03-14 09:29:59.999999',
           '1970-01-01', -0.001, NULL, 'abcd', 'sad', NULL, '{}'),
          (3, 'c@x', 'ffffffff-ffff-ffff-ffff-ffffffffffff', '2026-03-14 09:29:59.999999+00', NULL, '0001-01-01',
           NULL, 1e30, NULL, NULL, '[]', NULL),
          (4, 'd@x', '43610e2e-de80-4464-85f6-16092caf300d', '9999-12-31 23:59:59.999999+00', '1500-06-01 12:00:00.5',
           '9999-12-31', 12345678901.125, -2.5, 'a b', 'ok', '"text"', '{"a b",NULL}'),
          (5, 'e@x', '43610e2e-de80-4464-85f6-16092caf300e', '0044-03-15 12:00:00+00 BC', '2001-01-01 00:00:00', NULL,
           0, 3.4028235e38, '', 'happy', 'null', '{z}'),
          (6, 'f@x', '43610e2e-de80-4464-85f6-16092caf300f', '1969-12-31 23:59:59.999999+00', '9999-12-31 23:59:59.999998', '2026-03-15',
           10.4999, 0.5, 'ab  ', 'ok', '{}', '{x,y}');
        CREATE TABLE visits (at timestamptz NOT NULL, account uuid, note text);
        INSERT INTO visits VALUES
          ('2026-01-01 00:00:00+00', 'e621e1f8-c36c-495a-93fc-0c247a3e6e5f', 'first'),
          ('2026-01-01 00:00:00+00', NULL, 'same time'),
          ('1999-12-31 23:59:59.5+00', '00000000-0000-0000-0000-000000000000', NULL),
          ('2026-01-01 00:00:00.000001+00', 'e621e1f8-c36c-495a-93fc-0c247a3e6e5f', 'later'),
          ('infinity', NULL, 'open'), ('-infinity', NULL, 'always');
        """

    static let database: Result<PostgresTestDatabase, any Error> = Result {
        let database = try PostgresServer.shared().createDatabase("native types")
        try database.load(PostgreSQLFunctions.installScript)
        try database.load(script)
        return database
    }

    /// A `Date` of PostgreSQL's text, through the runtime's own reading.
    static func date(_ text: String) -> Date { TimestampMicroseconds.date(TimestampMicroseconds.parse(text)!) }

    static let noon = date("2026-03-14 09:30:00+00")
    static let parameters: [String: Value] = [
        "noon": .date(noon),
        "firstMicrosecond": .date(date("2026-03-14 09:30:00.000001+00")),
        // Between two microseconds: no stored value is it; `<=` and `>` split at the one below.
        "betweenMicroseconds": .date(noon.addingTimeInterval(0.0000006)),
        "justAfterNoon": .date(noon.addingTimeInterval(0.0000004)),
        "lastInstant": .date(date("9999-12-31 23:59:59.999999+00")),
        "epoch": .date(date("1970-01-01")),
        "wallClock": .date(date("2026-03-14 09:30:00")),
        "newYear": .date(date("2026-01-01 00:00:00+00")),
        "wantedToken": .uuid(UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F")!),
        "zeroToken": .uuid(UUID(uuidString: "00000000-0000-0000-0000-000000000000")!),
        "noDate": .null,
        "forever": .date(Date(timeIntervalSinceReferenceDate: .infinity)),
        "never": .date(Date(timeIntervalSinceReferenceDate: -.infinity)),
        "days": .array([.date(noon), .date(noon.addingTimeInterval(0.0000006)), .date(date("9999-12-31 23:59:59.999999+00"))]),
    ]

    /// Predicate bodies on `Account` (`$0` a row), each with the hand-written SQL that selects
    /// the same ids (parameters as `$1`, their text in `sqlParameters`).
    static let accountCases: [(body: String, sql: String, sqlParameters: [String])] = [
        ("$0.created < noon", "created < $1", ["2026-03-14 09:30:00+00"]),
        ("$0.created <= noon", "created <= $1", ["2026-03-14 09:30:00+00"]),
        ("$0.created == firstMicrosecond", "created = $1", ["2026-03-14 09:30:00.000001+00"]),
        ("$0.created != firstMicrosecond", "created <> $1", ["2026-03-14 09:30:00.000001+00"]),
        ("$0.created <= betweenMicroseconds", "created <= $1", ["2026-03-14 09:30:00+00"]),
        ("$0.created < betweenMicroseconds", "created < $1", ["2026-03-14 09:30:00.000001+00"]),
        ("$0.created > betweenMicroseconds", "created > $1", ["2026-03-14 09:30:00+00"]),
        ("$0.created >= betweenMicroseconds", "created >= $1", ["2026-03-14 09:30:00.000001+00"]),
        ("$0.created == betweenMicroseconds", "false AND $1::text IS NULL", [""]),
        ("betweenMicroseconds < $0.created", "created > $1", ["2026-03-14 09:30:00+00"]),
        ("$0.created == lastInstant", "created = $1", ["9999-12-31 23:59:59.999999+00"]),
        ("$0.created > epoch && $0.created < lastInstant", "created > $1 AND created < '9999-12-31 23:59:59.999999+00'", ["1970-01-01 00:00:00+00"]),
        // A computed timestamp or a list meets a Date as seconds since 2001: exactly, unindexed.
        ("($0.seen ?? $0.created) <= betweenMicroseconds", "coalesce(seen, created) <= $1", ["2026-03-14 09:30:00+00"]),
        ("($0.seen ?? $0.created) < justAfterNoon", "coalesce(seen, created) <= $1", ["2026-03-14 09:30:00+00"]),
        ("($0.seen ?? $0.created) == firstMicrosecond", "coalesce(seen, created) = $1", ["2026-03-14 09:30:00.000001+00"]),
        ("days.contains($0.created)", "created = ANY ($1::timestamptz[])", ["{2026-03-14 09:30:00+00,9999-12-31 23:59:59.999999+00}"]),
        ("$0.seen == wallClock", "seen = $1", ["2026-03-14 09:30:00"]),
        ("$0.seen != wallClock", "seen IS DISTINCT FROM $1", ["2026-03-14 09:30:00"]),
        ("$0.birthday == epoch", "birthday = $1", ["1970-01-01"]),
        ("$0.birthday == noDate", "birthday IS NULL AND $1::text = ''", [""]),
        ("$0.seen != noDate", "seen IS NOT NULL AND $1::text = ''", [""]),
        ("$0.birthday != epoch", "birthday IS DISTINCT FROM $1", ["1970-01-01"]),
        ("$0.created.timeIntervalSinceReferenceDate > 795_173_400.000_000_5", "created > $1", ["2026-03-14 09:30:00+00"]),
        ("$0.token == wantedToken", "token = $1", ["e621e1f8-c36c-495a-93fc-0c247a3e6e5f"]),
        ("$0.token != zeroToken", "token <> $1", ["00000000-0000-0000-0000-000000000000"]),
        ("($0.balance ?? 0) > 10.4999", "coalesce(balance, 0) > $1", ["10.4999"]),
        ("$0.balance == 10.5", "balance = $1", ["10.5"]),
        ("($0.balance ?? 1) < 0", "coalesce(balance, 1) < $1", ["0"]),
        // A `real` is a `Float`: `0.1` is `Float(0.1)` there, as in Swift.
        ("($0.ratio ?? 0) > 0.1", "coalesce(ratio, 0) > $1::real", ["0.1"]),
        ("$0.ratio == 0.1", "ratio = $1::real", ["0.1"]),
        ("$0.ratio == 0.5", "ratio = $1", ["0.5"]),
        ("$0.code == \"ab\"", "code = $1", ["ab"]),
        ("$0.code == \"\"", "code = $1", [""]),
        ("$0.code?.hasSuffix(\" \") == true", "false AND $1::text IS NULL", [""]),
        ("$0.mood == .happy", "mood = $1", ["happy"]),
        ("$0.mood != .ok", "mood IS DISTINCT FROM $1", ["ok"]),
        ("$0.settings == \"[]\"", "settings = $1", ["[]"]),
        ("$0.settings?.contains(\"a\") == true", "strpos(settings::text, $1) > 0", ["a"]),
        ("$0.tags == \"{x,y}\"", "tags = $1", ["{x,y}"]),
    ]

    /// Sorted queries, with the hand-written SQL's order.
    static let sortedCases: [(query: String, sql: String)] = [
        ("Account sort by created", "SELECT id FROM accounts ORDER BY created"),
        ("Account sort by created desc", "SELECT id FROM accounts ORDER BY created DESC"),
        ("Account sort by birthday", "SELECT id FROM accounts ORDER BY birthday NULLS FIRST"),
        ("Account sort by seen desc", "SELECT id FROM accounts ORDER BY seen DESC NULLS LAST"),
        ("Account where token != zeroToken sort by created", "SELECT id FROM accounts WHERE token <> '00000000-0000-0000-0000-000000000000' ORDER BY created"),
        ("Account sort by balance", "SELECT id FROM accounts ORDER BY balance NULLS FIRST"),
        ("Account where created > epoch sort by created desc", "SELECT id FROM accounts WHERE created > '1970-01-01' ORDER BY created DESC"),
    ]

    /// The rows as SiftPostgres reads them, as the evaluator's dataset: accounts by id, visits
    /// (no primary key) in the order of their addresses, numbered from 1.
    static func dataset(_ database: PostgresDatabase) throws -> Dataset {
        var dataset = Dataset(schema: database.schema)
        for model in database.schema.models {
            let rows = try database.fetch(try database.compile(model.name))
            for (position, row) in rows.enumerated() {
                var values: [String: Value] = [:]
                for attribute in model.attributes {
                    guard let decoded = row[attribute.columnName] else { continue }
                    values[attribute.name] = try value(decoded, schema: database.schema)
                }
                let identity = row["id"].flatMap { if case .int(let id) = $0 { id } else { nil } } ?? Int64(position + 1)
                _ = try dataset.insert(model.name, id: identity, values)
            }
        }
        return dataset
    }

    static func value(_ decoded: DecodedValue, schema: Schema) throws -> Value {
        switch decoded {
        case .null: return .null
        case .bool(let value): return .bool(value)
        case .int(let value): return .int(value)
        case .double(let value): return .double(value)
        case .string(let value): return .string(value)
        case .date(let value): return .date(value)
        case .uuid(let value): return .uuid(value)
        case .data(let bytes): return .data(Data(bytes))
        case .url(let text): return .url(URL(string: text)!)
        case .enumCase(let name, _):
            guard let found = schema.enumType(named: "Mood")?.case(named: name) else { throw FixtureError("no case \(name)") }
            return .enumCase(EnumValue(enumName: "Mood", caseName: name, rawValue: found.rawValue))
        case .undecodable(let stored): throw FixtureError("undecodable value \(stored)")
        }
    }

    static func ids(_ rows: [Row]) -> [Int64] {
        rows.map { if case .int(let id)? = $0["id"] { id } else { -1 } }
    }

    static func postgresParameters() -> [String: ParameterValue] {
        parameters.mapValues { value in
            switch value {
            case .date(let date): .date(date)
            case .uuid(let uuid): .uuid(uuid)
            case .array(let dates): .array(dates.map { if case .date(let date) = $0 { .date(date) } else { .null } })
            default: .null
            }
        }
    }

    @Test(arguments: accountCases.indices)
    func accountQueriesAgree(_ index: Int) throws {
        let (body, handSQL, handParameters) = Self.accountCases[index]
        let database = try PostgresDatabase(uri: try Self.database.get().uri())
        database.loweringOptions.breakTiesByPrimaryKey = true
        let dataset = try Self.dataset(database)
        let plain = try PlainPostgresConnection(uri: try Self.database.get().uri())
        let expected = try plain.rows("SELECT id FROM accounts WHERE \(handSQL) ORDER BY id", parameters: handParameters).map { Int64($0[0]!)! }
        // The builder's spelling has SQL's meaning (NULL is unknown to `!=`), and only SQL's
        // operators: compared with the evaluator alone, where the evaluator reads it (no `??`).
        let builder = body.contains("?") || body.contains(".timeInterval") || body.contains("contains") ? [] : ["Account.where { \(body) }"]
        // The concise form of a plain comparison: `Account where created < noon`.
        let concise = body.wholeMatch(of: /\$0\.(\w+) (<|<=|>|>=|==|!=) ([\w.]+)/).map { ["Account where \($0.1) \($0.2) \($0.3)"] } ?? []
        for text in ["#Predicate<Account> { \(body) }"] + concise + builder {
            let compiled = try database.compile(text)
            let selected = Self.ids(try database.fetch(compiled, parameters: Self.postgresParameters())).sorted()
            let oracle = try Evaluator.select(text, schema: database.schema, dataset: dataset, parameters: Self.parameters).map { $0.identity.integer! }.sorted()
            #expect(selected == oracle, "\(text)\n\(compiled.sql)")
            if !text.hasPrefix("Account.where") { #expect(selected == expected, "\(text)\n\(compiled.sql)") }
        }
    }

    @Test(arguments: sortedCases.indices)
    func sortedQueriesAgree(_ index: Int) throws {
        let (text, handSQL) = Self.sortedCases[index]
        let database = try PostgresDatabase(uri: try Self.database.get().uri())
        database.loweringOptions.breakTiesByPrimaryKey = true
        let dataset = try Self.dataset(database)
        let plain = try PlainPostgresConnection(uri: try Self.database.get().uri())
        let expected = try plain.rows(handSQL).map { Int64($0[0]!)! }
        let compiled = try database.compile(text)
        let selected = Self.ids(try database.fetch(compiled, parameters: Self.postgresParameters()))
        let oracle = try Evaluator.select(text, schema: database.schema, dataset: dataset, parameters: Self.parameters, tieBreak: .identity)
            .map { $0.identity.integer! }
        #expect(selected == oracle, "\(text)\n\(compiled.sql)")
        #expect(selected == expected, "\(text)\n\(compiled.sql)")
    }

    /// Generated comparisons of each date column with `Date`s at and around the stored
    /// microseconds (a `Double` step, a fraction of a microsecond, a microsecond away) and far
    /// from them select the rows the evaluator selects.
    @Test func generatedDateComparisonsAgree() throws {
        let database = try PostgresDatabase(uri: try Self.database.get().uri())
        let dataset = try Self.dataset(database)
        let stored = try database.fetch(try database.compile("Account")).flatMap { row in
            ["created", "seen", "birthday"].compactMap { if case .date(let date)? = row[$0] { date } else { nil } }
        }
        var random = SplitMix64(seed: 35)
        let columns = [("created", false), ("seen", true), ("birthday", true)]
        for _ in 0..<300 {
            let base = stored[Int(random.next() % UInt64(stored.count))]
            let seconds = base.timeIntervalSinceReferenceDate
            let date: Date
            switch random.next() % 6 {
            case 0: date = base
            case 1: date = Date(timeIntervalSinceReferenceDate: random.next() % 2 == 0 ? seconds.nextUp : seconds.nextDown)
            case 2: date = base.addingTimeInterval(Double(Int(random.next() % 19) - 9) * 0.000_000_1)
            case 3: date = base.addingTimeInterval(Double(Int(random.next() % 3) - 1) * 0.000_001)
            case 4: date = Date(timeIntervalSinceReferenceDate: [-.infinity, -1e300, -7e11, 3e11, 1e300, .infinity][Int(random.next() % 6)])
            default: date = base.addingTimeInterval(Double(Int(random.next() % 2001) - 1000) * 3.7)
            }
            let (column, optional) = columns[Int(random.next() % 3)]
            let operators = optional ? ["==", "!="] : ["<", "<=", ">", ">=", "==", "!="]
            let op = operators[Int(random.next() % UInt64(operators.count))]
            let text = random.next() % 2 == 0 ? "#Predicate<Account> { $0.\(column) \(op) d }" : "#Predicate<Account> { d \(op) $0.\(column) }"
            let compiled = try database.compile(text)
            let selected = Self.ids(try database.fetch(compiled, parameters: ["d": .date(date)])).sorted()
            let oracle = try Evaluator.select(text, schema: database.schema, dataset: dataset, parameters: ["d": .date(date)]).map { $0.identity.integer! }.sorted()
            #expect(selected == oracle, "\(text) with d = \(date.timeIntervalSinceReferenceDate)\n\(compiled.sql)")
        }
    }

    /// Visits have no primary key: ties of `at` sort by the row's address, as the dataset lists them.
    /// Two are `infinity` and `-infinity`, read as the `Date`s of infinite intervals.
    @Test func tableWithoutPrimaryKey() throws {
        let database = try PostgresDatabase(uri: try Self.database.get().uri())
        database.loweringOptions.breakTiesByPrimaryKey = true
        let dataset = try Self.dataset(database)
        let texts = [
            "Visit where at >= newYear sort by at", "#Predicate<Visit> { $0.account == wantedToken }", "Visit sort by at desc",
            "Visit where at < lastInstant sort by at", "Visit where at != newYear sort by at desc", "#Predicate<Visit> { $0.at <= lastInstant }",
            "#Predicate<Visit> { $0.at <= forever }", "#Predicate<Visit> { $0.at >= never }", "#Predicate<Visit> { $0.at == forever }",
        ]
        for text in texts {
            let compiled = try database.compile(text)
            let notes = try database.fetch(compiled, parameters: Self.postgresParameters()).map { $0["note"]?.stringValue ?? "nil" }
            let oracle = try Evaluator.select(text, schema: database.schema, dataset: dataset, parameters: Self.parameters).map {
                dataset.value("note", of: $0).flatMap { if case .string(let note) = $0 { note } else { nil } } ?? "nil"
            }
            #expect(notes == oracle, "\(text)\n\(compiled.sql)")
        }
    }

    /// A model file says what the columns are in Swift (a `Date`, a `UUID`, its own enum); the
    /// database still says how they are stored, so the queries compare them natively.
    @Test func modelFileKeepsTheDatabaseStorage() throws {
        let path = TemporaryFiles.untilExit.path("native-models", suffix: ".swift")
        let modelText = """
            enum Mood: String { case sad, fine = "ok", happy }
            @Table("accounts") struct Account {
                let id: Int
                var created: Date
                var birthday: Date?
                var token: UUID
                var mood: Mood?
            }
            """
        FileManager.default.createFile(atPath: path, contents: Data(modelText.utf8))
        let database = try PostgresDatabase(uri: try Self.database.get().uri(), modelFile: path)
        #expect(!database.schemaDiagnostics.contains { $0.severity == .error }, "\(database.schemaDiagnostics)")
        let account = try #require(database.schema.model(named: "Account"))
        let declared = ["created", "birthday", "token", "mood"]
        #expect(declared.map { account.attribute(named: $0).map { "\($0.storage)" } } == ["timestamp", "timestamp", "uuidNative", "textForm"])
        let cases: [(String, [Int64])] = [
            ("#Predicate<Account> { $0.created <= betweenMicroseconds }", [1, 3, 5, 6]),
            ("#Predicate<Account> { $0.birthday == epoch }", [2]),
            ("#Predicate<Account> { $0.token == wantedToken }", [1]),
            ("#Predicate<Account> { $0.mood == .fine }", [4, 6]),
            ("Account where mood != .happy", [2, 3, 4, 6]),
        ]
        for (text, expected) in cases {
            let compiled = try database.compile(text)
            #expect(Self.ids(try database.fetch(compiled, parameters: Self.postgresParameters())).sorted() == expected, "\(text)\n\(compiled.sql)")
        }
        let rows = try database.fetch(try database.compile("Account where id == 4"))
        #expect(rows.first?["mood"]?.displayText(null: "nil") == "fine")
    }

    @Test func valuesReadBackExactly() throws {
        let database = try PostgresDatabase(uri: try Self.database.get().uri())
        let rows = try database.fetch(try database.compile("Account sort by id"))
        #expect(rows.map { $0["created"]!.displayText(null: "nil") } == [
            "2026-03-14T09:30:00.000Z", "2026-03-14T09:30:00.000Z", "2026-03-14T09:29:59.999Z", "10000-01-01T00:00:00.000Z",
            "-0043-03-15T12:00:00.000Z", "1969-12-31T23:59:59.999Z",
        ])
        #expect(rows[1]["created"] == .date(Date(timeIntervalSinceReferenceDate: 795_173_400.000_001)))
        let visits = try database.fetch(try database.compile("Visit sort by at"))
        #expect(visits.map { $0["at"]!.displayText(null: "nil") }.first == "-infinity")
        #expect(visits.map { $0["at"]!.displayText(null: "nil") }.last == "infinity")
        #expect(rows.map { $0["code"]!.displayText(null: "nil") } == ["ab", "abcd", "nil", "a b", "", "ab"])
        #expect(rows[0]["ratio"] == .double(Double(Float(0.1))))
        #expect(rows[0]["mood"]?.displayText(null: "nil") == "happy")
        #expect(rows[0]["settings"] == .string(#"{"a": [1, 2], "b": 1}"#))
        #expect(rows[3]["tags"] == .string(#"{"a b",NULL}"#))
        #expect(rows[0]["token"] == .uuid(UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F")!))
    }
}
