import Foundation
import Sift
import SiftSQLite
import SiftTestSupport
import Testing

/// Core Data stores read as Core Data lays them out, with and without the app's model; every
/// query's rows are compared with the evaluator's, reading the same store.
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

    @Test("the models `sift schema` prints for a store read the store again, to the same rows")
    func printedSchemaRoundTrips() throws {
        let introspected = try SiftDatabase(path: paths.store)
        let printed = SchemaPrinter.print(introspected.schema)
        let modelPath = try files.directory("sift-coredata-printed") + "/Printed.swift"
        try printed.write(toFile: modelPath, atomically: true, encoding: .utf8)
        let reread = try SiftDatabase(path: paths.store, modelFile: modelPath)
        #expect(!reread.schemaDiagnostics.contains { $0.severity >= .warning })
        #expect(reread.schema.models.map(\.name) == introspected.schema.models.map(\.name))
        for text in ["Book", "Film where code == \"F-1\"", "Shelf where items.count == 2", "Tag where items.contains { $0.title == \"Emma\" }"] {
            #expect(try ids(reread, text) == ids(introspected, text), "\(text)")
        }
    }

    @Test("an ordered to-many's first element is the one of smallest Z_FOK_ position (NULL first, ties by key); an unordered one has none")
    func orderedFirst() throws {
        for database in [try SiftDatabase(path: paths.store, modelFile: paths.models), try SiftDatabase(path: paths.store)] {
            #expect(database.schema.model(named: "Shelf")?.relationship(named: "items")?.orderColumn == "Z_FOK_SHELF")
            #expect(database.schema.model(named: "Tag")?.relationship(named: "items")?.isOrdered == false)
            // Shelf 1 holds Dune (key 1, position 2) and Alien (key 2, position 1).
            #expect(try ids(database, "Shelf where items.first?.title == \"Alien\"") == [1])
            #expect(try ids(database, "Shelf where items.first?.title == \"Dune\"") == [])
            // Shelf 2 holds Lamp (position 1) and Atlas (position NULL): Core Data's ORDER BY puts NULL first.
            #expect(try ids(database, "Shelf where items.first?.title == \"Atlas\"") == [2])
            #expect(try ids(database, "Shelf where items.first == nil") == [3])
            #expect(try ids(database, "Shelf where items.first != nil && items.first?.rating == 3.0 sort by name") == [2])
            #expect(try ids(database, "Shelf where (items.first?.rating ?? 0) > 3.5 || items.count > 5") == [1])
            // A sub-entity's elements (Book's) are chosen among its own entities' rows, numbers bound.
            let books = try database.compile("Author where books.first?.title == \"Emma\"")
            #expect(books.sql.contains(#"ORDER BY "ZITEM"."Z_FOK_AUTHOR", "ZITEM"."Z_PK" LIMIT 1)"#))
            #expect(books.sql.contains(#""ZITEM"."Z_ENT" IN (?1, ?2)"#))
            #expect(try ids(database, "Author where books.first?.title == \"Emma\"") == [2])
            #expect(try ids(database, "Author where books.first?.pages ?? 0 > 400") == [1])
            #expect {
                try database.compile("Shelf where items.first { $0.title.hasPrefix(\"D\") }?.title == \"Dune\"")
            } throws: { error in
                "\(error)".contains("'first(where:)' of a relationship is not supported")
            }
            #expect {
                try database.compile("Tag where items.first?.title == \"Dune\"")
            } throws: { error in
                "\(error)".contains("a relationship has no order")
            }
        }
    }

    @Test("a row carries its to-one columns after the attributes, named as the model names the relationships")
    func toOneColumns() throws {
        let database = try SiftDatabase(path: paths.store, modelFile: paths.models)
        let book = try database.compile("Book where title == \"Emma\"")
        #expect(book.columns.first?.name == "id")
        #expect(book.columns.suffix(2).map(\.name) == ["author", "shelf"])
        #expect(book.columns.suffix(2).map(\.columnName) == ["ZAUTHOR", "ZSHELF"])
        let row = try #require(try database.fetch(book).first)
        guard case .int(2)? = row["author"] else { Issue.record("author: \(String(describing: row["author"]))"); return }
        guard case .null? = row["shelf"] else { Issue.record("shelf: \(String(describing: row["shelf"]))"); return }
        let shelf = try database.compile("Shelf where name == \"Front\"")
        #expect(shelf.columns.map(\.name) == ["id", "name", "featured"])
        guard case .int(2)? = try database.fetch(shelf).first?["featured"] else { Issue.record("featured"); return }
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
