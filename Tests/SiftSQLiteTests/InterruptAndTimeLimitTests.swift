import Foundation
import SiftSQLite
import Testing

/// Never finishes on its own: counts an infinite recursive CTE.
let runawayQuery = "WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x+1 FROM c) SELECT count(*) FROM c"

@Suite("Interrupting and limiting running statements")
struct InterruptAndTimeLimitTests {
    @Test func interruptFromAnotherThreadStopsARunawayQuery() throws {
        let connection = try Connection.inMemory()
        // Backstop so a broken interrupt fails the test instead of hanging it; its message differs.
        connection.setTimeLimit(120)
        let handle = connection.interruptHandle
        let finished = SharedFlag()
        // An interrupt that lands before the query starts is forgotten, so keep interrupting.
        repeatOnAnotherThread(every: 0.05, until: finished) { handle.interrupt() }
        let error = #expect(throws: SQLiteError.self) {
            defer { finished.set() }
            _ = try connection.prepare(runawayQuery).rows()
        }
        #expect(error?.code == .interrupt)
        #expect(error?.message == "interrupted")
        #expect(error?.sql == runawayQuery)

        // The connection works afterwards.
        #expect(try connection.scalar("SELECT 1 + 1") == 2)
    }

    @Test func interruptHandleIsInertOnceTheConnectionCloses() throws {
        var connection: Connection? = try Connection.inMemory()
        let handle = connection!.interruptHandle
        #expect(handle.isConnectionOpen)
        handle.interrupt()  // nothing is running: forgotten when the next statement starts
        #expect(try connection!.scalar("SELECT 7") == 7)
        connection = nil
        #expect(!handle.isConnectionOpen)
        handle.interrupt()  // must not touch the closed database
    }

    @Test func timeLimitStopsARunawayQuery() throws {
        let connection = try Connection.inMemory()
        #expect(connection.timeLimit == nil)
        connection.setTimeLimit(0.2)
        #expect(connection.timeLimit == 0.2)
        // Backstop: an outside interrupt much later, whose message would fail the test.
        let finished = SharedFlag()
        let handle = connection.interruptHandle
        runOnAnotherThread(after: 120, unless: finished) { handle.interrupt() }
        let error = #expect(throws: SQLiteError.self) {
            defer { finished.set() }
            _ = try connection.prepare(runawayQuery).rows()
        }
        #expect(error?.code == .interrupt)
        #expect(error?.message.contains("time limit of 0.2 s") == true)
        #expect(error?.sql == runawayQuery)

        // Other statements still run, and lifting the limit lets long work finish.
        #expect(try connection.scalar("SELECT 2") == 2)
        connection.setTimeLimit(nil)
        #expect(connection.timeLimit == nil)
        let bounded = "WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x+1 FROM c WHERE x < 100000) SELECT count(*) FROM c"
        #expect(try connection.scalar(bounded) == 100_000)
    }

    @Test func timeBetweenStepsDoesNotCountAgainstTheLimit() throws {
        let connection = try Connection.inMemory()
        connection.setTimeLimit(0.5)
        let cursor = try connection.prepare(
            "WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x+1 FROM c WHERE x < 4) SELECT x FROM c"
        ).cursor()
        var rows = 0
        while try cursor.next() != nil {
            rows += 1
            try sleep(seconds: 0.25)  // 1 s in total, twice the limit, all of it outside SQLite
        }
        #expect(rows == 4)
    }

    @Test func theLimitDoesNotLeakIntoLaterPreparesOrStatements() throws {
        let connection = try Connection.inMemory()
        connection.setTimeLimit(0.05)
        try connection.execute("CREATE TABLE t (x)")
        try sleep(seconds: 0.2)
        // Preparing (which may re-read the schema) and running later statements must not be
        // stopped by the deadline of an earlier one.
        try connection.execute("CREATE TABLE u (y); INSERT INTO u VALUES (1)")
        #expect(try connection.scalar("SELECT count(*) FROM u") == 1)
    }
}

private func sleep(seconds: Double) throws {
    Thread.sleep(forTimeInterval: seconds)
}
