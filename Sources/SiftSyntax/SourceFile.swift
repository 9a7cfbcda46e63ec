#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// A piece of source text with a name, as the compiler reads it.
///
/// Positions in Sift are UTF-8 byte offsets into ``text``; lines and columns are computed only
/// when something is shown to a person (see ``location(of:)``).
public struct SourceFile: Sendable, Hashable {
    /// The name shown in diagnostics: a file path, or `<input>` for text typed at a prompt.
    public var name: String { storage.name }
    /// The whole text.
    public var text: String { storage.text }
    /// The text as UTF-8 bytes; every ``SourceRange`` indexes into this.
    public var bytes: [UInt8] { storage.bytes }
    /// The byte offset at which each line starts (line 1 starts at 0).
    public var lineStarts: [Int] { storage.lineStarts }

    /// The four fields in one box: a source is copied into every phase and result, so a copy is
    /// one reference, not four.
    private final class Storage: Sendable {
        let name: String
        let text: String
        let bytes: [UInt8]
        let lineStarts: [Int]

        init(name: String, text: String, bytes: [UInt8], lineStarts: [Int]) {
            self.name = name
            self.text = text
            self.bytes = bytes
            self.lineStarts = lineStarts
        }
    }

    private let storage: Storage

    /// A source named `name` (in diagnostics) holding `text`.
    public init(name: String = "<input>", text: String) {
        let bytes = Array(text.utf8)
        storage = Storage(name: name, text: text, bytes: bytes, lineStarts: Self.lineStarts(of: bytes))
    }

    /// The offset at which each line of `bytes` starts. A text of one line, as most queries are,
    /// gets one array shared by all (no allocation per source); newlines are found by `memchr`,
    /// many bytes per step.
    private static func lineStarts(of bytes: [UInt8]) -> [Int] {
        bytes.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return singleLine }
            func newline(from offset: Int) -> Int? {
                memchr(base + offset, Int32(UInt8(ascii: "\n")), buffer.count - offset).map { UnsafeRawPointer($0) - UnsafeRawPointer(base) }
            }
            guard var found = newline(from: 0) else { return singleLine }
            var starts = [0]
            while true {
                starts.append(found + 1)
                guard let next = newline(from: found + 1) else { return starts }
                found = next
            }
        }
    }

    private static let singleLine = [0]

    public static func == (lhs: SourceFile, rhs: SourceFile) -> Bool {
        lhs.name == rhs.name && lhs.text == rhs.text
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(name)
        hasher.combine(text)
    }

    /// The 1-based line and column (in UTF-8 bytes, as the Swift compiler counts) of an offset.
    public func location(of offset: Int) -> SourceLocation {
        let clamped = max(0, min(offset, bytes.count))
        var low = 0
        var high = lineStarts.count - 1
        while low < high {
            let mid = (low + high + 1) / 2
            if lineStarts[mid] <= clamped { low = mid } else { high = mid - 1 }
        }
        return SourceLocation(offset: clamped, line: low + 1, column: clamped - lineStarts[low] + 1)
    }

    /// The text of a 1-based line, without its line terminator.
    public func lineText(_ line: Int) -> String {
        guard line >= 1, line <= lineStarts.count else { return "" }
        let start = lineStarts[line - 1]
        var end = line < lineStarts.count ? lineStarts[line] - 1 : bytes.count
        if end > start, bytes[end - 1] == UInt8(ascii: "\r") { end -= 1 }
        return bytes.utf8String(start..<max(start, end))
    }

    /// The source text covered by a range.
    public func text(in range: SourceRange) -> String {
        let start = max(0, min(range.start, bytes.count))
        let end = max(start, min(range.end, bytes.count))
        return bytes.utf8String(start..<end)
    }
}

/// A half-open range of UTF-8 byte offsets into a ``SourceFile``.
public struct SourceRange: Sendable, Hashable, CustomStringConvertible, BitwiseCopyable {
    // Kept in 32 bits: a range is in every token and every node of both trees, and half the
    // bytes make each of them cheaper to copy and to allocate. Offsets past 2 GiB (no input Sift
    // reads is that long: a query is at most 8 MB) are clamped.
    private var storedStart: Int32
    private var storedEnd: Int32

    /// The byte offset where the range starts.
    public var start: Int {
        get { Int(storedStart) }
        set { storedStart = Int32(clamping: newValue) }
    }

    /// The byte offset just past the range.
    public var end: Int {
        get { Int(storedEnd) }
        set { storedEnd = Int32(clamping: newValue) }
    }

    /// The UTF-8 offsets `start..<end` (an `end` before `start` is taken as `start`).
    @inline(__always)
    public init(start: Int, end: Int) {
        storedStart = Int32(clamping: start)
        storedEnd = Int32(clamping: max(start, end))
    }

    /// A range of offsets known to fit in 32 bits, made without clamping (`start <= end`).
    @inline(__always)
    init(narrowingStart start: Int, end: Int) {
        storedStart = Int32(truncatingIfNeeded: start)
        storedEnd = Int32(truncatingIfNeeded: end)
    }

    /// An empty range at one offset (a point, such as "expected ')' here").
    public static func point(_ offset: Int) -> SourceRange { SourceRange(start: offset, end: offset) }

    /// The smallest range covering both.
    public func union(_ other: SourceRange) -> SourceRange {
        // From the stored offsets, which need no clamping.
        var union = self
        union.storedStart = min(storedStart, other.storedStart)
        union.storedEnd = max(storedEnd, other.storedEnd, union.storedStart)
        return union
    }

    /// Whether the range covers no byte.
    public var isEmpty: Bool { start == end }
    /// The number of UTF-8 bytes covered.
    public var length: Int { end - start }
    public var description: String { "\(start)..<\(end)" }
}

/// A position shown to a person: 1-based line and column, with the underlying offset.
public struct SourceLocation: Sendable, Hashable, CustomStringConvertible {
    /// The UTF-8 offset from the start of the source.
    public var offset: Int
    /// The 1-based line.
    public var line: Int
    /// The 1-based column, in UTF-8 bytes from the start of the line.
    public var column: Int
    public var description: String { "\(line):\(column)" }
}

extension Array where Element == UInt8 {
    /// The text of the UTF-8 bytes in `range`, invalid sequences replaced by U+FFFD (as
    /// `String(decoding:as:)` does). Copied straight from the array's storage: the generic
    /// `String(decoding:as:)` over an array slice costs about twice as much, for every name the
    /// parser reads.
    package func utf8String(_ range: Range<Int>) -> String {
        withUnsafeBufferPointer { buffer in
            String(unsafeUninitializedCapacity: range.count) { target in
                guard let base = buffer.baseAddress, !range.isEmpty else { return 0 }
                _ = target.initialize(from: UnsafeBufferPointer(start: base + range.lowerBound, count: range.count))
                return range.count
            }
        }
    }
}
