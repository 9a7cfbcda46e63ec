import Testing

@testable import SiftSQL

/// The lowering's working value stays small: it is copied and destroyed at every level of the
/// tree, so each byte and reference it grows by costs instructions in every compilation
/// (docs/PERFORMANCE.md says how to count them).
@Suite struct LoweredLayoutTests {
    @Test func loweredValuesHoldOneReferenceIn32Bytes() {
        #expect(MemoryLayout<Lowered>.size <= 32)
        #expect(MemoryLayout<SQLFragment>.size == 16)
    }

    /// A column and a trap condition read back as they were set, and clear to none.
    @Test func numberedFieldsReadBack() {
        var value = Lowered(SQLFragment("x"))
        #expect(value.column == nil && value.trapConditionNumber == nil)
        value.column = ColumnReference(index: 0)
        value.trapConditionNumber = 7
        #expect(value.column?.index == 0 && value.trapConditionNumber == 7)
        value.column = nil
        value.trapConditionNumber = nil
        #expect(value.column == nil && value.trapConditionNumber == nil)
    }
}
