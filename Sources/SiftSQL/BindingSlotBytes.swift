import SiftSchema

/// A binding slot written into an SQL fragment's byte stream, after the fragment's binding marker,
/// and read back from it.
///
/// A fragment then is its bytes alone (one reference, 16 bytes), with no array of slots beside
/// them: lowering copies fragments at every level of the tree, and a lone bound value allocates
/// no array. The layout is a kind byte, then the value:
/// - null: nothing; integer and real: 8 bytes, little-endian (a real's bit pattern);
/// - text and blob: the length in 4 bytes, then the bytes (a text's UTF-8, as given);
/// - parameter: the name's length in 4 bytes, its UTF-8, then the encoding (below).
///
/// An encoding is a byte; a date or UUID encoding is followed by its storage's byte, an array's
/// by its element's encoding.
enum BindingSlotBytes {
    private enum Kind: UInt8 {
        case null = 0, integer, real, text, blob, parameter
    }

    /// Appends `slot` to `bytes`.
    static func append(_ slot: BindingSlot, to bytes: inout ByteBuffer) {
        switch slot {
        case .constant(let value):
            switch value {
            case .null: bytes.append(Kind.null.rawValue)
            case .integer(let integer): appendWord(kind: .integer, UInt64(bitPattern: integer), to: &bytes)
            case .real(let real): appendWord(kind: .real, real.bitPattern, to: &bytes)
            case .text(let text): appendCounted(kind: .text, text, to: &bytes)
            case .blob(let blob): blob.withUnsafeBufferPointer { appendCounted(kind: .blob, $0, to: &bytes) }
            }
        case .parameter(let name, let encoding):
            appendCounted(kind: .parameter, name, to: &bytes)
            append(encoding, to: &bytes)
        }
    }

    /// The slot whose bytes start at `index`, and how many bytes it takes.
    static func read(at index: Int, in bytes: UnsafeBufferPointer<UInt8>) -> (slot: BindingSlot, length: Int) {
        switch kind(at: index, in: bytes) {
        case .null:
            return (.constant(.null), 1)
        case .integer:
            return (.constant(.integer(Int64(bitPattern: word(at: index + 1, in: bytes)))), 9)
        case .real:
            return (.constant(.real(Double(bitPattern: word(at: index + 1, in: bytes)))), 9)
        case .text:
            let text = ByteBuffer.countedPayload(at: index, in: bytes)
            return (.constant(.text(String(decoding: text, as: UTF8.self))), 5 + text.count)
        case .blob:
            let blob = ByteBuffer.countedPayload(at: index, in: bytes)
            return (.constant(.blob(Array(blob))), 5 + blob.count)
        case .parameter:
            let name = ByteBuffer.countedPayload(at: index, in: bytes)
            let (encoding, length) = readEncoding(at: index + 5 + name.count, in: bytes)
            return (.parameter(name: String(decoding: name, as: UTF8.self), encoding: encoding), 5 + name.count + length)
        }
    }

    /// How many bytes the slot starting at `index` takes, without reading it.
    static func length(at index: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Int {
        switch kind(at: index, in: bytes) {
        case .null: return 1
        case .integer, .real:
            precondition(index + 9 <= bytes.count, Self.corrupt)
            return 9
        case .text, .blob: return 5 + ByteBuffer.countedLength(at: index, in: bytes)
        case .parameter: return 5 + parameterPayloadLength(at: index, in: bytes)
        }
    }

    /// The bytes of a parameter slot after its kind byte and name length: the name and the encoding.
    private static func parameterPayloadLength(at index: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Int {
        let count = ByteBuffer.countedLength(at: index, in: bytes)
        return count + encodingLength(at: index + 5 + count, in: bytes)
    }

    // MARK: Parts

    /// Reading bytes that are not a slot traps (``SQLFragment/malformed``) rather than read past
    /// the buffer or make up a value.
    private static let corrupt = SQLFragment.malformed

    private static func kind(at index: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Kind {
        precondition(index < bytes.count, corrupt)
        guard let kind = Kind(rawValue: bytes[index]) else { preconditionFailure(corrupt) }
        return kind
    }

    private static func appendWord(kind: Kind, _ word: UInt64, to bytes: inout ByteBuffer) {
        bytes.append(count: 9) { target in
            target[0] = kind.rawValue
            for offset in 0..<8 { target[1 + offset] = UInt8(truncatingIfNeeded: word >> (8 * UInt64(offset))) }
        }
    }

    private static func word(at index: Int, in bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
        precondition(index + 8 <= bytes.count, Self.corrupt)
        var word: UInt64 = 0
        for offset in 0..<8 { word |= UInt64(bytes[index + offset]) << (8 * UInt64(offset)) }
        return word
    }

    private static func appendCounted(kind: Kind, _ payload: UnsafeBufferPointer<UInt8>, to bytes: inout ByteBuffer) {
        bytes.appendCounted(tag: kind.rawValue, payload)
    }

    /// A string's UTF-8, read in place when it can be (as `ByteBuffer.append(utf8:)` does).
    private static func appendCounted(kind: Kind, _ text: String, to bytes: inout ByteBuffer) {
        if let done: Void = text.utf8.withContiguousStorageIfAvailable({ appendCounted(kind: kind, $0, to: &bytes) }) { return done }
        var text = text
        text.withUTF8 { appendCounted(kind: kind, $0, to: &bytes) }
    }

    // MARK: Encodings

    private static func append(_ encoding: ValueEncoding, to bytes: inout ByteBuffer) {
        switch encoding {
        case .plain: bytes.append(0)
        case .date(let storage):
            bytes.append(1)
            bytes.append(storageByte(storage))
        case .uuid(let storage):
            bytes.append(2)
            bytes.append(storageByte(storage))
        case .prefixUpperBound: bytes.append(3)
        case .decomposed: bytes.append(4)
        case .decomposedPrefixUpperBound: bytes.append(5)
        case .count: bytes.append(6)
        case .jsonArray(let element):
            bytes.append(7)
            append(element, to: &bytes)
        case .verbatimText: bytes.append(8)
        case .timestampAtLeast: bytes.append(9)
        case .timestampAtMost: bytes.append(10)
        case .plainPrefixUpperBound: bytes.append(11)
        }
    }

    private static func readEncoding(at index: Int, in bytes: UnsafeBufferPointer<UInt8>) -> (ValueEncoding, Int) {
        precondition(index < bytes.count, corrupt)
        switch bytes[index] {
        case 1, 2:
            precondition(index + 1 < bytes.count, corrupt)
            let storage = storage(bytes[index + 1])
            return (bytes[index] == 1 ? .date(storage) : .uuid(storage), 2)
        case 3: return (.prefixUpperBound, 1)
        case 4: return (.decomposed, 1)
        case 5: return (.decomposedPrefixUpperBound, 1)
        case 6: return (.count, 1)
        case 7:
            let (element, length) = readEncoding(at: index + 1, in: bytes)
            return (.jsonArray(element: element), 1 + length)
        case 8: return (.verbatimText, 1)
        case 9: return (.timestampAtLeast, 1)
        case 10: return (.timestampAtMost, 1)
        case 11: return (.plainPrefixUpperBound, 1)
        case 0: return (.plain, 1)
        default: preconditionFailure(corrupt)
        }
    }

    private static func encodingLength(at index: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Int {
        precondition(index < bytes.count, corrupt)
        switch bytes[index] {
        case 1, 2:
            precondition(index + 1 < bytes.count, corrupt)
            return 2
        case 7: return 1 + encodingLength(at: index + 1, in: bytes)
        case 0, 3, 4, 5, 6, 8, 9, 10, 11: return 1
        default: preconditionFailure(corrupt)
        }
    }

    private static func storageByte(_ storage: Storage) -> UInt8 {
        switch storage {
        case .integer: 0
        case .real: 1
        case .text: 2
        case .blob: 3
        case .dateReferenceSeconds: 4
        case .dateUnixSeconds: 5
        case .dateISO8601: 6
        case .uuidUppercaseText: 7
        case .uuidLowercaseText: 8
        case .uuidBlob: 9
        case .timestamp: 10
        case .uuidNative: 11
        case .textForm: 12
        }
    }

    private static func storage(_ byte: UInt8) -> Storage {
        switch byte {
        case 0: .integer
        case 1: .real
        case 2: .text
        case 3: .blob
        case 4: .dateReferenceSeconds
        case 5: .dateUnixSeconds
        case 6: .dateISO8601
        case 7: .uuidUppercaseText
        case 8: .uuidLowercaseText
        case 9: .uuidBlob
        case 10: .timestamp
        case 11: .uuidNative
        case 12: .textForm
        default: preconditionFailure(corrupt)
        }
    }
}
