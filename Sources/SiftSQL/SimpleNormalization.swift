/// Unicode normalization of the texts a query's literals usually hold, without Foundation.
///
/// Foundation's `precomposedStringWithCanonicalMapping` and `decomposedStringWithCanonicalMapping`
/// bridge through `NSString` on Linux, costly even for a short name, and a literal
/// compared with a column that holds NFC and NFD text needs both. Most literals are in scripts
/// whose normalization is simple, and those are normalized here:
/// - every character below U+0300 (ASCII, Latin-1 and the Latin Extended letters, spacing
///   modifiers) is a starter that composes with nothing before or after it, and NFC changes none
///   of them; below U+00C0 NFD changes none either, and from U+00C0 to U+02FF it is a table
///   (Unicode never changes a decomposition once assigned);
/// - a Hangul syllable (U+AC00 to U+D7A3) is left alone by NFC when no conjoining jamo follows
///   (none can here), and its NFD is computed from its number, by Unicode's algorithm.
/// Any other text goes to Foundation. Tests compare both with Foundation for every such character.
enum SimpleNormalization {
    /// NFC of `text`, or nil when Foundation must compute it.
    static func precomposed(_ text: String) -> String? {
        for scalar in text.unicodeScalars where !(scalar.value < 0x300 || hangulSyllables.contains(scalar.value)) { return nil }
        return text
    }

    /// NFD of `text`, or nil when Foundation must compute it.
    static func decomposed(_ text: String) -> String? {
        var changes = false
        for scalar in text.unicodeScalars where scalar.value >= 0xC0 {
            guard scalar.value < 0x300 || hangulSyllables.contains(scalar.value) else { return nil }
            changes = true
        }
        guard changes else { return text }
        // Written as UTF-8 into the string's own storage (not appended to a string scalar by
        // scalar, a call through its general machinery each). A scalar takes at most three times its own bytes: a Hangul
        // syllable's three bytes become up to three jamo of three bytes each.
        return String(unsafeUninitializedCapacity: text.utf8.count * 3) { buffer in
            var count = 0
            func write(_ value: UInt32) {
                switch value {
                case ..<0x80:
                    buffer[count] = UInt8(value)
                    count += 1
                case ..<0x800:
                    buffer[count] = UInt8(0xC0 | value >> 6)
                    buffer[count + 1] = UInt8(0x80 | value & 0x3F)
                    count += 2
                case ..<0x10000:
                    buffer[count] = UInt8(0xE0 | value >> 12)
                    buffer[count + 1] = UInt8(0x80 | value >> 6 & 0x3F)
                    buffer[count + 2] = UInt8(0x80 | value & 0x3F)
                    count += 3
                default:
                    buffer[count] = UInt8(0xF0 | value >> 18)
                    buffer[count + 1] = UInt8(0x80 | value >> 12 & 0x3F)
                    buffer[count + 2] = UInt8(0x80 | value >> 6 & 0x3F)
                    buffer[count + 3] = UInt8(0x80 | value & 0x3F)
                    count += 4
                }
            }
            for scalar in text.unicodeScalars {
                let value = scalar.value
                if value >= 0xC0, value < 0x300, latinDecompositions[Int(value - 0xC0) * 3] != 0 {
                    let slot = Int(value - 0xC0) * 3
                    for part in latinDecompositions[slot..<slot + 3] where part != 0 { write(UInt32(part)) }
                } else if hangulSyllables.contains(value) {
                    // Leading consonant, vowel, and trailing consonant when there is one.
                    let index = value - hangulSyllables.lowerBound
                    write(0x1100 + index / 588)
                    write(0x1161 + (index % 588) / 28)
                    if index % 28 != 0 { write(0x11A7 + index % 28) }
                } else {
                    write(value)
                }
            }
            return count
        }
    }

    static let hangulSyllables: ClosedRange<UInt32> = 0xAC00...0xD7A3

    /// The canonical decomposition (NFD) of each character from U+00C0 to U+02FF, three scalars
    /// each (0 after a shorter one); 0 first for a character that NFD leaves alone. Generated from
    /// the Unicode Character Database.
    static let latinDecompositions: [UInt16] = [
        0x0041, 0x0300, 0, 0x0041, 0x0301, 0, 0x0041, 0x0302, 0, 0x0041, 0x0303, 0,
        0x0041, 0x0308, 0, 0x0041, 0x030A, 0, 0, 0, 0, 0x0043, 0x0327, 0,
        0x0045, 0x0300, 0, 0x0045, 0x0301, 0, 0x0045, 0x0302, 0, 0x0045, 0x0308, 0,
        0x0049, 0x0300, 0, 0x0049, 0x0301, 0, 0x0049, 0x0302, 0, 0x0049, 0x0308, 0,
        0, 0, 0, 0x004E, 0x0303, 0, 0x004F, 0x0300, 0, 0x004F, 0x0301, 0,
        0x004F, 0x0302, 0, 0x004F, 0x0303, 0, 0x004F, 0x0308, 0, 0, 0, 0,
        0, 0, 0, 0x0055, 0x0300, 0, 0x0055, 0x0301, 0, 0x0055, 0x0302, 0,
        0x0055, 0x0308, 0, 0x0059, 0x0301, 0, 0, 0, 0, 0, 0, 0,
        0x0061, 0x0300, 0, 0x0061, 0x0301, 0, 0x0061, 0x0302, 0, 0x0061, 0x0303, 0,
        0x0061, 0x0308, 0, 0x0061, 0x030A, 0, 0, 0, 0, 0x0063, 0x0327, 0,
        0x0065, 0x0300, 0, 0x0065, 0x0301, 0, 0x0065, 0x0302, 0, 0x0065, 0x0308, 0,
        0x0069, 0x0300, 0, 0x0069, 0x0301, 0, 0x0069, 0x0302, 0, 0x0069, 0x0308, 0,
        0, 0, 0, 0x006E, 0x0303, 0, 0x006F, 0x0300, 0, 0x006F, 0x0301, 0,
        0x006F, 0x0302, 0, 0x006F, 0x0303, 0, 0x006F, 0x0308, 0, 0, 0, 0,
        0, 0, 0, 0x0075, 0x0300, 0, 0x0075, 0x0301, 0, 0x0075, 0x0302, 0,
        0x0075, 0x0308, 0, 0x0079, 0x0301, 0, 0, 0, 0, 0x0079, 0x0308, 0,
        0x0041, 0x0304, 0, 0x0061, 0x0304, 0, 0x0041, 0x0306, 0, 0x0061, 0x0306, 0,
        0x0041, 0x0328, 0, 0x0061, 0x0328, 0, 0x0043, 0x0301, 0, 0x0063, 0x0301, 0,
        0x0043, 0x0302, 0, 0x0063, 0x0302, 0, 0x0043, 0x0307, 0, 0x0063, 0x0307, 0,
        0x0043, 0x030C, 0, 0x0063, 0x030C, 0, 0x0044, 0x030C, 0, 0x0064, 0x030C, 0,
        0, 0, 0, 0, 0, 0, 0x0045, 0x0304, 0, 0x0065, 0x0304, 0,
        0x0045, 0x0306, 0, 0x0065, 0x0306, 0, 0x0045, 0x0307, 0, 0x0065, 0x0307, 0,
        0x0045, 0x0328, 0, 0x0065, 0x0328, 0, 0x0045, 0x030C, 0, 0x0065, 0x030C, 0,
        0x0047, 0x0302, 0, 0x0067, 0x0302, 0, 0x0047, 0x0306, 0, 0x0067, 0x0306, 0,
        0x0047, 0x0307, 0, 0x0067, 0x0307, 0, 0x0047, 0x0327, 0, 0x0067, 0x0327, 0,
        0x0048, 0x0302, 0, 0x0068, 0x0302, 0, 0, 0, 0, 0, 0, 0,
        0x0049, 0x0303, 0, 0x0069, 0x0303, 0, 0x0049, 0x0304, 0, 0x0069, 0x0304, 0,
        0x0049, 0x0306, 0, 0x0069, 0x0306, 0, 0x0049, 0x0328, 0, 0x0069, 0x0328, 0,
        0x0049, 0x0307, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
        0x004A, 0x0302, 0, 0x006A, 0x0302, 0, 0x004B, 0x0327, 0, 0x006B, 0x0327, 0,
        0, 0, 0, 0x004C, 0x0301, 0, 0x006C, 0x0301, 0, 0x004C, 0x0327, 0,
        0x006C, 0x0327, 0, 0x004C, 0x030C, 0, 0x006C, 0x030C, 0, 0, 0, 0,
        0, 0, 0, 0, 0, 0, 0, 0, 0, 0x004E, 0x0301, 0,
        0x006E, 0x0301, 0, 0x004E, 0x0327, 0, 0x006E, 0x0327, 0, 0x004E, 0x030C, 0,
        0x006E, 0x030C, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
        0x004F, 0x0304, 0, 0x006F, 0x0304, 0, 0x004F, 0x0306, 0, 0x006F, 0x0306, 0,
        0x004F, 0x030B, 0, 0x006F, 0x030B, 0, 0, 0, 0, 0, 0, 0,
        0x0052, 0x0301, 0, 0x0072, 0x0301, 0, 0x0052, 0x0327, 0, 0x0072, 0x0327, 0,
        0x0052, 0x030C, 0, 0x0072, 0x030C, 0, 0x0053, 0x0301, 0, 0x0073, 0x0301, 0,
        0x0053, 0x0302, 0, 0x0073, 0x0302, 0, 0x0053, 0x0327, 0, 0x0073, 0x0327, 0,
        0x0053, 0x030C, 0, 0x0073, 0x030C, 0, 0x0054, 0x0327, 0, 0x0074, 0x0327, 0,
        0x0054, 0x030C, 0, 0x0074, 0x030C, 0, 0, 0, 0, 0, 0, 0,
        0x0055, 0x0303, 0, 0x0075, 0x0303, 0, 0x0055, 0x0304, 0, 0x0075, 0x0304, 0,
        0x0055, 0x0306, 0, 0x0075, 0x0306, 0, 0x0055, 0x030A, 0, 0x0075, 0x030A, 0,
        0x0055, 0x030B, 0, 0x0075, 0x030B, 0, 0x0055, 0x0328, 0, 0x0075, 0x0328, 0,
        0x0057, 0x0302, 0, 0x0077, 0x0302, 0, 0x0059, 0x0302, 0, 0x0079, 0x0302, 0,
        0x0059, 0x0308, 0, 0x005A, 0x0301, 0, 0x007A, 0x0301, 0, 0x005A, 0x0307, 0,
        0x007A, 0x0307, 0, 0x005A, 0x030C, 0, 0x007A, 0x030C, 0, 0, 0, 0,
        0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
        0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
        0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
        0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
        0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
        0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
        0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
        0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
        0x004F, 0x031B, 0, 0x006F, 0x031B, 0, 0, 0, 0, 0, 0, 0,
        0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
        0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
        0, 0, 0, 0, 0, 0, 0, 0, 0, 0x0055, 0x031B, 0,
        0x0075, 0x031B, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
        0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
        0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
        0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
        0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
        0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
        0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
        0, 0, 0, 0x0041, 0x030C, 0, 0x0061, 0x030C, 0, 0x0049, 0x030C, 0,
        0x0069, 0x030C, 0, 0x004F, 0x030C, 0, 0x006F, 0x030C, 0, 0x0055, 0x030C, 0,
        0x0075, 0x030C, 0, 0x0055, 0x0308, 0x0304, 0x0075, 0x0308, 0x0304, 0x0055, 0x0308, 0x0301,
        0x0075, 0x0308, 0x0301, 0x0055, 0x0308, 0x030C, 0x0075, 0x0308, 0x030C, 0x0055, 0x0308, 0x0300,
        0x0075, 0x0308, 0x0300, 0, 0, 0, 0x0041, 0x0308, 0x0304, 0x0061, 0x0308, 0x0304,
        0x0041, 0x0307, 0x0304, 0x0061, 0x0307, 0x0304, 0x00C6, 0x0304, 0, 0x00E6, 0x0304, 0,
        0, 0, 0, 0, 0, 0, 0x0047, 0x030C, 0, 0x0067, 0x030C, 0,
        0x004B, 0x030C, 0, 0x006B, 0x030C, 0, 0x004F, 0x0328, 0, 0x006F, 0x0328, 0,
        0x004F, 0x0328, 0x0304, 0x006F, 0x0328, 0x0304, 0x01B7, 0x030C, 0, 0x0292, 0x030C, 0,
        0x006A, 0x030C, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
        0x0047, 0x0301, 0, 0x0067, 0x0301, 0, 0, 0, 0, 0, 0, 0,
        0x004E, 0x0300, 0, 0x006E, 0x0300, 0, 0x0041, 0x030A, 0x0301, 0x0061, 0x030A, 0x0301,
        0x00C6, 0x0301, 0, 0x00E6, 0x0301, 0, 0x00D8, 0x0301, 0, 0x00F8, 0x0301, 0,
        0x0041, 0x030F, 0, 0x0061, 0x030F, 0, 0x0041, 0x0311, 0, 0x0061, 0x0311, 0,
        0x0045, 0x030F, 0, 0x0065, 0x030F, 0, 0x0045, 0x0311, 0, 0x0065, 0x0311, 0,
        0x0049, 0x030F, 0, 0x0069, 0x030F, 0, 0x0049, 0x0311, 0, 0x0069, 0x0311, 0,
        0x004F, 0x030F, 0, 0x006F, 0x030F, 0, 0x004F, 0x0311, 0, 0x006F, 0x0311, 0,
        0x0052, 0x030F, 0, 0x0072, 0x030F, 0, 0x0052, 0x0311, 0, 0x0072, 0x0311, 0,
        0x0055, 0x030F, 0, 0x0075, 0x030F, 0, 0x0055, 0x0311, 0, 0x0075, 0x0311, 0,
        0x0053, 0x0326, 0, 0x0073, 0x0326, 0, 0x0054, 0x0326, 0, 0x0074, 0x0326, 0,
        0, 0, 0, 0, 0, 0, 0x0048, 0x030C, 0, 0x0068, 0x030C, 0,
        0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
        0, 0, 0, 0, 0, 0, 0x0041, 0x0307, 0, 0x0061, 0x0307, 0,
        0x0045, 0x0327, 0, 0x0065, 0x0327, 0, 0x004F, 0x0308, 0x0304, 0x006F, 0x0308, 0x0304,
        0x004F, 0x0303, 0x0304, 0x006F, 0x0303, 0x0304, 0x004F, 0x0307, 0, 0x006F, 0x0307, 0,
        0x004F, 0x0307, 0x0304, 0x006F, 0x0307, 0x0304, 0x0059, 0x0304, 0, 0x0079, 0x0304, 0,
        0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
        0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
        0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
        0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
        0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
        0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
        0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
        0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
        0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
        0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
        0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
        0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
        0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
        0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
        0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
        0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
        0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
        0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
        0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
        0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
        0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
        0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
        0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
        0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
        0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
        0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
        0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
        0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
        0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
        0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
        0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
        0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
        0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
        0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
        0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
        0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
        0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
        0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
        0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
        0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
        0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
        0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
        0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
        0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
        0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
        0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
        0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
        0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
        0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
        0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
        0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    ]
}
