import SiftSQLite
import Testing

@Suite("Catalog introspection")
struct CatalogTests {
    static let schema = """
        CREATE TABLE "order items" (
            "order id" INTEGER NOT NULL,
            "select" TEXT DEFAULT 'x',
            "a""b" REAL,
            PRIMARY KEY ("order id", "select")
        );
        CREATE INDEX "select index" ON "order items" ("a""b" DESC, "select" COLLATE NOCASE) WHERE "a""b" > 0;
        CREATE TABLE plain (name TEXT, age INTEGER);
        CREATE TABLE employees (
            id INTEGER PRIMARY KEY,
            name TEXT NOT NULL,
            managerID INTEGER REFERENCES employees(id) ON DELETE SET NULL
        );
        CREATE TABLE users (
            id INTEGER PRIMARY KEY,
            email TEXT UNIQUE NOT NULL,
            lowerEmail TEXT GENERATED ALWAYS AS (lower(email)) VIRTUAL,
            doubleID INTEGER AS (id * 2) STORED,
            created TEXT DEFAULT CURRENT_TIMESTAMP
        );
        CREATE INDEX users_lower ON users(lower(email));
        CREATE TABLE groups (id INTEGER PRIMARY KEY, name TEXT NOT NULL) STRICT;
        CREATE TABLE memberships (
            userID INTEGER NOT NULL REFERENCES users ON DELETE CASCADE,
            groupID INTEGER NOT NULL REFERENCES groups(id) ON UPDATE RESTRICT,
            PRIMARY KEY (userID, groupID)
        ) WITHOUT ROWID;
        CREATE TABLE "select" (id INTEGER PRIMARY KEY AUTOINCREMENT, "from" TEXT);
        CREATE TABLE pairs (a INT, b INT, PRIMARY KEY (b, a));
        CREATE TABLE pairRefs (x INT, y INT, FOREIGN KEY (x, y) REFERENCES pairs ON UPDATE CASCADE);
        CREATE VIEW adults AS SELECT name, age FROM plain WHERE age >= 18;
        INSERT INTO "select" ("from") VALUES ('here');
        ANALYZE;
        """

    func makeCatalog() throws -> Catalog {
        let connection = try Connection.inMemory()
        try connection.execute(Self.schema)
        return try connection.catalog()
    }

    @Test func listsTablesAndViewsByNameWithoutInternalOnes() throws {
        let catalog = try makeCatalog()
        #expect(
            catalog.tables.map(\.name)
                == ["adults", "employees", "groups", "memberships", "order items", "pairRefs", "pairs", "plain",
                    "select", "users"])
        #expect(catalog.table(named: "sqlite_sequence") == nil)
        #expect(catalog.table(named: "sqlite_stat1") == nil)
        #expect(catalog.table(named: "adults")?.isView == true)
        #expect(catalog.table(named: "adults")?.columns.map(\.name) == ["name", "age"])
        #expect(catalog.table(named: "adults")?.hasRowID == false)
        #expect(catalog.table(named: "users")?.isView == false)
        #expect(catalog.table(named: "USERS")?.name == "users")
        #expect(catalog.table(named: "users")?.sql?.hasPrefix("CREATE TABLE users") == true)
    }

    @Test func quotedIdentifiersAndCompositePrimaryKey() throws {
        let table = try #require(try makeCatalog().table(named: "order items"))
        #expect(table.columns.map(\.name) == ["order id", "select", "a\"b"])
        #expect(table.primaryKey == ["order id", "select"])
        #expect(table.columns.map(\.primaryKeyPosition) == [1, 2, nil])
        #expect(table.columns[0].notNull)
        #expect(table.columns[0].declaredType == "INTEGER")
        #expect(table.columns[1].defaultSQL == "'x'")
        #expect(table.columns[2].declaredType == "REAL")
        #expect(table.hasRowID)

        let partial = try #require(table.indexes.first { $0.name == "select index" })
        #expect(partial.origin == .createIndex)
        #expect(partial.isPartial)
        #expect(!partial.isUnique)
        #expect(
            partial.columns == [
                Catalog.Index.Column(name: "a\"b", isDescending: true, collation: "BINARY"),
                Catalog.Index.Column(name: "select", isDescending: false, collation: "NOCASE"),
            ])
        let primary = try #require(table.indexes.first { $0.origin == .primaryKey })
        #expect(primary.isUnique)
        #expect(primary.columns.map(\.name) == ["order id", "select"])
    }

    @Test func aTableWithoutPrimaryKeyUsesTheRowID() throws {
        let table = try #require(try makeCatalog().table(named: "plain"))
        #expect(table.primaryKey.isEmpty)
        #expect(table.hasRowID)
        #expect(table.columns.allSatisfy { $0.primaryKeyPosition == nil && !$0.notNull })
        #expect(table.foreignKeys.isEmpty)
        #expect(table.indexes.isEmpty)
    }

    @Test func selfReferencingForeignKey() throws {
        let table = try #require(try makeCatalog().table(named: "employees"))
        #expect(table.primaryKey == ["id"])
        #expect(
            table.foreignKeys == [
                Catalog.ForeignKey(
                    id: 0, fromColumns: ["managerID"], table: "employees", toColumns: ["id"],
                    onDelete: .setNull, onUpdate: .noAction)
            ])
    }

    @Test func joinTableWhosePrimaryKeyIsTwoForeignKeys() throws {
        let table = try #require(try makeCatalog().table(named: "memberships"))
        #expect(table.withoutRowID)
        #expect(!table.hasRowID)
        #expect(table.primaryKey == ["userID", "groupID"])
        let keys = table.foreignKeys.sorted { $0.fromColumns[0] < $1.fromColumns[0] }
        #expect(keys.count == 2)
        #expect(keys[0].fromColumns == ["groupID"])
        #expect(keys[0].table == "groups")
        #expect(keys[0].toColumns == ["id"])
        #expect(keys[0].onUpdate == .restrict)
        #expect(keys[1].fromColumns == ["userID"])
        #expect(keys[1].table == "users")
        #expect(keys[1].toColumns == ["id"])  // omitted in the schema: resolved to users' primary key
        #expect(keys[1].onDelete == .cascade)
        #expect(Set(keys.flatMap(\.fromColumns)) == Set(table.primaryKey))
        #expect(table.indexes.map(\.origin) == [.primaryKey])
    }

    @Test func omittedTargetColumnsResolveToACompositePrimaryKeyInKeyOrder() throws {
        let table = try #require(try makeCatalog().table(named: "pairRefs"))
        #expect(table.foreignKeys.count == 1)
        #expect(table.foreignKeys[0].fromColumns == ["x", "y"])
        #expect(table.foreignKeys[0].toColumns == ["b", "a"])
        #expect(table.foreignKeys[0].onUpdate == .cascade)
    }

    @Test func strictGeneratedDefaultsAndUniqueConstraints() throws {
        let catalog = try makeCatalog()
        let groups = try #require(catalog.table(named: "groups"))
        #expect(groups.isStrict)
        #expect(!groups.withoutRowID)
        #expect(catalog.table(named: "users")?.isStrict == false)

        let users = try #require(catalog.table(named: "users"))
        #expect(users.columns.map(\.name) == ["id", "email", "lowerEmail", "doubleID", "created"])
        #expect(users.columns.map(\.generation) == [.none, .none, .virtual, .stored, .none])
        #expect(users.column(named: "lowerEmail")?.isGenerated == true)
        #expect(users.column(named: "email")?.isGenerated == false)
        #expect(users.column(named: "created")?.defaultSQL == "CURRENT_TIMESTAMP")
        #expect(users.column(named: "EMAIL")?.notNull == true)

        #expect(users.indexes.map(\.name) == ["sqlite_autoindex_users_1", "users_lower"])
        let unique = users.indexes[0]
        #expect(unique.origin == .uniqueConstraint)
        #expect(unique.isUnique)
        #expect(unique.columns.map(\.name) == ["email"])
        let expression = users.indexes[1]
        #expect(expression.columns == [Catalog.Index.Column(name: nil)])
    }

    @Test func keywordNamedTableWithAutoincrement() throws {
        let table = try #require(try makeCatalog().table(named: "select"))
        #expect(table.columns.map(\.name) == ["id", "from"])
        #expect(table.primaryKey == ["id"])
    }

    @Test func emptyDatabaseHasAnEmptyCatalog() throws {
        #expect(try Connection.inMemory().catalog() == Catalog(tables: []))
    }

    @Test func virtualTablesAreListedButNotTheirShadowTables() throws {
        let connection = try Connection.inMemory()
        let hasFTS5 = (try? connection.execute("CREATE VIRTUAL TABLE notes USING fts5(title, body)")) != nil
        try #require(hasFTS5, "this SQLite lacks FTS5")
        let catalog = try connection.catalog()
        #expect(catalog.tables.map(\.name) == ["notes"])
        #expect(catalog.tables[0].kind == .virtual)
        #expect(catalog.tables[0].columns.filter { !$0.isHidden }.map(\.name) == ["title", "body"])
    }

    @Test func catalogReadingLeavesTheStatementCacheAlone() throws {
        let connection = try Connection.inMemory()
        try connection.execute(Self.schema)
        _ = try connection.catalog()
        #expect(connection.cachedStatementCount == 0)
    }
}
