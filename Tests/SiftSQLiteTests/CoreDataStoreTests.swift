import Foundation
import Sift
import SiftSQLite
import SiftTestSupport
import Testing

/// A store laid out as Core Data writes one: entity inheritance three levels deep (Item → Book →
/// Novel, Item → Film) in one table with `Z_ENT`, a sibling attribute whose name collides
/// (`ZCODE`, `ZCODE1`), optional to-ones without FOREIGN KEY (`ZAUTHOR`, `ZSHELF`), an ordered
/// to-many (`Shelf.items`, ordered by `Z_FOK_SHELF`), a to-one to an entity with sub-entities
/// (`Shelf.featured`: `ZFEATURED` with the target's entity in `Z4FEATURED`), a many-to-many join
/// table (`Z_4TAGS`), persistent history's own entity (`CHANGE`, in `ACHANGE`), and every
/// attribute type: Integer, Boolean, Double, Decimal, String, URI, Date (TIMESTAMP), UUID (16-byte
/// BLOB), Binary Data and Transformable.
enum CoreDataFixture {
    static let sql = """
        CREATE TABLE Z_PRIMARYKEY (Z_ENT INTEGER PRIMARY KEY, Z_NAME VARCHAR, Z_SUPER INTEGER, Z_MAX INTEGER);
        CREATE TABLE Z_METADATA (Z_VERSION INTEGER PRIMARY KEY, Z_UUID VARCHAR(255), Z_PLIST BLOB);
        CREATE TABLE Z_MODELCACHE (Z_CONTENT BLOB);
        CREATE TABLE ZAUTHOR ( Z_PK INTEGER PRIMARY KEY, Z_ENT INTEGER, Z_OPT INTEGER, ZBORN TIMESTAMP, ZNAME VARCHAR, ZWEBSITE VARCHAR );
        CREATE TABLE ZITEM ( Z_PK INTEGER PRIMARY KEY, Z_ENT INTEGER, Z_OPT INTEGER, ZISAVAILABLE INTEGER, ZPAGES INTEGER,
            ZAUTHOR INTEGER, ZMINUTES INTEGER, ZSHELF INTEGER, Z_FOK_SHELF INTEGER, ZADDED TIMESTAMP, ZRATING FLOAT,
            ZPRICE DECIMAL, ZCODE VARCHAR, ZCODE1 VARCHAR, ZGENRE VARCHAR, ZTITLE VARCHAR, ZCOVER BLOB, ZIDENTIFIER BLOB,
            ZEXTRAS BLOB );
        CREATE TABLE ZSHELF ( Z_PK INTEGER PRIMARY KEY, Z_ENT INTEGER, Z_OPT INTEGER, ZFEATURED INTEGER, Z4FEATURED INTEGER, ZNAME VARCHAR );
        CREATE TABLE ZTAG ( Z_PK INTEGER PRIMARY KEY, Z_ENT INTEGER, Z_OPT INTEGER, ZNAME VARCHAR );
        CREATE TABLE ACHANGE ( Z_PK INTEGER PRIMARY KEY, Z_ENT INTEGER, Z_OPT INTEGER, ZCHANGETYPE INTEGER, ZENTITY INTEGER, ZENTITYPK INTEGER );
        CREATE TABLE Z_4TAGS ( Z_4ITEMS INTEGER, Z_7TAGS INTEGER, PRIMARY KEY (Z_4ITEMS, Z_7TAGS) );
        CREATE INDEX ZITEM_ZAUTHOR_INDEX ON ZITEM (ZAUTHOR);
        CREATE INDEX ZITEM_ZSHELF_INDEX ON ZITEM (ZSHELF);
        CREATE INDEX Z_4TAGS_Z_7TAGS_INDEX ON Z_4TAGS (Z_7TAGS, Z_4ITEMS);
        INSERT INTO Z_PRIMARYKEY VALUES (1, 'Author', 0, 2), (2, 'Book', 4, 0), (3, 'Film', 4, 0), (4, 'Item', 0, 5),
            (5, 'Novel', 2, 0), (6, 'Shelf', 0, 3), (7, 'Tag', 0, 3), (16001, 'CHANGE', 0, 0);
        INSERT INTO Z_METADATA VALUES (1, '9C1D2A6E-57B4-4E0F-8A3B-6D5E4F3A2B1C', NULL);
        INSERT INTO ZAUTHOR VALUES (1, 1, 1, -1000000000.5, 'Ursula', 'https://example.org/ursula'), (2, 1, 1, NULL, 'Ted', NULL);
        INSERT INTO ZITEM VALUES
            (1, 2, 3, 1, 412, 1, NULL, 1, 2, 100.5, 4.5, 9.99, 'B-1', NULL, NULL, 'Dune', X'00FF',
                X'E621E1F8C36C495A93FC0C247A3E6E5F', X'62706C6973743030A10155736369666908'),
            (2, 3, 1, 0, NULL, NULL, 117, 1, 1, 200, 4.0, 12.5, NULL, 'F-1', NULL, 'Alien', NULL, NULL, NULL),
            (3, 5, 1, 1, 300, 2, NULL, NULL, NULL, -50.25, NULL, NULL, 'B-2', NULL, 'classic', 'Emma', NULL, NULL, NULL),
            (4, 4, 1, 0, NULL, NULL, NULL, 2, 1, NULL, NULL, NULL, NULL, NULL, NULL, 'Lamp', NULL, NULL, NULL),
            (5, 2, 1, 1, 90, NULL, NULL, 2, 2, 0, 3.0, NULL, NULL, NULL, NULL, 'Atlas', NULL, NULL, NULL);
        INSERT INTO ZSHELF VALUES (1, 6, 1, 2, 3, 'Front'), (2, 6, 1, NULL, NULL, 'Back'), (3, 6, 1, 3, 5, 'Empty');
        INSERT INTO ZTAG VALUES (1, 7, 1, 'sf'), (2, 7, 1, 'old'), (3, 7, 1, 'unused');
        INSERT INTO Z_4TAGS VALUES (1, 1), (2, 1), (3, 2), (1, 2);
        """

    /// The app's SwiftData models: sub-entities are subclasses.
    static let models = """
        @Model final class Author {
            var name: String
            var born: Date?
            var website: URL?
            @Relationship(inverse: \\Book.author) var books: [Book] = []
        }
        @Model class Item {
            var title: String
            var isAvailable: Bool
            var added: Date?
            var rating: Double?
            var price: Decimal?
            var cover: Data?
            var identifier: UUID?
            @Attribute(.transformable(by: "NSSecureUnarchiveFromData")) var extras: [String]?
            var shelf: Shelf?
            @Relationship(inverse: \\Tag.items) var tags: [Tag] = []
        }
        @Model class Book: Item {
            var pages: Int
            var code: String?
            var author: Author?
        }
        @Model final class Film: Item {
            var minutes: Int
            var code: String?
        }
        @Model final class Novel: Book {
            var genre: String
        }
        @Model final class Shelf {
            var name: String
            var featured: Item?
            @Relationship(inverse: \\Item.shelf) var items: [Item] = []
        }
        @Model final class Tag {
            var name: String
            var items: [Item] = []
        }
        """

    /// The store's path and the model file's, in a directory removed when `files` is released.
    static func create(in files: TemporaryFiles) throws -> (store: String, models: String) {
        let directory = try files.directory("sift-coredata")
        let store = directory + "/Library.sqlite"
        let modelPath = directory + "/Models.swift"
        do {
            let writer = try Connection(path: store, mode: .readWriteCreate)
            try writer.execute(sql)
        }
        try models.write(toFile: modelPath, atomically: true, encoding: .utf8)
        return (store, modelPath)
    }
}

@Suite("Core Data stores")
struct CoreDataStoreTests {
    let files = TemporaryFiles()
    let paths: (store: String, models: String)

    init() throws {
        paths = try CoreDataFixture.create(in: files)
    }

    /// The keys a query selects on SQLite, after checking that the evaluator, reading the same
    /// store, selects the same rows in the same order.
    func ids(_ database: SiftDatabase, _ text: String, _ parameters: [String: ParameterValue] = [:], evaluatorParameters: [String: Value] = [:])
        throws -> [Int64]
    {
        let query = try database.compile(text)
        let rows = try database.fetch(query, parameters: parameters)
        let keys = rows.map { row -> Int64 in if case .int(let id)? = row["id"] { id } else { -1 } }
        let dataset = try DatasetLoader.load(from: database.connection, schema: database.schema)
        let evaluated = try Evaluator(tieBreak: .identity).run(query.query, in: dataset, parameters: evaluatorParameters)
        #expect(evaluated.selected.map { $0.identity.integer ?? -1 } == keys, "the evaluator disagrees on \(text)")
        return keys
    }

    @Test("without a model: entities from Z_PRIMARYKEY, members from the columns, and a note saying how to give the model")
    func introspectedNames() throws {
        let database = try SiftDatabase(path: paths.store)
        let names = database.schema.models.map(\.name)
        #expect(names == ["Author", "Item", "Shelf", "Tag", "Book", "Film", "Novel"])
        #expect(!database.schemaDiagnostics.contains { $0.severity >= .warning })
        let film = try #require(database.schema.model(named: "Film"))
        #expect(film.attribute(named: "code")?.columnName == "ZCODE1")
        #expect(film.attribute(named: "minutes")?.isOptional == false)
        #expect(film.entitySelection == EntitySelection(column: "Z_ENT", values: [3]))
        #expect(database.schema.model(named: "Book")?.entitySelection?.values == [2, 5])
        #expect(database.schema.model(named: "Item")?.entitySelection == nil)
        #expect(database.schema.model(named: "Item")?.attribute(named: "added")?.storage == .dateReferenceSeconds)
        // Z_OPT, Z_ENT and the ordering column are the store's bookkeeping, not members.
        #expect(database.schema.model(named: "Item")?.memberNames.contains { $0.lowercased().contains("fok") || $0 == "z_opt" } == false)
        #expect(database.schemaDiagnostics.contains { $0.id == "core-data-names" && $0.severity == .note && $0.message.contains("--schema") })
        #expect(try ids(database, "Book") == [1, 3, 5])
        #expect(try ids(database, "Novel where genre == \"classic\"") == [3])
        #expect(try ids(database, "Item where shelf?.name == \"Back\" sort by title") == [5, 4])
        #expect(try ids(database, "Tag where items.contains { $0.title == \"Emma\" }") == [2])
    }

    @Test("with the app's model: sub-entities select their own rows, relationships and every attribute type work")
    func modelNames() throws {
        let database = try SiftDatabase(path: paths.store, modelFile: paths.models)
        #expect(!database.schemaDiagnostics.contains { $0.severity >= .warning })
        #expect(try ids(database, "Item sort by title") == [2, 5, 1, 3, 4])
        #expect(try ids(database, "Book sort by pages") == [5, 3, 1])
        #expect(try ids(database, "Novel") == [3])
        #expect(try ids(database, "Film where code == \"F-1\" && minutes > 100") == [2])
        #expect(try ids(database, "Book where code == \"F-1\"") == [])
        #expect(try ids(database, "Book where author?.name == \"Ted\"") == [3])
        #expect(try ids(database, "Book where author == nil") == [5])
        #expect(try ids(database, "Author where books.count == 1 sort by name") == [2, 1])
        #expect(try ids(database, "Shelf where items.isEmpty") == [3])
        #expect(try ids(database, "Shelf where featured?.title == \"Alien\" || featured == nil") == [1, 2])
        #expect(database.schema.model(named: "Shelf")?.memberNames == ["id", "name", "items", "featured"])
        #expect(try ids(database, "Shelf where items.contains { $0.isAvailable == false }") == [1, 2])
        #expect(try ids(database, "Tag where items.allSatisfy { $0.title.hasPrefix(\"D\") || $0.title.hasPrefix(\"A\") }") == [1, 3])
        #expect(try ids(database, "Item where tags.count == 2") == [1])
        #expect(try ids(database, "Item where isAvailable && rating ?? 0 > 3.5") == [1])
        #expect(try ids(database, "Item where cover != nil") == [1])
        let cutoff = Date(timeIntervalSinceReferenceDate: 100)
        #expect(
            try ids(database, "Item where added ?? cutoff > cutoff", ["cutoff": .date(cutoff)], evaluatorParameters: ["cutoff": .date(cutoff)]) == [1, 2])
        let identifier = try #require(UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F"))
        #expect(
            try ids(database, "Item where identifier == wanted", ["wanted": .uuid(identifier)], evaluatorParameters: ["wanted": .uuid(identifier)])
                == [1])
        let start = Date(timeIntervalSinceReferenceDate: 0)
        #expect(try ids(database, "Author where (born ?? start) < start", ["start": .date(start)], evaluatorParameters: ["start": .date(start)]) == [1])
        #expect(try ids(database, "Author where website != nil") == [1])
    }

    @Test("a Transformable or Decimal property is not queryable, and the error says why")
    func unqueryableStorage() throws {
        let database = try SiftDatabase(path: paths.store, modelFile: paths.models)
        #expect {
            try database.compile("Book where extras != nil")
        } throws: { error in
            "\(error)".contains("Transformable")
        }
        #expect {
            try database.compile("Film where price != nil")
        } throws: { error in
            "\(error)".contains("Decimal")
        }
    }

    @Test("a sub-entity's SQL selects its entities' rows with bound entity numbers")
    func entityCondition() throws {
        let database = try SiftDatabase(path: paths.store, modelFile: paths.models)
        let query = try database.compile("Book where pages > 100 || title == \"Atlas\"")
        #expect(query.sql.contains(#""ZITEM"."Z_ENT" IN (?1, ?2)"#))
        #expect(Array(query.bindings.prefix(2)) == [.constant(.integer(2)), .constant(.integer(5))])
        #expect(try ids(database, "Book where pages > 100 || title == \"Atlas\"") == [1, 3, 5])
        #expect(try ids(database, "Novel where pages > 100 || title == \"Atlas\"") == [3])
    }

    @Test("a session leaves the store's bytes unchanged")
    func readOnly() throws {
        let before = try Data(contentsOf: URL(fileURLWithPath: paths.store))
        do {
            let database = try SiftDatabase(path: paths.store, modelFile: paths.models)
            _ = try ids(database, "Item where tags.isEmpty == false")
            _ = try ids(database, "Book where author?.name == \"Ted\"")
            #expect(throws: (any Error).self) { try database.connection.execute("DELETE FROM ZITEM") }
        }
        do {
            let database = try SiftDatabase(path: paths.store)
            _ = try ids(database, "Film")
        }
        let after = try Data(contentsOf: URL(fileURLWithPath: paths.store))
        #expect(after == before)
        #expect(!FileManager.default.fileExists(atPath: paths.store + "-wal"))
    }
}

@Suite("Stored values and relationships without FOREIGN KEY")
struct StoredValueTests {
    let files = TemporaryFiles()

    func database(_ sql: String, models: String? = nil) throws -> SiftDatabase {
        let directory = try files.directory("sift-stored")
        let path = directory + "/data.sqlite"
        do {
            let writer = try Connection(path: path, mode: .readWriteCreate)
            try writer.execute(sql)
        }
        guard let models else { return try SiftDatabase(path: path) }
        try models.write(toFile: directory + "/Models.swift", atomically: true, encoding: .utf8)
        return try SiftDatabase(path: path, modelFile: directory + "/Models.swift")
    }

    static let people = """
        CREATE TABLE companies (id INTEGER PRIMARY KEY, name TEXT NOT NULL);
        CREATE TABLE users (id INTEGER PRIMARY KEY, name TEXT NOT NULL, companyID INTEGER, birth TIMESTAMP NOT NULL, code INTEGER);
        INSERT INTO companies VALUES (1, 'Acme'), (2, 'Globex');
        INSERT INTO users VALUES (1, 'a', 1, 100.5, 7), (2, 'b', 2, 200, 'x7'), (3, 'c', NULL, 300.25, 9), (4, 'd', 1, 1.0, NULL);
        """

    @Test("a TIMESTAMP column holding numbers is read as what it holds, with a warning saying how to declare it")
    func numbersInATimestampColumn() throws {
        let database = try database(Self.people)
        let birth = try #require(database.schema.model(named: "User")?.attribute(named: "birth"))
        #expect(birth.type == .double)
        let warning = try #require(database.schemaDiagnostics.first { $0.id == "stored-type-mismatch" && $0.message.contains("users.birth") })
        #expect(warning.message.contains("@Storage(.referenceDate)"))
        let code = try #require(database.schema.model(named: "User")?.attribute(named: "code"))
        #expect(code.type == .integer(.int))  // INTEGER and TEXT values: not read as either; warned
        #expect(database.schemaDiagnostics.contains { $0.id == "stored-type-mismatch" && $0.message.contains("users.code") })
        let query = try database.compile("User where birth > 150")
        #expect(try database.fetch(query).compactMap { $0["id"] } == [.int(2), .int(3)])
    }

    @Test("a model file's Date over a column holding numbers is warned about, never read quietly")
    func declaredDateOverNumbers() throws {
        let models = """
            @Table struct User {
                let id: Int
                var name: String
                var birth: Date
            }
            """
        let database = try database(Self.people, models: models)
        let warning = try #require(database.schemaDiagnostics.first { $0.id == "stored-type-mismatch" })
        #expect(warning.severity == .warning)
        #expect(warning.message.contains("ISO-8601 text") && warning.message.contains("@Storage(.referenceDate)"))
    }

    @Test("a relationship the model file declares over a column without FOREIGN KEY works in queries")
    func relationshipWithoutForeignKey() throws {
        let models = """
            @Model final class User {
                var name: String
                @Storage(.referenceDate) var birth: Date
                var company: Company?
            }
            @Model final class Company {
                var name: String
                @Relationship(inverse: \\User.company) var users: [User] = []
            }
            """
        // User 5's company 9 does not exist: nothing may assume that every value has its row.
        let database = try database(Self.people + "INSERT INTO users VALUES (5, 'e', 9, 5.0, 1);", models: models)
        let users = try database.fetch(try database.compile(#"User where company?.name == "Acme""#)).compactMap { $0["id"] }
        #expect(users == [.int(1), .int(4)])
        let lonely = try database.fetch(try database.compile("User where company == nil")).compactMap { $0["id"] }
        #expect(lonely == [.int(3), .int(5)])
        let employed = try database.fetch(try database.compile("User where company != nil")).compactMap { $0["id"] }
        #expect(employed == [.int(1), .int(2), .int(4)])
        let companies = try database.fetch(try database.compile("Company where users.count == 2")).compactMap { $0["id"] }
        #expect(companies == [.int(1)])
    }

    @Test("a relationship to a column that identifies no row is refused, with the reason")
    func relationshipToANonKey() throws {
        let models = """
            @Model final class User {
                var name: String
                @Storage(.referenceDate) var birth: Date
                @Relationship var company: Company?
            }
            @Table("companies") struct Company {
                @Column(primaryKey: true) var name: String
            }
            """
        #expect {
            _ = try database(Self.people.replacingOccurrences(of: "companies (id INTEGER PRIMARY KEY, name TEXT NOT NULL)", with: "companies (id INTEGER, name TEXT NOT NULL)"), models: models)
        } throws: { error in
            "\(error)".contains("the database has no link")
        }
    }
}
