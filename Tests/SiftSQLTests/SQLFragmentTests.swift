import Sift
import SiftTestSupport
import Testing

/// SQL fragments as one byte stream: copies are values (appending to one leaves the other as it
/// was), parts read back as written, and the renderer quotes, numbers and lays them out.
@Suite struct SQLFragmentTests {
    @Test func copiesAreIndependentValues() {
        var first = SQLFragment(rawSQL: "SELECT ")! + SQLFragment.column("u", "name")
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
        var left = SQLFragment(rawSQL: "x = ")!
        var right = left
        left += "1"
        right += "2"
        #expect(left.segments == [.sql("x = 1")] && right.segments == [.sql("x = 2")])
    }

    /// A buffer kept by a copy and appended to, round after round, grows with its bytes, not
    /// exponentially (doubling a shared buffer on every copy reached 32 GB in 30 rounds).
    /// Copying bytes the buffer holds (the select list repeats its quoted alias) and dropping the
    /// last bytes leave a copy that shared the storage untouched, and grow the buffer when full.
    @Test func appendCopyAndRemoveLastKeepSharedCopiesIntact() {
        var buffer = ByteBuffer(capacity: 4)
        buffer.append(utf8: "\"u\"")
        let shared = buffer
        buffer.appendCopy(of: 0..<3)  // shared and full: copied away, then grown
        buffer.append(UInt8(ascii: "."))
        buffer.appendCopy(of: 1..<2)
        #expect(buffer.string == "\"u\"\"u\".u")
        #expect(shared.string == "\"u\"")
        let before = buffer
        buffer.removeLast(2)
        buffer.append(utf8: "!")
        #expect(buffer.string == "\"u\"\"u\"!")
        #expect(before.string == "\"u\"\"u\".u")
        buffer.appendCopy(of: 0..<0)
        #expect(buffer.count == 7)
    }

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
        var fragment = SQLFragment(rawSQL: "x")!
        var fragments: [SQLFragment] = []
        for round in 0..<200 {
            fragments.append(fragment)
            fragment += SQLFragment(rawSQL: String(round % 10))!
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
        #expect(SQLFragment(rawSQL: "NULL")!.isNullLiteral && !SQLFragment(rawSQL: "NULLS")!.isNullLiteral)
    }

    /// Raw SQL text from outside Sift is taken as is, except the bytes a fragment keeps for its
    /// identifiers, bindings and line breaks (and NUL, which the renderer also reads as one):
    /// those would make the renderer read a length or a slot that is not there.
    @Test func rawSQLRefusesTheMarkerBytes() {
        for scalar in 0..<4 {
            let text = "a " + String(UnicodeScalar(UInt8(scalar))) + " b"
            #expect(SQLFragment(rawSQL: text) == nil, "U+000\(scalar)")
        }
        for text in ["x = 1", "\u{4}\t\n", "\u{7F} é \"q\"", ""] {
            let fragment = SQLFragment(rawSQL: text)
            #expect(fragment?.rendered().text == text)
            #expect(fragment?.segments == (text.isEmpty ? [] : [.sql(text)]))
        }
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

    /// Placeholders are numbered `?1` to `?120` with the right digits, and a dialect other than
    /// SQLite's renders through its own quoting and placeholders.
    @Test func placeholdersOfEveryWidthAndAnotherDialect() {
        var fragment = SQLFragment(rawSQL: "SELECT ")! + SQLFragment.identifier("a\"b")
        for value in 1...120 { fragment += " " + SQLFragment.binding(.constant(.integer(Int64(value)))) }
        let (text, bindings) = fragment.rendered()
        #expect(text == "SELECT \"a\"\"b\" " + (1...120).map { "?\($0)" }.joined(separator: " "))
        #expect(bindings.count == 120)
        let (other, _) = fragment.rendered(dialect: BracketDialect())
        #expect(other == "SELECT [a\"b] " + (1...120).map { "$\($0)" }.joined(separator: " "))
    }

    /// The select list copies the names the model quoted once (SQLite's dialect) or quotes each
    /// name (any other dialect): both give every column, inner quotes doubled, in order.
    @Test func selectListsQuoteEveryColumn() throws {
        let model = Model(
            name: "Odd", tableName: "t\"q", primaryKey: ["id"],
            members: [
                .attribute(Attribute(name: "id", type: .integer(.int), storage: .integer, isPrimaryKey: true)),
                .attribute(Attribute(name: "said", columnName: "say \"hi\"", type: .string, storage: .text)),
                .relationship(Relationship(name: "parent", target: "Odd", cardinality: .toOne(isOptional: true), link: .foreignKey(column: "parent_id", targetColumn: "id"))),
                .attribute(Attribute(name: "naive", columnName: "naïve", type: .string, isOptional: true, storage: .text)),
            ], style: .model)
        let schema = Schema(models: [model])
        let checked = try #require(Compiler(schema: schema).check("#Predicate<Odd> { $0.id > 1 }").checked)
        let options = SQLLowering.Options(readableLayout: false)
        #expect(
            SQLLowering.lower(checked, schema: schema, options: options).sql
                == #"SELECT "t""q"."id", "t""q"."say ""hi""", "t""q"."naïve" FROM "t""q" WHERE "t""q"."id" > ?1"#)
        #expect(
            SQLLowering.lower(checked, schema: schema, dialect: BracketDialect(), options: options).sql
                == #"SELECT [t"q].[id], [t"q].[say "hi"], [t"q].[naïve] FROM [t"q] WHERE [t"q].[id] > $1"#)
        // One column.
        let single = Model(
            name: "One", tableName: "ones", primaryKey: ["id"],
            members: [.attribute(Attribute(name: "id", type: .integer(.int), storage: .integer, isPrimaryKey: true))], style: .model)
        let one = try #require(Compiler(schema: Schema(models: [single])).check("#Predicate<One> { $0.id > 1 }").checked)
        #expect(SQLLowering.lower(one, schema: Schema(models: [single]), options: options).sql == #"SELECT "ones"."id" FROM "ones" WHERE "ones"."id" > ?1"#)
    }

    /// A model's quoted columns follow its members and its table when they change (through
    /// `members` and `tableName`, as schema refinement does): replaced, appended and removed
    /// attributes, and a renamed table (the select list qualified by the table's name).
    @Test func selectListFollowsChangedMembers() throws {
        var model = Model(
            name: "Item", tableName: "items", primaryKey: ["id"],
            members: [
                .attribute(Attribute(name: "id", type: .integer(.int), storage: .integer, isPrimaryKey: true)),
                .attribute(Attribute(name: "title", type: .string, storage: .text)),
                .attribute(Attribute(name: "gone", type: .string, storage: .text)),
            ], style: .model)
        model.members[1] = .attribute(Attribute(name: "title", columnName: "item title", type: .string, storage: .text))
        model.members.remove(at: 2)
        model.members.append(.attribute(Attribute(name: "price", type: .double, storage: .real)))
        let schema = Schema(models: [model])
        let checked = try #require(Compiler(schema: schema).check("#Predicate<Item> { $0.id > 1 }").checked)
        #expect(
            SQLLowering.lower(checked, schema: schema, options: SQLLowering.Options(readableLayout: false)).sql
                == #"SELECT "items"."id", "items"."item title", "items"."price" FROM "items" WHERE "items"."id" > ?1"#)
        model.tableName = #"store "items""#
        let renamed = Schema(models: [model])
        let checkedRenamed = try #require(Compiler(schema: renamed).check("#Predicate<Item> { $0.id > 1 }").checked)
        #expect(
            SQLLowering.lower(checkedRenamed, schema: renamed, options: SQLLowering.Options(readableLayout: false)).sql
                == #"SELECT "store ""items"""."id", "store ""items"""."item title", "store ""items"""."price" FROM "store ""items""" WHERE "store ""items"""."id" > ?1"#)
    }
}

/// Bound values live in a fragment's bytes: each kind reads back as it was written, whatever
/// bytes it holds (markers among them), between text and identifiers, and renders in order.
@Suite struct BindingBytesTests {
    static let slots: [BindingSlot] = [
        .constant(.null), .constant(.integer(0)), .constant(.integer(1)), .constant(.integer(-1)), .constant(.integer(.min)),
        .constant(.integer(.max)), .constant(.real(0.5)), .constant(.real(-0.0)), .constant(.real(.infinity)),
        .constant(.real(-1e300)), .constant(.text("")), .constant(.text("Kim Lee")), .constant(.text("\u{1}\u{2}\u{3} marker bytes")),
        .constant(.text("Zürich Cafe\u{301} 이름 " + String(repeating: "long text ", count: 40))), .constant(.blob([])),
        .constant(.blob([0, 1, 2, 3, 4, 255])), .parameter(name: "userID", encoding: .uuid(.uuidBlob)),
        .parameter(name: "d", encoding: .date(.dateISO8601)), .parameter(name: "when", encoding: .date(.dateReferenceSeconds)),
        .parameter(name: "p", encoding: .prefixUpperBound), .parameter(name: "p", encoding: .decomposed),
        .parameter(name: "p", encoding: .decomposedPrefixUpperBound), .parameter(name: "p", encoding: .plainPrefixUpperBound),
        .parameter(name: "limit", encoding: .count),
        .parameter(name: "ids", encoding: .jsonArray(element: .uuid(.uuidLowercaseText))),
        .parameter(name: "nested", encoding: .jsonArray(element: .jsonArray(element: .date(.dateUnixSeconds)))),
        .parameter(name: "이름", encoding: .plain),
    ]

    @Test func everyKindOfSlotReadsBack() {
        for slot in Self.slots {
            let fragment = SQLFragment.binding(slot)
            #expect(fragment.singleBinding == slot)
            #expect(fragment.segments == [.binding(slot)])
            let framed = SQLFragment(rawSQL: "a = ")! + fragment + " AND " + SQLFragment.identifier("x\u{1}y") + " = " + fragment
            #expect(framed.singleBinding == nil)
            #expect(framed.segments == [.sql("a = "), .binding(slot), .sql(" AND "), .identifier("x\u{1}y"), .sql(" = "), .binding(slot)])
        }
    }

    @Test func bindingsRenderInOrderOfAppearance() {
        let fragment = SQLFragment.joined(Self.slots.map { SQLFragment.binding($0) }, separator: ", ")
        let (text, bindings) = fragment.rendered()
        // A parameter keeps one placeholder per encoding; every other value has its own.
        var expected: [BindingSlot] = []
        for slot in Self.slots where !expected.contains(slot) || !slot.isParameter { expected.append(slot) }
        #expect(bindings == expected)
        #expect(text.split(separator: ",").count == Self.slots.count)
        #expect(!text.contains("\u{1}") && !text.contains("\u{2}"))
    }
}

extension SQLFragmentTests {
    /// SQLite's dialect writes a fragment in one pass into room it reserves; any other dialect
    /// goes piece by piece. A dialect that quotes and numbers as SQLite does but is another type
    /// takes the general path: both must write the same text and bindings, for fragments with
    /// quotes inside names, long names, hundreds of bindings (`?100` and more), repeated
    /// parameters and line breaks indented deeper than a reservation's room, on one line or laid out.
    @Test func sqliteInPlaceWriterMatchesTheGeneralRenderer() {
        var generator = SplitMix64(seed: 20261203)
        for round in 0..<600 {
            var segments: [SQLFragment.Segment] = []
            for _ in 0..<(1 + generator.below(round < 400 ? 12 : 400)) {
                switch generator.below(8) {
                case 0: segments.append(.sql(["a = ", " AND ", "(", ")", ", ", " IS NOT ", "é"][generator.below(7)]))
                case 6:
                    // Text runs of every length around a word (8 bytes), ASCII or not.
                    let length = 1 + generator.below(24)
                    segments.append(.sql(String((0..<length).map { _ in ["A", " ", "(", "ü", "_", ">"][generator.below(6)] })))
                case 7:
                    // Names of every length around a word, with a quote at any place or none.
                    let length = generator.below(20)
                    let quoteAt = generator.below(3) == 0 ? generator.below(max(length, 1)) : -1
                    segments.append(.identifier(String((0..<length).map { $0 == quoteAt ? "\"" : ["b", "é", "_", "Q"][generator.below(4)] })))
                case 1:
                    let length = generator.below(4) == 0 ? 40 + generator.below(200) : generator.below(12)
                    segments.append(.identifier(String((0..<length).map { _ in ["a", "\"", "ü", "_", "Z"][generator.below(5)] })))
                case 2: segments.append(.newline(indent: generator.below(4) == 0 ? generator.below(200) : generator.below(3)))
                case 3: segments.append(.binding(.constant([.null, .integer(-7), .real(2.5), .text(String(repeating: "x", count: generator.below(30)))][generator.below(4)])))
                default:
                    // Up to 24 slots (12 names, two encodings): past the renderer's 8-parameter list.
                    let name = ["p", "q", "long_parameter_name", "a1", "b2", "c3", "d4", "e5", "f6", "g7", "h8", "i9"][generator.below(round < 400 ? 3 : 12)]
                    segments.append(.binding(.parameter(name: name, encoding: generator.below(2) == 0 ? .plain : .decomposed)))
                }
            }
            // What the placeholders must be, worked out apart from the renderer: a parameter slot
            // (name and encoding) keeps the position where it first appears, a constant takes a new one.
            var expectedBindings: [BindingSlot] = []
            var expectedPlaceholders: [Int] = []
            for case .binding(let slot) in segments {
                if case .parameter = slot, let earlier = expectedBindings.firstIndex(of: slot) {
                    expectedPlaceholders.append(earlier + 1)
                } else {
                    expectedBindings.append(slot)
                    expectedPlaceholders.append(expectedBindings.count)
                }
            }
            let fragment = SQLFragment(segments)
            for readable in [false, true] {
                let inPlace = fragment.rendered(readable: readable)
                let general = fragment.rendered(readable: readable, dialect: BracketDialect(sqliteQuoting: true))
                #expect(inPlace.text == general.text, "round \(round), readable: \(readable)")
                #expect(inPlace.bindings == general.bindings, "round \(round), readable: \(readable)")
                #expect(inPlace.bindings == expectedBindings, "round \(round), readable: \(readable)")
                // No name or text in these fragments holds a `?`: each one in the SQL is a placeholder.
                let placeholders = inPlace.text.split(separator: "?", omittingEmptySubsequences: false).dropFirst()
                    .map { Int($0.prefix { $0.isASCII && $0.isNumber }) ?? -1 }
                #expect(placeholders == expectedPlaceholders, "round \(round), readable: \(readable)")
            }
        }
    }
}

extension BindingSlot {
    fileprivate var isParameter: Bool { if case .parameter = self { true } else { false } }
}
