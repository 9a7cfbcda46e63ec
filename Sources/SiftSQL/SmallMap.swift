/// A map for the few entries a query usually has (its joins' aliases, say): one entry in place
/// and a list compared key by key while it is short, with a dictionary added once it is long.
/// Hashing a name costs more than comparing it with a few others, and a dictionary's first insertion allocates its
/// storage; with many entries each look-up still takes constant time.
///
/// Internal to this module, where it is specialized for its keys (a generic type used from
/// another module, unspecialized, costs more than the hashing it saves).
struct SmallMap<Key: Hashable, Value> {
    /// One entry in place: most queries have one join, and a list's first append allocated it
    /// (twice per query with a to-one join, one per map).
    private var first: (key: Key, value: Value)?
    /// The other entries, in one array (one allocation, where a list of keys and one of values
    /// would take two).
    private var entries: [(key: Key, value: Value)] = []
    /// Each of ``entries``' keys' position, made once there are more than ``listLimit`` of them (nil
    /// before: no empty dictionary is made with every map).
    private var positions: [Key: Int]?

    /// Up to this many entries in the list, a look-up compares keys in order.
    static var listLimit: Int { 8 }

    subscript(key: Key) -> Value? {
        get {
            if let first, first.key == key { return first.value }
            return index(of: key).map { entries[$0].value }
        }
        set {
            if let current = first, current.key == key {
                first = newValue.map { (key, $0) }
            } else if let index = index(of: key) {
                guard let newValue else { return remove(at: index) }
                entries[index].value = newValue
            } else if let newValue {
                if first == nil { return first = (key, newValue) }
                entries.append((key, newValue))
                if positions != nil {
                    positions?[key] = entries.count - 1
                } else if entries.count > Self.listLimit {
                    var made: [Key: Int] = [:]
                    for position in entries.indices { made[entries[position].key] = position }
                    positions = made
                }
            }
        }
    }

    private func index(of key: Key) -> Int? {
        if let positions { return positions[key] }
        for index in entries.indices where entries[index].key == key { return index }
        return nil
    }

    private mutating func remove(at index: Int) {
        entries.remove(at: index)
        if positions != nil {
            var made: [Key: Int] = [:]
            for position in entries.indices { made[entries[position].key] = position }
            positions = made
        }
    }
}
