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
}
