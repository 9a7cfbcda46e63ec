/// Prepared statements kept by SQL text, evicting the least recently used beyond `capacity`.
///
/// A cache of a few dozen statements is scanned linearly on eviction only; lookups and
/// insertions are dictionary operations.
struct StatementCache {
    private struct Entry {
        var statement: Statement
        var lastUse: UInt64
    }

    private var entries: [String: Entry] = [:]
    private var useCounter: UInt64 = 0
    /// The last statement handed out: a query run again and again usually passes the very same
    /// `String` (one storage), which `==` recognises without reading it or hashing it.
    private var lastHit: (sql: String, statement: Statement)?

    /// The most statements kept; lowering it evicts at once. Zero disables caching.
    var capacity: Int {
        didSet { evictOverflow() }
    }

    init(capacity: Int) {
        self.capacity = max(0, capacity)
    }

    /// The number of cached statements.
    var count: Int { entries.count }

    /// The statement cached for `sql`, marked as most recently used.
    mutating func statement(for sql: String) -> Statement? {
        if let lastHit, lastHit.sql == sql { return lastHit.statement }
        // One hash of the SQL text per hit.
        guard let index = entries.index(forKey: sql) else { return nil }
        useCounter += 1
        entries.values[index].lastUse = useCounter
        let statement = entries.values[index].statement
        lastHit = (sql, statement)
        return statement
    }

    /// Caches `statement` for `sql`, evicting the least recently used ones if over capacity.
    mutating func insert(_ statement: Statement, for sql: String) {
        guard capacity > 0 else { return }
        useCounter += 1
        entries[sql] = Entry(statement: statement, lastUse: useCounter)
        evictOverflow()
    }

    /// Whether `sql` is cached (without touching its recency).
    func contains(_ sql: String) -> Bool { entries[sql] != nil }

    /// Drops every statement (each is finalized unless someone still holds it).
    mutating func removeAll() {
        lastHit = nil
        entries.removeAll()
    }

    private mutating func evictOverflow() {
        // The last hit skipped its recency update: it is the most recently used.
        if entries.count > capacity, let lastHit, let index = entries.index(forKey: lastHit.sql) {
            useCounter += 1
            entries.values[index].lastUse = useCounter
        }
        while entries.count > capacity {
            guard let oldest = entries.min(by: { $0.value.lastUse < $1.value.lastUse }) else { return }
            entries.removeValue(forKey: oldest.key)
            if lastHit?.sql == oldest.key { lastHit = nil }
        }
    }
}
