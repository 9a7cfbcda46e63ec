import Synchronization

/// The name of a model or enum type inside a `SiftType`: a number standing for the string, so a
/// type holds no reference.
///
/// Names are interned in one table for the process, so equal names (by `String`'s `==`) are the
/// same number wherever and whenever they were made. The table holds each distinct name a schema
/// gave a type, once, and at most `TypeNameTable.capacity` of them: a name past that stands for
/// no type (a type made of it is ``SiftType/error``, and a check that meets one reports
/// the checker's `type-table-full` error), so a process that reads schema after schema keeps a bounded
/// table and never confuses two names.
public struct TypeName: Sendable, Hashable, CustomStringConvertible {
    /// The name's index in the table.
    @usableFromInline let id: UInt32

    @usableFromInline init(id: UInt32) { self.id = id }

    /// The name `string` stands for (interned: a lookup in a locked table, so made once per model
    /// and enum rather than per use).
    public init(_ string: String) {
        self.init(string, in: .shared)
    }

    init(_ string: String, in table: TypeNameTable) {
        id = table.id(of: string) ?? Self.unrepresentable.id
    }

    /// The name of every name the full table could not take.
    static let unrepresentable = TypeName(id: .max)

    /// Whether the name was interned (the table had room for it).
    var isRepresentable: Bool { id != Self.unrepresentable.id }

    /// The name as written where it was first interned.
    public var string: String { isRepresentable ? TypeNameTable.shared.name(id) : "<<unrepresentable type name>>" }

    public var description: String { string }
}

/// How many types could not be represented because a process-wide table was full, over the
/// process's life: a check compares it before and after to know whether one of its types fell back
/// to ``SiftType/error``. Only the shared tables count here, so a private table filled on purpose
/// (in tests) never makes a concurrent check report a full table.
package enum TypeTableOverflow {
    /// The number of refusals of the process-wide tables so far.
    package static var refusals: Int { TypeNameTable.shared.refusals + DeepTypeTable.shared.refusals }

    /// The most names the name table holds.
    package static var nameCapacity: Int { TypeNameTable.capacity }

    /// The most types nested deeper than `SiftType`'s bits hold that the deep-type table holds.
    package static var deepTypeCapacity: Int { DeepTypeTable.capacity }
}

/// The process-wide table behind ``TypeName``.
final class TypeNameTable: Sendable {
    /// A million distinct names: far more than any set of schemas a process reads, few enough that
    /// the table stays under about a hundred megabytes.
    static let capacity = 1 << 20

    static let shared = TypeNameTable(capacity: capacity)

    private struct Contents {
        var names: [String] = []
        var ids: [String: UInt32] = [:]
    }

    private let contents = Mutex(Contents())
    private let refusalCount = Atomic<Int>(0)
    let capacity: Int

    /// How many new names this table refused because it was full.
    var refusals: Int { refusalCount.load(ordering: .relaxed) }

    init(capacity: Int) {
        precondition(capacity < Int(TypeName.unrepresentable.id), "the last id stands for no name")
        self.capacity = capacity
    }

    /// The id of `name`, interning it when new; nil when it is new and the table is full.
    func id(of name: String) -> UInt32? {
        let id: UInt32? = contents.withLock { contents in
            if let id = contents.ids[name] { return id }
            guard contents.names.count < capacity else { return nil }
            let id = UInt32(contents.names.count)
            contents.names.append(name)
            contents.ids[name] = id
            return id
        }
        if id == nil { refusalCount.add(1, ordering: .relaxed) }
        return id
    }

    func name(_ id: UInt32) -> String {
        contents.withLock { $0.names[Int(id)] }
    }
}

/// The process-wide table of types too deep for a `SiftType`'s bits: each entry is a wrapper
/// around an inner type, and a type deeper than ten wrappers starts from an entry's index.
/// Interned like names, so equal types have equal bits; bounded like names: a deep type new to a
/// full table is ``SiftType/error`` (and its check reports the checker's `type-table-full` error).
final class DeepTypeTable: Sendable {
    /// A quarter of a million entries (a few megabytes): a query nesting eleven and more wrappers
    /// adds one entry per wrapper past the tenth, once per distinct type.
    static let capacity = 1 << 18

    static let shared = DeepTypeTable(capacity: capacity)

    private struct Entry: Hashable {
        var wrapper: UInt64
        var inner: SiftType
    }

    private struct Contents {
        var entries: [Entry] = []
        var indexes: [Entry: UInt32] = [:]
    }

    private let contents = Mutex(Contents())
    private let refusalCount = Atomic<Int>(0)
    let capacity: Int

    /// How many new types this table refused because it was full.
    var refusals: Int { refusalCount.load(ordering: .relaxed) }

    init(capacity: Int) {
        precondition(capacity <= Int(UInt32.max), "an index is a type's 32-bit payload")
        self.capacity = capacity
    }

    /// The index of `wrapper` around `inner`, interning it when new; nil when it is new and the
    /// table is full.
    func index(of wrapper: UInt64, around inner: SiftType) -> UInt32? {
        let entry = Entry(wrapper: wrapper, inner: inner)
        let index: UInt32? = contents.withLock { contents in
            if let index = contents.indexes[entry] { return index }
            guard contents.entries.count < capacity else { return nil }
            let index = UInt32(contents.entries.count)
            contents.entries.append(entry)
            contents.indexes[entry] = index
            return index
        }
        if index == nil { refusalCount.add(1, ordering: .relaxed) }
        return index
    }

    func entry(_ index: UInt32) -> (wrapper: UInt64, inner: SiftType) {
        let entry = contents.withLock { $0.entries[Int(index)] }
        return (entry.wrapper, entry.inner)
    }
}
