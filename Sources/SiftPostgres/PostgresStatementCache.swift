/// The names of the statements a connection has prepared on the server (`PQprepare`), by SQL
/// text and parameter types, evicting the least recently used beyond `capacity`.
struct PostgresStatementCache {
    struct Key: Hashable {
        var sql: String
        var types: [UInt32]
    }

    private var entries: [Key: (name: String, lastUse: UInt64)] = [:]
    private var useCounter: UInt64 = 0
    private var nameCounter = 0

    /// The most statements kept.
    let capacity: Int

    init(capacity: Int) { self.capacity = max(1, capacity) }

    /// The number of statements kept.
    var count: Int { entries.count }

    /// The name of the statement prepared for `key`, marked as most recently used.
    mutating func name(for key: Key) -> String? {
        guard let index = entries.index(forKey: key) else { return nil }
        useCounter += 1
        entries.values[index].lastUse = useCounter
        return entries.values[index].name
    }

    /// A name no statement of this cache has had.
    mutating func newName() -> String {
        nameCounter += 1
        return "sift_\(nameCounter)"
    }

    /// Keeps `name` for `key`; returns the names of the statements evicted (to deallocate).
    mutating func insert(_ name: String, for key: Key) -> [String] {
        useCounter += 1
        entries[key] = (name, useCounter)
        var evicted: [String] = []
        while entries.count > capacity, let oldest = entries.min(by: { $0.value.lastUse < $1.value.lastUse }) {
            entries.removeValue(forKey: oldest.key)
            evicted.append(oldest.value.name)
        }
        return evicted
    }

    /// Forgets every statement (the server forgot them: a new session).
    mutating func removeAll() { entries.removeAll() }
}
