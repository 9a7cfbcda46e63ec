import Testing

@testable import SiftSyntax

/// Every syntax node is stored in the tree's one array and copied out when a phase reads it: a
/// node's kind stays as small as a binary operation (two operands, the operator and its range);
/// larger payloads are boxed.
@Suite struct SyntaxLayoutTests {
    @Test func aSyntaxNodeKindIsNoLargerThanABinaryOperation() {
        #expect(MemoryLayout<BinaryExpr>.size <= 36)
        #expect(MemoryLayout<IntegerLiteral>.size <= MemoryLayout<BinaryExpr>.size)
        #expect(MemoryLayout<ExprKind>.size <= 41)
    }
}
