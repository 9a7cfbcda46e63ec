import Foundation
import Sift
import SiftSQLite
import SiftTestSupport
import Testing

/// `DatasetLoader` on small purpose-built databases: every date and UUID storage, rowid tables,
/// and the errors for values that do not decode.
@Suite struct DatasetLoaderTests {
    /// A database file removed (with SQLite's side files) when released.
    final class TemporaryDatabase {
        private let files = TemporaryFiles()
        let path: String
        init(_ script: String) throws {
            path = files.path("sift-eval", suffix: ".sqlite")
            try Connection(path: path, mode: .readWriteCreate).execute(script)
        }
    }

    static func attribute(_ name: String, _ type: ScalarType, _ storage: Storage, optional: Bool = false) -> Model.Member {
        .attribute(Attribute(name: name, type: type, isOptional: optional, storage: storage))
    }

    static let eventSchema = Schema(models: [
        Model(
            name: "Event", tableName: "events", primaryKey: ["id"],
            members: [
                attribute("ref", .date, .dateReferenceSeconds), attribute("unix", .date, .dateUnixSeconds),
                attribute("iso", .date, .dateISO8601, optional: true), attribute("upper", .uuid, .uuidUppercaseText, optional: true),
                attribute("lower", .uuid, .uuidLowercaseText, optional: true), attribute("bytes", .uuid, .uuidBlob, optional: true),
            ],
            style: .table)
    ])

    static let eventScript = """
        CREATE TABLE events (id INTEGER PRIMARY KEY, ref REAL, unix REAL, iso TEXT, upper TEXT, lower TEXT, bytes BLOB);
        INSERT INTO events VALUES
          (1, 817808400.0, 1796115600, '2026-12-01 09:00:00.000', 'E621E1F8-C36C-495A-93FC-0C247A3E6E5F',
           'e621e1f8-c36c-495a-93fc-0c247a3e6e5f', X'E621E1F8C36C495A93FC0C247A3E6E5F'),
          (2, 0.25, 978307200.25, '2001-01-01T00:00:00.250Z', NULL, NULL, NULL),
          (3, -0.5, 978307199.5, '2000-12-31 23:59:59.5', NULL, NULL, NULL),
          (4, 100.0, 978307200, '2001-01-01 00:01:40', NULL, NULL, NULL),
          (5, 35.125, 978307235.125, NULL, NULL, NULL, NULL);
        """

    func events() throws -> (Dataset, TemporaryDatabase) {
        let database = try TemporaryDatabase(Self.eventScript)
        return (try DatasetLoader.load(path: database.path, schema: Self.eventSchema), database)
    }

    func ids(_ text: String, _ dataset: Dataset, _ parameters: [String: Value] = [:]) throws -> [Int64] {
        try Evaluator.select(text, schema: dataset.schema, dataset: dataset, parameters: parameters).map { $0.identity.integer! }
    }

    @Test func datesAreComparedByTimeAcrossStorages() throws {
        let (dataset, _) = try events()
        #expect(try ids(#"#Predicate<Event> { $0.ref == $0.unix }"#, dataset) == [1, 2, 3, 5])
        #expect(try ids(#"#Predicate<Event> { $0.iso == $0.ref }"#, dataset) == [1, 2, 3, 4])
        #expect(try ids(#"#Predicate<Event> { $0.unix < $0.ref }"#, dataset) == [4])
    }

    @Test func aDateParameterMatchesEveryStorage() throws {
        let (dataset, _) = try events()
        let instant: Value = .date(Date(timeIntervalSinceReferenceDate: 817_808_400))
        #expect(try ids(#"#Predicate<Event> { $0.ref == d && $0.unix == d && $0.iso == d }"#, dataset, ["d": instant]) == [1])
        #expect(try ids(#"#Predicate<Event> { $0.iso == d }"#, dataset, ["d": instant]) == [1])
    }

    @Test func uuidsDecodeFromEveryStorage() throws {
        let (dataset, _) = try events()
        let event = try #require(dataset.object("Event", id: 1))
        let expected = Value.uuid(UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F")!)
        #expect(dataset.value("upper", of: event) == expected)
        #expect(dataset.value("lower", of: event) == expected)
        #expect(dataset.value("bytes", of: event) == expected)
    }

    @Test func rowidTablesAreKeyedByRowid() throws {
        let database = try TemporaryDatabase("CREATE TABLE notes (body TEXT NOT NULL); INSERT INTO notes VALUES ('b'), ('a'), ('c');")
        let schema = Schema(models: [
            Model(name: "Note", tableName: "notes", primaryKey: ["rowid"], members: [Self.attribute("body", .string, .text)], style: .introspected)
        ])
        let dataset = try DatasetLoader.load(path: database.path, schema: schema)
        #expect(try ids(#"#Predicate<Note> { $0.body != "a" }"#, dataset) == [1, 3])
        #expect(try ids(#"SortDescriptor(\Note.body)"#, dataset) == [2, 1, 3])
    }

    // MARK: Values that do not decode

    static let itemSchema = Schema(
        models: [
            Model(
                name: "Item", tableName: "items", primaryKey: ["id"],
                members: [
                    attribute("count", .integer(.int), .integer), attribute("flag", .bool, .integer),
                    attribute("due", .date, .dateISO8601, optional: true), attribute("level", .enumeration("Level"), .integer, optional: true),
                    attribute("uid", .uuid, .uuidUppercaseText, optional: true),
                ],
                style: .table)
        ],
        enums: [EnumType(name: "Level", rawType: .integer(.int), cases: [.init(name: "low", rawValue: .int(1)), .init(name: "high", rawValue: .int(3))])])

    func loadItem(_ values: String) throws -> DatasetLoadError? {
        let database = try TemporaryDatabase(
            "CREATE TABLE items (id INTEGER PRIMARY KEY, count INTEGER, flag INTEGER, due TEXT, level INTEGER, uid TEXT); INSERT INTO items VALUES (1, 5, 1, NULL, NULL, NULL), \(values);")
        do {
            _ = try DatasetLoader.load(path: database.path, schema: Self.itemSchema)
            return nil
        } catch let error as DatasetLoadError {
            return error
        }
    }

    @Test func validItemsLoad() throws {
        #expect(try loadItem("(2, -3, 0, '2024-02-29 23:59:59.999', 3, 'E621E1F8-C36C-495A-93FC-0C247A3E6E5F')") == nil)
    }

    @Test func textInAnIntegerColumnIsReported() throws {
        let error = try #require(try loadItem("(7, 'many', 1, NULL, NULL, NULL)"))
        #expect(error.table == "items" && error.row == ObjectIdentity(7) && error.column == "count" && error.storedValue == .text("many"))
    }

    @Test func anEnumRawValueWithNoCaseIsReported() throws {
        let error = try #require(try loadItem("(8, 1, 1, NULL, 2, NULL)"))
        #expect(error.row == ObjectIdentity(8) && error.column == "level" && error.reason.contains("no case"))
    }

    @Test func anInvalidDateIsReported() throws {
        let error = try #require(try loadItem("(9, 1, 1, '2026-02-30 10:00:00.000', NULL, NULL)"))
        #expect(error.row == ObjectIdentity(9) && error.column == "due")
    }

    @Test func aBoolOtherThanZeroOrOneIsReported() throws {
        let error = try #require(try loadItem("(10, 1, 2, NULL, NULL, NULL)"))
        #expect(error.row == ObjectIdentity(10) && error.column == "flag")
    }

    @Test func nullInANonOptionalAttributeIsReported() throws {
        let error = try #require(try loadItem("(11, NULL, 1, NULL, NULL, NULL)"))
        #expect(error.row == ObjectIdentity(11) && error.column == "count")
    }

    @Test func aUUIDInTheWrongCaseIsReported() throws {
        let error = try #require(try loadItem("(12, 1, 1, NULL, NULL, 'e621e1f8-c36c-495a-93fc-0c247a3e6e5f')"))
        #expect(error.row == ObjectIdentity(12) && error.column == "uid")
    }

    @Test func aDanglingForeignKeyIsReported() throws {
        let database = try TemporaryDatabase("""
            CREATE TABLE owners (id INTEGER PRIMARY KEY, name TEXT NOT NULL);
            CREATE TABLE pets (id INTEGER PRIMARY KEY, ownerID INTEGER);
            INSERT INTO owners VALUES (1, 'a'); INSERT INTO pets VALUES (1, 1), (2, 99);
            """)
        let schema = Schema(models: [
            Model(name: "Owner", tableName: "owners", primaryKey: ["id"], members: [Self.attribute("name", .string, .text)], style: .table),
            Model(
                name: "Pet", tableName: "pets", primaryKey: ["id"],
                members: [.relationship(Relationship(name: "owner", target: "Owner", cardinality: .toOne(isOptional: true), link: .foreignKey(column: "ownerID", targetColumn: "id")))],
                style: .table),
        ])
        let error = #expect(throws: DatasetLoadError.self) { try DatasetLoader.load(path: database.path, schema: schema) }
        #expect(error?.table == "pets" && error?.row == ObjectIdentity(2) && error?.column == "ownerID")
    }
}
