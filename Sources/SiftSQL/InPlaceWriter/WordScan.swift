/// Eight bytes at a time: reading a fragment's bytes as a word, finding where its text ends or
/// whether a name holds a quote without a test per byte, and writing the word whole.
///
/// The renderer copies short pieces (`"users"`, ` = `, `.`); byte by byte, a piece costs a few
/// instructions per byte and a branch per byte. The tests on a word are the classic ones (Sean
/// Anderson's "bit twiddling hacks"): a byte below `n` (for `n` at most 128) sets its high bit in
/// `(word - n * 0x01…01) & ~word & 0x80…80`. A flag above the lowest may be false (a borrow
/// from the byte below), so only the lowest flag, or whether any is set, is read. Words are read
/// and written little-endian, so the first byte in memory is the lowest.
enum WordScan {
    private static let ones: UInt64 = 0x0101_0101_0101_0101
    private static let highBits: UInt64 = 0x8080_8080_8080_8080

    /// The eight bytes at `pointer` (any alignment).
    @inline(__always)
    static func load(_ pointer: UnsafePointer<UInt8>) -> UInt64 {
        UInt64(littleEndian: UnsafeRawPointer(pointer).loadUnaligned(as: UInt64.self))
    }

    /// Writes the eight bytes of `word` at `pointer` (any alignment), first byte first.
    @inline(__always)
    static func store(_ word: UInt64, at pointer: UnsafeMutablePointer<UInt8>) {
        UnsafeMutableRawPointer(pointer).storeBytes(of: word.littleEndian, as: UInt64.self)
    }

    /// How many of the word's bytes come before the first marker byte (below
    /// `SQLFragment.Marker.end`): 8 when there is none.
    @inline(__always)
    static func textLength(_ word: UInt64) -> Int {
        let markers = (word &- ones &* UInt64(SQLFragment.Marker.end)) & ~word & highBits
        return markers.trailingZeroBitCount >> 3
    }

    /// Whether one of the first `count` bytes of the word (1 through 8) is `"`.
    @inline(__always)
    static func containsQuote(_ word: UInt64, inFirst count: Int) -> Bool {
        let quotesAsZeros = word ^ (ones &* UInt64(UInt8(ascii: "\"")))
        let zeros = (quotesAsZeros &- ones) & ~quotesAsZeros & highBits
        let firstBytes: UInt64 = count >= 8 ? ~0 : (1 &<< UInt64(8 * count)) &- 1
        return zeros & firstBytes != 0
    }
}
