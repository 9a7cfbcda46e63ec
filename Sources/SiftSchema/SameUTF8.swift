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
