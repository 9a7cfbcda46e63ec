import Foundation
import Sift
import Testing

/// `UUIDText` writes and reads exactly what Foundation's `uuidString` and `UUID(uuidString:)` do.
@Suite struct UUIDTextTests {
    @Test func formatsAsFoundationDoes() {
        for _ in 0..<500 {
            let uuid = UUID()
            #expect(UUIDText.format(uuid) == uuid.uuidString)
            #expect(UUIDText.format(uuid, uppercase: false) == uuid.uuidString.lowercased())
        }
        let edges = [UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)),
                     UUID(uuid: (255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255))]
        for uuid in edges { #expect(UUIDText.format(uuid) == uuid.uuidString) }
    }

    @Test func readsWhatFoundationReads() {
        let uuid = UUID()
        let texts = [
            uuid.uuidString, uuid.uuidString.lowercased(), "6ba7b810-9DAD-11d1-80B4-00c04fd430c8", "", "not a uuid",
            String(uuid.uuidString.dropLast()), uuid.uuidString + "0", "{\(uuid.uuidString)}", uuid.uuidString.replacingOccurrences(of: "-", with: ""),
            "6ba7b810-9dad-11d1-80b4-00c04fd430cg", "6ba7b810-9dad-11d1-80b4_00c04fd430c8", "6ba7b8109-dad-11d1-80b4-00c04fd430c8",
            " 6ba7b810-9dad-11d1-80b4-00c04fd430c", "6ba7b810-9dad-11d1-80b4-00c04fd430c８",
        ]
        for text in texts {
            #expect(UUIDText.parse(text) == UUID(uuidString: text), "\(text.debugDescription)")
        }
        #expect(UUIDText.parse(uuid.uuidString) == uuid)
    }

    /// Near-UUIDs (one character replaced by a neighbour of the hex digits in ASCII) are read as
    /// Foundation reads them.
    @Test func nearUUIDsAreReadAsFoundationReadsThem() {
        let replacements = Array("/0:9@AFG`afg-_ {}".unicodeScalars) + ["\u{C1}", "\u{0}"]
        var checked = 0
        for round in 0..<40 {
            let text = Array(UUID().uuidString.unicodeScalars)
            for position in text.indices {
                var mutated = text
                mutated[position] = replacements[(round + position) % replacements.count]
                let candidate = String(String.UnicodeScalarView(mutated))
                #expect(UUIDText.parse(candidate) == UUID(uuidString: candidate), "\(candidate.debugDescription)")
                #expect(UUIDText.parse(candidate.lowercased()) == UUID(uuidString: candidate.lowercased()))
                checked += 1
            }
        }
        #expect(checked == 40 * 36)
    }

    /// Every byte value at every position of a UUID's UTF-8: the word-at-a-time reader accepts
    /// exactly the canonical texts, and reads them as Foundation does.
    @Test func everyByteAtEveryPositionIsReadAsFoundationReadsIt() {
        for text in ["6BA7B810-9DAD-11D1-80B4-00C04FD430C8", "0f1e2d3c-4b5a-6978-8796-a5b4c3d2e1f0"] {
            let original = Array(text.utf8)
            for position in original.indices {
                for byte in 0...255 {
                    var bytes = original
                    bytes[position] = UInt8(byte)
                    let expected = UUID(uuidString: String(decoding: bytes, as: UTF8.self))
                    let parsed = bytes.withUnsafeBufferPointer { UUIDText.parse(utf8: $0) }
                    // Canonical texts are read, as Foundation reads them; the rest are left to Foundation.
                    #expect((parsed != nil) == Self.isCanonical(bytes), "byte \(byte) at \(position)")
                    if let parsed { #expect(parsed == expected, "byte \(byte) at \(position)") }
                    if Self.isCanonical(bytes) { #expect(expected != nil, "byte \(byte) at \(position)") }
                }
            }
        }
    }

    /// The text written on the stack is `format`'s text.
    @Test func stackTextIsTheFormattedText() {
        for _ in 0..<200 {
            let uuid = UUID()
            for uppercase in [true, false] {
                let bytes = UUIDText.withUTF8(of: uuid, uppercase: uppercase) { Array($0) }
                #expect(String(decoding: bytes, as: UTF8.self) == UUIDText.format(uuid, uppercase: uppercase))
            }
        }
    }

    /// 36 bytes: hex digits in either case with hyphens at 8, 13, 18 and 23.
    static func isCanonical(_ bytes: [UInt8]) -> Bool {
        bytes.count == 36 && bytes.indices.allSatisfy { index in
            [8, 13, 18, 23].contains(index) ? bytes[index] == UInt8(ascii: "-") : Character(UnicodeScalar(bytes[index])).isHexDigit
        }
    }
}
