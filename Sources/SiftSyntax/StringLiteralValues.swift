/// The decoded values of a source's string literals, by the offset where each literal starts.
///
/// A query has a few: they are kept in source order and found by binary search (a dictionary
/// allocated its storage and hashed each offset).
public struct StringLiteralValues: Sendable {
    // The first entry is kept apart: most queries have one string literal at most, and an array's
    // first append allocates its storage (as costly as scanning the literal).
    private var first: (offset: Int, value: String)?
    /// The entries after the first, by increasing offset.
    private var rest: [(offset: Int, value: String)] = []

    /// The literals' start offsets, increasing, with their values.
    public var entries: [(offset: Int, value: String)] {
        guard let first else { return [] }
        return [first] + rest
    }

    /// An empty table.
    public init() {}

    /// Records the value of the literal that starts at `offset` (the lexer goes in source order,
    /// so this appends; an offset out of order is put in its place).
    public mutating func append(_ value: String, at offset: Int) {
        guard let first else { return self.first = (offset, value) }
        if (rest.last ?? first).offset < offset { return rest.append((offset, value)) }
        // Out of order (not from the lexer): in its place in the whole list.
        var all = entries
        let index = Self.position(of: offset, in: all)
        if index < all.count, all[index].offset == offset {
            all[index].value = value
        } else {
            all.insert((offset, value), at: index)
        }
        self.first = all[0]
        rest = Array(all.dropFirst())
    }

    /// The index of the first entry at or after `offset`.
    private static func position(of offset: Int, in entries: [(offset: Int, value: String)]) -> Int {
        var low = 0
        var high = entries.count
        while low < high {
            let middle = (low + high) / 2
            if entries[middle].offset < offset { low = middle + 1 } else { high = middle }
        }
        return low
    }

    /// The value of the literal that starts at `offset`, if one does.
    public subscript(offset: Int) -> String? {
        guard let first else { return nil }
        if first.offset == offset { return first.value }
        let index = Self.position(of: offset, in: rest)
        return index < rest.count && rest[index].offset == offset ? rest[index].value : nil
    }
}
