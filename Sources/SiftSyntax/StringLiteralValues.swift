/// The decoded values of a source's string literals, by the offset where each literal starts.
///
/// A query has a few: they are kept in source order and found by binary search (a dictionary
/// allocated its storage and hashed each offset).
public struct StringLiteralValues: Sendable {
    /// The literals' start offsets, increasing, with their values.
    public private(set) var entries: [(offset: Int, value: String)] = []

    public init() {}

    /// Records the value of the literal that starts at `offset` (the lexer goes in source order,
    /// so this appends; an offset out of order is put in its place).
    public mutating func append(_ value: String, at offset: Int) {
        if entries.last.map({ $0.offset < offset }) ?? true { return entries.append((offset, value)) }
        let index = position(of: offset)
        if index < entries.count, entries[index].offset == offset {
            entries[index].value = value
        } else {
            entries.insert((offset, value), at: index)
        }
    }

    /// The index of the first entry at or after `offset`.
    private func position(of offset: Int) -> Int {
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
        let index = position(of: offset)
        return index < entries.count && entries[index].offset == offset ? entries[index].value : nil
    }
}
