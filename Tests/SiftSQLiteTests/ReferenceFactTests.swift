import Foundation
import Sift
import SiftSQLite
import SiftTestSupport
import Testing

/// What a connection learns about foreign keys: when every non-NULL value has a target row, a
/// to-one is nil exactly when its key is NULL, and a join table's links are counted without the
/// target table. When a reference dangles, the joins stay, and the rows are those of the joins.
@Suite struct ReferenceFactTests {
    let temporaryFiles = TemporaryFiles()

    static let schema = """
        CREATE TABLE companies (id INTEGER PRIMARY KEY, name TEXT NOT NULL);
        CREATE TABLE users (id INTEGER PRIMARY KEY, name TEXT NOT NULL, companyID INTEGER REFERENCES companies(id));
        CREATE TABLE interests (id INTEGER PRIMARY KEY, title TEXT NOT NULL);
        CREATE TABLE userInterests (userID INTEGER NOT NULL REFERENCES users(id), interestID INTEGER NOT NULL REFERENCES interests(id),
            PRIMARY KEY (userID, interestID));
        INSERT INTO companies VALUES (1, 'Acme'), (2, 'Globex');
        INSERT INTO users VALUES (1, 'Ana', 1), (2, 'Bo', NULL), (3, 'Cy', 2), (4, 'Di', NULL);
        INSERT INTO interests VALUES (1, 'Chess'), (2, 'Go'), (3, 'Judo');
        INSERT INTO userInterests VALUES (1, 1), (1, 2), (3, 2);
        """
    /// Users 5 and 6 point at no company; links point at no interest (9) and at no user (8).
    static let dangling = """
        INSERT INTO users VALUES (5, 'Ed', 77), (6, 'Flo', 78);
        INSERT INTO userInterests VALUES (4, 9), (8, 3);
        """

    /// A database made by `script` in a file removed when `files` is released, opened read-write.
    static func open(_ script: String, in files: TemporaryFiles) throws -> SiftDatabase {
        let path = files.path("sift-references", suffix: ".sqlite")
        try Connection(path: path, mode: .readWriteCreate).execute(script)
        return try SiftDatabase(path: path, mode: .readWrite)
    }

    static func ids(_ database: SiftDatabase, _ text: String) throws -> (sql: String, ids: [Int64]) {
        let query = try database.compile(text)
        let rows = try database.fetch(query)
        return (query.sql, rows.map { if case .int(let id)? = $0["id"] { id } else { -1 } }.sorted())
    }

    /// Queries with the ids they select on the intact data, and on the data with dangling keys
    /// (where a missing target is nil and a link to no row is no element).
    static let cases: [(query: String, intact: [Int64], dangling: [Int64])] = [
        ("User where company == nil", [2, 4], [2, 4, 5, 6]),
        ("User where company != nil", [1, 3], [1, 3]),
        ("User where interests.isEmpty", [2, 4], [2, 4, 5, 6]),
        ("User where interests.count == 2", [1], [1]),
        ("#Predicate<Interest> { $0.users.isEmpty }", [3], [3]),
        ("#Predicate<Interest> { !$0.users.isEmpty }", [1, 2], [1, 2]),
        // Closures that read only the interest's key: its links are the interests.
        ("User where interests.allSatisfy { $0.users.count > 1 }", [2, 3, 4], [2, 3, 4, 5, 6]),
        ("User where interests.contains { $0.users.count == 2 }", [1, 3], [1, 3]),
    ]

    @Test func intactReferencesNeedNoJoin() throws {
        let database = try Self.open(Self.schema, in: temporaryFiles)
        for (text, intact, _) in Self.cases {
            let (sql, ids) = try Self.ids(database, text)
            #expect(!sql.contains("JOIN"), "\(text)\n\(sql)")
            #expect(ids == intact, "\(text)\n\(sql)")
        }
    }

    @Test func danglingReferencesKeepTheJoins() throws {
        let database = try Self.open(Self.schema + Self.dangling, in: temporaryFiles)
        for (text, _, dangling) in Self.cases {
            let (sql, ids) = try Self.ids(database, text)
            #expect(sql.contains("JOIN"), "\(text)\n\(sql)")
            #expect(ids == dangling, "\(text)\n\(sql)")
        }
    }

    @Test func aQueryCompiledOnTheFactIsLoweredAgainWhenAKeyStartsToDangle() throws {
        let database = try Self.open(Self.schema, in: temporaryFiles)
        let nilCompany = try database.compile("User where company == nil")
        let noInterests = try database.compile("User where interests.isEmpty")
        #expect(!nilCompany.referenceAssumptions.isEmpty && !noInterests.referenceAssumptions.isEmpty)
        try database.connection.execute(Self.dangling)
        #expect(try database.fetch(nilCompany).count == 4)
        #expect(try database.fetch(noInterests).count == 4)
    }

    /// Another connection makes a key dangle after the fact was learned, even after the query
    /// last ran: the run sees the change in the data its statement reads, and lowers again.
    @Test func anotherConnectionsCommitIsSeenByTheNextRun() throws {
        let path = temporaryFiles.path("sift-references", suffix: ".sqlite")
        try Connection(path: path, mode: .readWriteCreate).execute(Self.schema)
        let database = try SiftDatabase(path: path, mode: .readOnly)
        let nilCompany = try database.compile("User where company == nil")
        #expect(!nilCompany.referenceAssumptions.isEmpty)
        let before = try database.fetch(nilCompany).count
        try Connection(path: path, mode: .readWrite).execute(Self.dangling)
        #expect(try database.fetch(nilCompany).count == 4, "was \(before)")
        #expect(try database.fetch(nilCompany, values: []).count == 4)
    }

    /// Another connection makes a key dangle between two compilations: the second is lowered on
    /// the fact learned before (a compilation does not ask whether the data changed), and its
    /// run, which does, lowers it again.
    @Test func anotherConnectionsCommitBetweenTwoCompilationsIsSeenByTheRun() throws {
        let path = temporaryFiles.path("sift-references", suffix: ".sqlite")
        try Connection(path: path, mode: .readWriteCreate).execute(Self.schema)
        let database = try SiftDatabase(path: path, mode: .readOnly)
        #expect(!(try database.compile("User where company == nil").referenceAssumptions.isEmpty))
        try Connection(path: path, mode: .readWrite).execute(Self.dangling)
        let query = try database.compile("#Predicate<User> { $0.company == nil }")
        #expect(!query.referenceAssumptions.isEmpty, "compiled on the fact learned before the commit")
        #expect(try database.fetch(query).count == 4)
        #expect(try database.fetch(query, values: []).count == 4)
    }

    /// A fact learned after another connection's commit is learned with the others forgotten: a
    /// compilation that must learn one first reads the state of the data, so no fact about the
    /// data before the commit is trusted beside one about the data after it.
    @Test func learningAFactAfterACommitForgetsTheOlderOnes() throws {
        let path = temporaryFiles.path("sift-references", suffix: ".sqlite")
        try Connection(path: path, mode: .readWriteCreate).execute(Self.schema)
        let database = try SiftDatabase(path: path, mode: .readOnly)
        #expect(!(try database.compile("User where company == nil").referenceAssumptions.isEmpty))
        try Connection(path: path, mode: .readWrite).execute(Self.dangling)
        // Needs the join table's references, not known yet: learned on the data as it is now.
        let (interestsSQL, interestsIDs) = try Self.ids(database, "User where interests.isEmpty")
        #expect(interestsSQL.contains("JOIN"), "\(interestsSQL)")
        #expect(interestsIDs == [2, 4, 5, 6])
        let (sql, ids) = try Self.ids(database, "User where company == nil")
        #expect(sql.contains("JOIN"), "the fact about users.companyID was learned again: \(sql)")
        #expect(ids == [2, 4, 5, 6])
    }

    /// This connection's own write between two compilations is seen by the second at once.
    @Test func thisConnectionsWriteIsSeenByTheNextCompilation() throws {
        let database = try Self.open(Self.schema, in: temporaryFiles)
        #expect(!(try database.compile("User where company == nil").referenceAssumptions.isEmpty))
        try database.connection.execute(Self.dangling)
        let (sql, ids) = try Self.ids(database, "User where company == nil")
        #expect(sql.contains("JOIN"), "\(sql)")
        #expect(ids == [2, 4, 5, 6])
    }

    /// A closure over a user's interests that reads nothing of an interest but its key (its own
    /// users) tests the links alone when they are intact; one that reads more, or over links that
    /// dangle, joins the interests. A link to no interest is no element.
    @Test func aClosureReadingOnlyTheElementsKeyTestsTheLinks() throws {
        let keyOnly = #"User where interests.contains { $0.users.contains { $0.name == "Cy" } }"#
        let titled = #"User where interests.contains { $0.title == "Go" && $0.users.contains { $0.name == "Cy" } }"#
        let whole = #"User where interests.contains { interest in interest.users.contains { $0.name == "Ana" } && interest.id > 1 }"#
        let intact = try Self.open(Self.schema, in: temporaryFiles)
        let (sql, ids) = try Self.ids(intact, keyOnly)
        #expect(!sql.contains(#"JOIN "interests""#) && sql.contains(#""userInterests"."interestID" IN"#), "\(sql)")
        #expect(ids == [1, 3], "\(sql)")
        let (titledSQL, titledIDs) = try Self.ids(intact, titled)
        #expect(titledSQL.contains(#"JOIN "interests""#), "\(titledSQL)")
        #expect(titledIDs == [1, 3], "\(titledSQL)")
        let (wholeSQL, wholeIDs) = try Self.ids(intact, whole)
        #expect(!wholeSQL.contains(#"JOIN "interests""#), "\(wholeSQL)")
        #expect(wholeIDs == [1, 3], "\(wholeSQL)")
        // Users 2 and 4 are linked to no interest (9); user 8, linked to Judo, does not exist.
        let dangling = try Self.open(Self.schema + Self.dangling + "INSERT INTO userInterests VALUES (4, 2), (2, 9);", in: temporaryFiles)
        let (danglingSQL, danglingIDs) = try Self.ids(dangling, keyOnly)
        #expect(danglingSQL.contains(#"JOIN "interests""#), "\(danglingSQL)")
        #expect(danglingIDs == [1, 3, 4], "\(danglingSQL)")
        // Bo's only link is to no interest: it is no element, though Di has a link to it too.
        #expect(try Self.ids(dangling, #"User where interests.contains { $0.users.contains { $0.name == "Di" } }"#).ids == [1, 3, 4])
    }

    /// Links whose column has no type hold the text '2', which the integer key 2 matches in a
    /// join: they are not the keys' values, so the join stays.
    @Test func aLinkHoldingTheKeyAsTextIsNotTheKey() throws {
        let script = Self.schema.replacingOccurrences(
            of: "interestID INTEGER NOT NULL REFERENCES interests(id)", with: "interestID NOT NULL REFERENCES interests(id)"
        ).replacingOccurrences(of: "INSERT INTO userInterests VALUES (1, 1), (1, 2), (3, 2);", with: "INSERT INTO userInterests VALUES (1, '1'), (1, '2'), (3, '2');")
        #expect(script != Self.schema)
        let database = try Self.open(script, in: temporaryFiles)
        let (sql, ids) = try Self.ids(database, "User where interests.contains { $0.id == 2 }")
        #expect(sql.contains(#"JOIN "interests""#), "\(sql)")
        #expect(ids == [1, 3], "\(sql)")
    }

    /// A join table whose key columns may be NULL: a link with a NULL key points at nothing, so it
    /// is no element, whether or not the other links are intact.
    @Test func aLinkWithANullKeyIsNoElement() throws {
        let script = Self.schema.replacingOccurrences(
            of: "userID INTEGER NOT NULL REFERENCES users(id), interestID INTEGER NOT NULL REFERENCES interests(id)",
            with: "userID INTEGER REFERENCES users(id), interestID INTEGER REFERENCES interests(id)")
        #expect(script != Self.schema)
        let database = try Self.open(script + "INSERT INTO userInterests VALUES (2, NULL), (NULL, 3);", in: temporaryFiles)
        #expect(try Self.ids(database, "User where interests.isEmpty").ids == [2, 4])
        #expect(try Self.ids(database, "User where interests.count == 1").ids == [3])
        #expect(try Self.ids(database, "#Predicate<Interest> { $0.users.isEmpty }").ids == [3])
        #expect(try Self.ids(database, "#Predicate<Interest> { $0.users.count == 1 }").ids == [1])
    }

    /// The check names the foreign key's values through their own alias: a target table with a
    /// column called `key` (here equal to its id) must not answer for them.
    @Test func aTargetColumnNamedKeyDoesNotHideADanglingKey() throws {
        let script = Self.schema
            .replacingOccurrences(of: "CREATE TABLE companies (id INTEGER PRIMARY KEY, name TEXT NOT NULL);",
                with: "CREATE TABLE companies (id INTEGER PRIMARY KEY, name TEXT NOT NULL, key INTEGER);")
            .replacingOccurrences(of: "INSERT INTO companies VALUES (1, 'Acme'), (2, 'Globex');",
                with: "INSERT INTO companies VALUES (1, 'Acme', 1), (2, 'Globex', 2);")
        #expect(script != Self.schema)
        let database = try Self.open(script + "INSERT INTO users VALUES (5, 'Ed', 77);", in: temporaryFiles)
        let (sql, ids) = try Self.ids(database, "User where company == nil")
        #expect(sql.contains("JOIN"), "\(sql)")
        #expect(ids == [2, 4, 5], "\(sql)")
    }
}
