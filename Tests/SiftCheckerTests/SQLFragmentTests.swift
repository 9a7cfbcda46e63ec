import Sift
import Testing

/// SQL fragments as one byte stream: copies are values (appending to one leaves the other as it
/// was), parts read back as written, and the renderer quotes, numbers and lays them out.
@Suite struct SQLFragmentTests {
    @Test func copiesAreIndependentValues() {
        var first = SQLFragment("SELECT ") + SQLFragment.column("u", "name")
        let copy = first
        first += " FROM " + SQLFragment.identifier("users")
        #expect(copy.segments == [.sql("SELECT "), .identifier("u"), .sql("."), .identifier("name")])
        #expect(first.segments.count == 6)
        #expect(first != copy)
        var rebuilt = copy
        rebuilt += " FROM "
        rebuilt += .identifier("users")
        #expect(rebuilt == first)
        #expect(rebuilt.hashValue == first.hashValue)
        // Both copies appended to: each keeps its own text.
        var left = SQLFragment("x = ")
        var right = left
        left += "1"
        right += "2"
        #expect(left.segments == [.sql("x = 1")] && right.segments == [.sql("x = 2")])
    }

    /// A buffer kept by a copy and appended to, round after round, grows with its bytes, not
    /// exponentially (doubling a shared buffer on every copy reached 32 GB in 30 rounds).
    @Test func aSharedBufferGrowsWithItsBytes() {
        var buffer = ByteBuffer()
        var kept: [ByteBuffer] = []
        for round in 0..<200 {
            kept.append(buffer)
            buffer.append(utf8: String(round % 10))
        }
        #expect(buffer.count == 200)
        #expect(buffer.capacity <= 512, "capacity \(buffer.capacity)")
        #expect(kept[100].string == String((0..<100).map { Character(String($0 % 10)) }))
        var fragment = SQLFragment("x")
        var fragments: [SQLFragment] = []
        for round in 0..<200 {
            fragments.append(fragment)
            fragment += String(round % 10)
        }
        #expect(fragment.rendered().text.utf8.count == 201)
    }

    @Test func partsReadBackAsWritten() {
        let long = String(repeating: "x", count: 300)  // a length above one byte
        let fragment = SQLFragment([
            .sql("a = "), .binding(.parameter(name: "p", encoding: .plain)), .newline(indent: 2), .identifier(long),
            .identifier("q\"uote"), .binding(.constant(.integer(7))), .sql(""), .identifier(""),
        ])
        #expect(
            fragment.segments == [
                .sql("a = "), .binding(.parameter(name: "p", encoding: .plain)), .newline(indent: 2), .identifier(long),
                .identifier("q\"uote"), .binding(.constant(.integer(7))), .identifier(""),
            ])
        #expect(SQLFragment.binding(.constant(.null)).singleBinding == .constant(.null))
        #expect(fragment.singleBinding == nil)
        #expect(SQLFragment("NULL").isNullLiteral && !SQLFragment("NULLS").isNullLiteral)
    }

    @Test func renderedTextQuotesNumbersAndLaysOut() {
        let parameter = SQLFragment.binding(.parameter(name: "p", encoding: .plain))
        let fragment = "SELECT " + SQLFragment.column("t", "a\"b") + SQLFragment.newline(indent: 1) + "WHERE " + parameter + " < "
            + .binding(.constant(.integer(1))) + " AND " + parameter
        let (oneLine, bindings) = fragment.rendered()
        #expect(oneLine == #"SELECT "t"."a""b" WHERE ?1 < ?2 AND ?1"#)
        #expect(bindings == [.parameter(name: "p", encoding: .plain), .constant(.integer(1))])
        #expect(fragment.rendered(readable: true).text == "SELECT \"t\".\"a\"\"b\"\n  WHERE ?1 < ?2 AND ?1")
    }
}
