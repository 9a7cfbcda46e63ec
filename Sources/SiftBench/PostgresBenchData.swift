import Foundation
import Sift
import SiftTestSupport

/// The benchmark database on a private PostgreSQL server: the same rows as the SQLite benchmark
/// database of the same scale and seed (`BenchData`, read back from its cached file), copied with
/// `COPY ... FROM STDIN`, in PostgreSQL's types (`bigint`, `float8`, `text`, `boolean` for
/// `users.isActive`), with the same keys and indexes, then `ANALYZE`d. Names keep their case
/// (quoted), as in `Examples/example.postgresql.sql`, so the same model file describes both.
///
/// The server (`PostgresServer`, shared with the tests) runs in a temporary directory on a Unix
/// socket and is stopped when the benchmark ends; the data is loaded at every run (it takes about
/// a tenth of the SQLite file's generation time per million users on two cores).
enum PostgresBenchData {
    /// The server's memory for a data set of millions of rows (the default 128 MB of shared
    /// buffers would measure the operating system's cache more than the SQL), and WAL-free loading
    /// (`wal_level = minimal`: a table created in the transaction that fills it is not logged).
    static let serverSettings: [(String, String)] = [
        ("shared_buffers", "2GB"), ("work_mem", "64MB"), ("maintenance_work_mem", "1GB"), ("max_wal_size", "8GB"),
        ("wal_level", "minimal"), ("max_wal_senders", "0"), ("checkpoint_timeout", "30min"),
    ]

    /// Tables in foreign-key order, created without constraints (added after the rows are in).
    static let tablesSQL = """
        CREATE TABLE "companies" ("id" bigint NOT NULL, "name" text NOT NULL, "city" text, "founded" float8);
        CREATE TABLE "users" (
          "id" bigint NOT NULL, "identifier" text NOT NULL, "name" text NOT NULL, "nickname" text,
          "age" bigint NOT NULL, "birth" float8 NOT NULL, "score" float8 NOT NULL, "isActive" boolean NOT NULL,
          "companyID" bigint
        );
        CREATE TABLE "interests" ("id" bigint NOT NULL, "title" text NOT NULL, "category" text);
        CREATE TABLE "userInterests" ("userID" bigint NOT NULL, "interestID" bigint NOT NULL);
        """

    /// The keys of `BenchData.schemaSQL`, the indexes of `BenchData.indexSQL`, and what the
    /// hand-written SQL knows of the text columns (`BenchData`: `users.name` holds each text
    /// composed or decomposed, the other columns NFC only) declared as check constraints, which
    /// the server enforces and Sift reads (`PostgresDatabase.declaredFacts`).
    static let constraintsSQL = """
        ALTER TABLE "users" ADD CHECK ("name" IS NFC NORMALIZED OR "name" IS NFD NORMALIZED),
          ADD CHECK ("nickname" IS NFC NORMALIZED), ADD CHECK ("identifier" IS NFC NORMALIZED);
        ALTER TABLE "companies" ADD CHECK ("name" IS NFC NORMALIZED), ADD CHECK ("city" IS NFC NORMALIZED);
        ALTER TABLE "interests" ADD CHECK ("title" IS NFC NORMALIZED), ADD CHECK ("category" IS NFC NORMALIZED);
        ALTER TABLE "companies" ADD PRIMARY KEY ("id");
        ALTER TABLE "users" ADD PRIMARY KEY ("id");
        ALTER TABLE "users" ADD UNIQUE ("identifier");
        ALTER TABLE "interests" ADD PRIMARY KEY ("id");
        ALTER TABLE "userInterests" ADD PRIMARY KEY ("userID", "interestID");
        ALTER TABLE "users" ADD FOREIGN KEY ("companyID") REFERENCES "companies"("id") ON DELETE SET NULL;
        ALTER TABLE "userInterests" ADD FOREIGN KEY ("userID") REFERENCES "users"("id") ON DELETE CASCADE;
        ALTER TABLE "userInterests" ADD FOREIGN KEY ("interestID") REFERENCES "interests"("id") ON DELETE CASCADE;
        CREATE INDEX "users_age" ON "users"("age");
        CREATE INDEX "users_name" ON "users"("name");
        CREATE INDEX "users_birth" ON "users"("birth");
        CREATE INDEX "users_companyID" ON "users"("companyID");
        CREATE INDEX "userInterests_interestID" ON "userInterests"("interestID");
        CREATE INDEX "interests_title" ON "interests"("title");
        CREATE INDEX "companies_name" ON "companies"("name");
        """

    /// Each table's columns as read from SQLite, and which are Booleans stored as 0/1.
    static let tables: [(name: String, columns: [String], booleans: Set<String>)] = [
        ("companies", ["id", "name", "city", "founded"], []),
        ("interests", ["id", "title", "category"], []),
        ("users", ["id", "identifier", "name", "nickname", "age", "birth", "score", "isActive", "companyID"], ["isActive"]),
        ("userInterests", ["userID", "interestID"], []),
    ]

    struct Loaded {
        var server: PostgresServer
        var uri: String
        var size: BenchData.Size
        var loadSeconds: Double
        var indexSeconds: Double
    }

    /// Starts a server, creates the database `bench`, installs Sift's functions (schema `sift`)
    /// and loads the rows of the SQLite benchmark database at `scale`.
    static func load(_ context: SuiteContext, scale: Double) throws -> Loaded {
        let sqlitePath = try context.benchmarkDatabase(scale: scale)
        let size = BenchData.Size(scale: scale)
        print("starting a private PostgreSQL server and loading the benchmark database (\(size)) …")
        let server = try PostgresServer.start(settings: serverSettings)
        try RawPostgres(uri: server.uri()).execute("CREATE DATABASE bench TEMPLATE template0 ENCODING 'UTF8'")
        let uri = server.uri(database: "bench")
        let postgres = try RawPostgres(uri: uri)
        try postgres.execute(PostgreSQLFunctions.installScript)

        let start = MonotonicClock.now()
        let sqlite = try RawSQLite(path: sqlitePath, readOnly: true)
        try postgres.execute("BEGIN")
        try postgres.execute(tablesSQL)
        for table in tables {
            let columns = table.columns.map { "\"\($0)\"" }.joined(separator: ", ")
            let select = try sqlite.prepare("SELECT \(table.columns.map { "\"\($0)\"" }.joined(separator: ", ")) FROM \"\(table.name)\" ORDER BY rowid")
            try postgres.copy("COPY \"\(table.name)\" (\(columns)) FROM STDIN") { send in
                let booleanColumns = table.columns.enumerated().filter { table.booleans.contains($0.element) }.map(\.offset)
                while try select.step() {
                    var line = ""
                    for column in 0..<table.columns.count {
                        if column > 0 { line += "\t" }
                        let value = select.value(Int32(column))
                        if booleanColumns.contains(column), case .integer(let flag) = value {
                            line += flag == 0 ? "f" : "t"
                        } else {
                            line += RawPostgres.copyField(RawPostgres.parameterText(value))
                        }
                    }
                    try send(line)
                }
            }
        }
        try postgres.execute("COMMIT")
        let loaded = MonotonicClock.now()
        try postgres.execute(constraintsSQL)
        try postgres.execute("VACUUM ANALYZE")
        let indexed = MonotonicClock.now()
        let loadSeconds = Double(loaded - start) / 1e9
        let indexSeconds = Double(indexed - loaded) / 1e9
        print(
            "loaded in \(Format.duration(Double(loaded - start))) (COPY), keys, indexes and VACUUM ANALYZE in \(Format.duration(Double(indexed - loaded)))\n"
        )
        return Loaded(server: server, uri: uri, size: size, loadSeconds: loadSeconds, indexSeconds: indexSeconds)
    }
}
