@testable import SiftSchema
import Testing

/// The process-wide tables behind ``SiftType`` (type names, types nested deeper than the bits hold)
/// are bounded. Past the bound a new entry is refused, never confused with another: the type made
/// of it is the error type, the refusal is counted (the checker reports a query that met one), and
/// what the table already holds keeps its identity. Checked on small private tables, so the
/// process's own stay untouched.
@Suite struct TypeTableBoundTests {
    @Test func aFullNameTableRefusesNewNamesAndKeepsItsOwn() {
        let table = TypeNameTable(capacity: 3)
        let ids = ["User", "Company", "Status"].map { table.id(of: $0) }
        #expect(ids == [0, 1, 2])
        let refusals = (table: table.refusals, process: TypeTableOverflow.refusals)
        #expect(table.id(of: "Project") == nil)
        #expect(table.refusals == refusals.table + 1)
        // A private table's refusal is its own: a check running beside it reports no full table.
        #expect(TypeTableOverflow.refusals == refusals.process)
        // Names already in keep their ids.
        #expect(table.id(of: "Company") == 1)
        #expect(table.id(of: "User") == 0)
        let refused = TypeName("Project", in: table)
        #expect(!refused.isRepresentable)
        #expect(SiftType.model(refused) == .error)
        #expect(SiftType.enumeration(refused) == .error)
        #expect(SiftType.model(TypeName("User", in: table)) != .error)
    }

    @Test func aFullDeepTypeTableRefusesNewTypesAndKeepsItsOwn() {
        let table = DeepTypeTable(capacity: 2)
        var inline = SiftType.int
        for _ in 0..<SiftType.maximumInlineWrappers { inline = .array(inline) }
        let first = inline.wrappedDeep(in: SiftType.Wrapper.optional, table: table)
        let second = inline.wrappedDeep(in: SiftType.Wrapper.array, table: table)
        #expect(first != .error && second != .error && first != second)
        let refusals = table.refusals
        #expect(inline.wrappedDeep(in: SiftType.Wrapper.closedRange, table: table) == .error)
        #expect(table.refusals == refusals + 1)
        // Types already in are found again, with the same bits.
        #expect(inline.wrappedDeep(in: SiftType.Wrapper.optional, table: table) == first)
        #expect(inline.wrappedDeep(in: SiftType.Wrapper.array, table: table) == second)
    }

    @Test func theProcessTablesHaveRoomForWhatTheyPromise() {
        #expect(TypeNameTable.shared.capacity == TypeTableOverflow.nameCapacity)
        #expect(DeepTypeTable.shared.capacity == TypeTableOverflow.deepTypeCapacity)
        #expect(TypeTableOverflow.nameCapacity < Int(UInt32.max))
        #expect(SiftType.maximumInlineWrappers == 10)
    }
}
