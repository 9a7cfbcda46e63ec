/// A growable array of bytes whose appends are a capacity check and a copy.
///
/// `Array<UInt8>.append(contentsOf:)` goes through the generic sequence machinery at every call,
/// even for a few bytes, far more than the copy itself; SQL fragments append a few bytes
/// at a time, tens of times per query. Copy-on-write, like `Array`: copies share the storage
/// until one of them is appended to. The storage is reached through pointers only (a stored
/// property of a class would cost a dynamic exclusivity check per access).
// Sendable as `Array` is: storage is only written while uniquely referenced, so buffers shared
// between threads are only read.
package struct ByteBuffer: @unchecked Sendable {
    /// The bytes, with their capacity as the header, in one allocation.
    private final class Storage: ManagedBuffer<Int, UInt8> {
        static func make(capacity: Int) -> Storage {
            unsafeDowncast(Storage.create(minimumCapacity: capacity) { _ in capacity }, to: Storage.self)
        }

        var byteCapacity: Int { withUnsafeMutablePointerToHeader { $0.pointee } }
    }

    /// Shared by every empty buffer (never written: the first append copies away from it).
    nonisolated(unsafe) private static let empty = Storage.make(capacity: 0)

    private var storage: Storage
    /// The bytes in use (copies of a buffer share storage but each keeps its own count).
    package private(set) var count: Int

    package init() {
        storage = Self.empty
        count = 0
    }

    package init(capacity: Int) {
        storage = capacity > 0 ? Storage.make(capacity: capacity) : Self.empty
        count = 0
    }

    package var isEmpty: Bool { count == 0 }

    /// The bytes the storage holds room for.
    package var capacity: Int { storage.byteCapacity }

    /// Makes room for `extra` more bytes in storage this buffer alone holds, and returns where
    /// they go (valid while this buffer holds that storage, that is, until its next append).
    private mutating func prepareAppend(_ extra: Int) -> UnsafeMutablePointer<UInt8> {
        let count = self.count
        let capacity = storage.byteCapacity
        let full = count + extra > capacity
        if full || !isKnownUniquelyReferenced(&storage) {
            // Doubling only when full: a shared buffer the bytes still fit in is copied at its
            // size (doubling there would grow a buffer that is copied and appended to in turns
            // exponentially, its bytes barely).
            let grown = Storage.make(capacity: full ? max(count + extra, 2 * capacity, 128) : max(capacity, 128))
            grown.withUnsafeMutablePointerToElements { target in
                storage.withUnsafeMutablePointerToElements { source in target.initialize(from: source, count: count) }
            }
            storage = grown
        }
        return storage.withUnsafeMutablePointerToElements { $0 + count }
    }

    /// Room for at least `extra` more bytes in storage this buffer alone holds, and where they go:
    /// a writer of many small pieces writes them through the pointer, then counts them with
    /// ``didAppend(_:)``, one capacity check for all. The pointer is valid until the buffer next changes.
    mutating func reserveAppend(_ extra: Int) -> UnsafeMutablePointer<UInt8> {
        prepareAppend(extra)
    }

    /// Counts `written` bytes written through ``reserveAppend(_:)``'s pointer (no more than it reserved).
    mutating func didAppend(_ written: Int) {
        precondition(written >= 0 && count + written <= storage.byteCapacity, "appended past the reserved bytes")
        count += written
    }

    /// Appends `count` bytes that `initialize` writes, through one capacity check: for a few
    /// short pieces (a quote, a name, a quote) instead of one check per piece.
    package mutating func append(count extra: Int, _ initialize: (UnsafeMutablePointer<UInt8>) -> Void) {
        guard extra > 0 else { return }
        initialize(prepareAppend(extra))
        count += extra
    }

    /// Appends `count` bytes that `initialize` writes at `target`, reading what it needs of the
    /// bytes already held at `base` (valid for the buffer's count before this append).
    package mutating func append(
        count extra: Int, readingHeldBytes initialize: (_ base: UnsafePointer<UInt8>, _ target: UnsafeMutablePointer<UInt8>) -> Void
    ) {
        guard extra > 0 else { return }
        let target = prepareAppend(extra)  // the storage is now this buffer's alone, with room
        initialize(UnsafePointer(target - count), target)
        count += extra
    }

    /// Appends a counted run: `tag`, the length of `payload` in four bytes (little-endian), then
    /// `payload` (how SQL fragments store identifiers and bound texts).
    mutating func appendCounted(tag: UInt8, _ payload: UnsafeBufferPointer<UInt8>) {
        append(count: 5 + payload.count) { target in _ = Self.writeCounted(tag: tag, payload, at: target) }
    }

    /// Writes a counted run (as ``appendCounted(tag:_:)`` appends it) at `target`, which has room
    /// for it; returns where it ends.
    static func writeCounted(tag: UInt8, _ payload: UnsafeBufferPointer<UInt8>, at target: UnsafeMutablePointer<UInt8>) -> UnsafeMutablePointer<UInt8> {
        let length = UInt32(truncatingIfNeeded: payload.count)
        target[0] = tag
        target[1] = UInt8(truncatingIfNeeded: length)
        target[2] = UInt8(truncatingIfNeeded: length >> 8)
        target[3] = UInt8(truncatingIfNeeded: length >> 16)
        target[4] = UInt8(truncatingIfNeeded: length >> 24)
        if let base = payload.baseAddress { (target + 5).initialize(from: base, count: payload.count) }
        return target + 5 + payload.count
    }

    /// The payload length of the counted run whose tag is at `index` (its payload starts at `index + 5`).
    /// Checked to lie within `bytes`: a stray marker byte in text (which Sift never writes) traps
    /// instead of reading past the buffer.
    static func countedLength(at index: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Int {
        precondition(index >= 0 && index + 5 <= bytes.count, SQLFragment.malformed)
        let length = Int(bytes[index + 1]) | Int(bytes[index + 2]) << 8 | Int(bytes[index + 3]) << 16 | Int(bytes[index + 4]) << 24
        precondition(index + 5 + length <= bytes.count, SQLFragment.malformed)
        return length
    }

    /// The payload of the counted run whose tag is at `index`.
    static func countedPayload(at index: Int, in bytes: UnsafeBufferPointer<UInt8>) -> UnsafeBufferPointer<UInt8> {
        let length = countedLength(at: index, in: bytes)
        return UnsafeBufferPointer(rebasing: bytes[(index + 5)..<(index + 5 + length)])
    }

    /// Appends a copy of bytes it already holds (`range` within its count).
    package mutating func appendCopy(of range: Range<Int>) {
        precondition(range.lowerBound >= 0 && range.upperBound <= count, "copying bytes the buffer does not hold")
        guard !range.isEmpty else { return }
        let target = prepareAppend(range.count)  // the storage is now this buffer's alone, with room
        storage.withUnsafeMutablePointerToElements { base in target.initialize(from: base + range.lowerBound, count: range.count) }
        count += range.count
    }

    /// Drops the last `count` bytes.
    package mutating func removeLast(_ count: Int) {
        precondition(count >= 0 && count <= self.count, "removing more bytes than the buffer holds")
        self.count -= count
    }

    package mutating func append(_ byte: UInt8) {
        prepareAppend(1).initialize(to: byte)
        count += 1
    }

    package mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let base = bytes.baseAddress, !bytes.isEmpty else { return }
        prepareAppend(bytes.count).initialize(from: base, count: bytes.count)
        count += bytes.count
    }

    package mutating func append(_ other: ByteBuffer) {
        other.withUnsafeBufferPointer { append($0) }
    }

    /// Appends the UTF-8 of `text`.
    package mutating func append(utf8 text: String) {
        // Read in place (a native or literal string always is): `withUTF8` needs a mutable copy,
        // a retain and a release per piece of SQL.
        if let done: Void = text.utf8.withContiguousStorageIfAvailable({ append($0) }) { return done }
        var text = text
        text.withUTF8 { append($0) }
    }

    /// Appends the UTF-8 of a literal: its bytes are read where the binary holds them (a `String`'s
    /// are reached through its small-string or storage layout, at every piece).
    package mutating func append(literal text: StaticString) {
        precondition(text.hasPointerRepresentation, "a literal of one scalar has no bytes to copy")
        append(UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    package func withUnsafeBufferPointer<Result>(_ body: (UnsafeBufferPointer<UInt8>) throws -> Result) rethrows -> Result {
        let count = self.count
        return try storage.withUnsafeMutablePointerToElements { try body(UnsafeBufferPointer(start: $0, count: count)) }
    }

    /// The bytes as a `String` (repairing invalid UTF-8, which Sift never writes).
    package var string: String { withUnsafeBufferPointer { String(decoding: $0, as: UTF8.self) } }

    /// The bytes as an array.
    package var array: [UInt8] { withUnsafeBufferPointer { Array($0) } }
}

extension ByteBuffer: Hashable {
    package static func == (lhs: ByteBuffer, rhs: ByteBuffer) -> Bool {
        lhs.withUnsafeBufferPointer { left in rhs.withUnsafeBufferPointer { right in left.elementsEqual(right) } }
    }

    package func hash(into hasher: inout Hasher) {
        hasher.combine(count)
        withUnsafeBufferPointer { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
    }
}
