extension String {
    /// Whether the two strings have the same UTF-8 bytes: not only the same text, as `==` says
    /// (canonical equivalence equates `é` and `e` + U+0301, which are different names to SQLite
    /// and different bound values). Compares the bytes in place, without the generic sequence
    /// comparison of the two UTF-8 views.
    package func hasSameUTF8(as other: String) -> Bool {
        let compared = utf8.withContiguousStorageIfAvailable { left in
            other.utf8.withContiguousStorageIfAvailable { right in
                guard left.count == right.count else { return false }
                for index in 0..<left.count where left[index] != right[index] { return false }
                return true
            }
        }
        return (compared ?? nil) ?? utf8.elementsEqual(other.utf8)
    }
}

extension String {
    /// Whether the string's UTF-8 bytes are the literal's: the length compared first (a word
    /// read), then the bytes in place. For telling names apart quickly: where two spellings may
    /// still be the same name (not ASCII), the caller compares them as Swift does, with `==`.
    package func hasSameBytes(as literal: StaticString) -> Bool {
        guard utf8.count == literal.utf8CodeUnitCount else { return false }
        guard literal.hasPointerRepresentation else { return self == literal.description }
        let spelling = UnsafeRawPointer(literal.utf8Start)
        let count = literal.utf8CodeUnitCount
        let compared = utf8.withContiguousStorageIfAvailable { bytes in
            guard let base = bytes.baseAddress else { return count == 0 }
            let name = UnsafeRawPointer(base)
            // Eight bytes at a time, then the rest one by one.
            var offset = 0
            while count - offset >= 8 {
                guard name.loadUnaligned(fromByteOffset: offset, as: UInt64.self) == spelling.loadUnaligned(fromByteOffset: offset, as: UInt64.self) else {
                    return false
                }
                offset += 8
            }
            while offset < count {
                guard name.load(fromByteOffset: offset, as: UInt8.self) == spelling.load(fromByteOffset: offset, as: UInt8.self) else { return false }
                offset += 1
            }
            return true
        }
        return compared ?? utf8.elementsEqual(literal.description.utf8)
    }
}

extension String {
    /// Whether every byte of the string's UTF-8 is ASCII, read in place (iterating the UTF-8
    /// view costs many times more per byte).
    package var isASCII: Bool {
        let answer = utf8.withContiguousStorageIfAvailable { bytes in
            for byte in bytes where byte >= 0x80 { return false }
            return true
        }
        return answer ?? utf8.allSatisfy { $0 < 0x80 }
    }
}
