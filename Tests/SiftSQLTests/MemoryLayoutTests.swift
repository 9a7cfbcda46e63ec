import Testing

@testable import SiftChecker
@testable import SiftSQL
@testable import SiftSyntax

/// The memory-layout budgets of the values every compilation copies at each level of its trees:
/// each byte and reference they grow by costs instructions in every compilation
/// (docs/PERFORMANCE.md says how to count them).
@Suite struct MemoryLayoutTests {
    /// Every syntax node is stored in the tree's one array and copied out when a phase reads it: a
    /// node's kind stays as small as a binary operation (two operands, the operator and its range);
    /// larger payloads are boxed.
    @Test func aSyntaxNodeKindIsNoLargerThanABinaryOperation() {
        #expect(MemoryLayout<BinaryExpr>.size <= 36)
        #expect(MemoryLayout<IntegerLiteral>.size <= MemoryLayout<BinaryExpr>.size)
        #expect(MemoryLayout<ExprKind>.size <= 41)
    }

    /// A typed node's handle is copied at every level of every phase: 24 bytes and no reference;
    /// its kind, stored once in the tree, fits a node with three children and a constant in 88 bytes.
    @Test func aTypedNodeHandleIs24PlainBytesAndAKindAtMost88() {
        #expect(MemoryLayout<TypedExpr>.size == 24)
        #expect(_isPOD(TypedExpr.self))
        #expect(MemoryLayout<Constant>.size <= 9)
        #expect(MemoryLayout<TypedExprKind>.stride <= 88)
    }

    /// The lowering's working value is copied and destroyed at every level of the tree.
    @Test func loweredValuesHoldOneReferenceIn32Bytes() {
        #expect(MemoryLayout<Lowered>.size <= 32)
        #expect(MemoryLayout<SQLFragment>.size == 16)
    }

    /// The lowering recognises SQLite's dialect by its type and then uses a value of its own,
    /// which is the caller's only while the dialect has no stored state.
    @Test func sqliteDialectHasNoState() {
        #expect(MemoryLayout<SQLiteDialect>.size == 0)
    }

    /// A lowered value's column and trap condition, packed into its budget, read back as they
    /// were set, and clear to none.
    @Test func loweredNumberedFieldsReadBack() {
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
