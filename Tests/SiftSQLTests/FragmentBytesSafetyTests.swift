import Testing

@testable import SiftSQL

/// A fragment's bytes are read without bounds checks but for these: bytes that are not what Sift
/// writes (a marker byte in SQL text, which `appendText` only asserts against) make reading trap,
/// never read past the buffer or make up a bound value.
@Suite struct FragmentBytesSafetyTests {
    @Test func aCountedRunLongerThanItsBytesTraps() async {
        await #expect(processExitsWith: .failure) {
            let bytes: [UInt8] = [1, 200, 0, 0, 0, 65]
            _ = bytes.withUnsafeBufferPointer { ByteBuffer.countedLength(at: 0, in: $0) }
        }
        await #expect(processExitsWith: .failure) {
            let bytes: [UInt8] = [1, 3, 0]
            _ = bytes.withUnsafeBufferPointer { ByteBuffer.countedLength(at: 0, in: $0) }
        }
    }

    @Test func bytesThatAreNotABoundValueTrap() async {
        // A kind byte that names no kind (text after a stray marker).
        await #expect(processExitsWith: .failure) {
            let bytes: [UInt8] = [0x20, 0x62]
            _ = bytes.withUnsafeBufferPointer { BindingSlotBytes.read(at: 0, in: $0) }
        }
        // An integer cut short, and a marker at the very end.
        await #expect(processExitsWith: .failure) {
            let bytes: [UInt8] = [1, 7, 0]
            _ = bytes.withUnsafeBufferPointer { BindingSlotBytes.read(at: 0, in: $0) }
        }
        await #expect(processExitsWith: .failure) {
            let bytes: [UInt8] = [2]
            _ = bytes.withUnsafeBufferPointer { BindingSlotBytes.length(at: 1, in: $0) }
        }
    }

    @Test func wellFormedBytesReadBack() {
        var buffer = ByteBuffer()
        BindingSlotBytes.append(.parameter(name: "ids", encoding: .jsonArray(element: .date(.dateISO8601))), to: &buffer)
        buffer.withUnsafeBufferPointer { bytes in
            let (slot, length) = BindingSlotBytes.read(at: 0, in: bytes)
            #expect(slot == .parameter(name: "ids", encoding: .jsonArray(element: .date(.dateISO8601))))
            #expect(length == bytes.count && BindingSlotBytes.length(at: 0, in: bytes) == bytes.count)
        }
    }
}
