import Synchronization

/// The name of a model or enum type inside a ``SiftType``: a number standing for the string, so a
/// type holds no reference.
///
/// Names are interned in one table for the process, so equal names (by `String`'s `==`) are the
/// same number wherever and whenever they were made. The table only grows: it
/// holds each distinct name a schema, a query or a completion gave a type, once.
public struct TypeName: Sendable, Hashable, CustomStringConvertible {
    /// The name's index in the table.
    @usableFromInline let id: UInt32

    @usableFromInline init(id: UInt32) { self.id = id }

    /// The name `string` stands for (interned: a lookup in a locked table, so made once per model
    /// and enum rather than per use).
    public init(_ string: String) {
        id = TypeNameTable.shared.id(of: string)
    }

    /// The name as written where it was first interned.
    public var string: String { TypeNameTable.shared.name(id) }

    public var description: String { string }
}

/// The process-wide table behind ``TypeName``.
final class TypeNameTable: Sendable {
    static let shared = TypeNameTable()

    private struct Contents {
        var names: [String] = []
        var ids: [String: UInt32] = [:]
    }

    private let contents = Mutex(Contents())

    func id(of name: String) -> UInt32 {
        contents.withLock { contents in
            if let id = contents.ids[name] { return id }
            let id = UInt32(contents.names.count)
            contents.names.append(name)
            contents.ids[name] = id
            return id
        }
    }

    func name(_ id: UInt32) -> String {
        contents.withLock { $0.names[Int(id)] }
    }
}

/// The process-wide table of types too deep for a ``SiftType``'s bits: each entry is a wrapper
/// around an inner type, and a type deeper than ten wrappers starts from an entry's index.
/// Interned like names, so equal types have equal bits.
final class DeepTypeTable: Sendable {
    static let shared = DeepTypeTable()

    private struct Entry: Hashable {
        var wrapper: UInt64
        var inner: SiftType
    }

    private struct Contents {
        var entries: [Entry] = []
        var indexes: [Entry: UInt32] = [:]
    }

    private let contents = Mutex(Contents())

    func index(of wrapper: UInt64, around inner: SiftType) -> UInt32 {
        let entry = Entry(wrapper: wrapper, inner: inner)
        return contents.withLock { contents in
            if let index = contents.indexes[entry] { return index }
            let index = UInt32(contents.entries.count)
            contents.entries.append(entry)
            contents.indexes[entry] = index
            return index
        }
    }

    func entry(_ index: UInt32) -> (wrapper: UInt64, inner: SiftType) {
        let entry = contents.withLock { $0.entries[Int(index)] }
        return (entry.wrapper, entry.inner)
    }
}
