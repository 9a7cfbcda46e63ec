import SiftChecker
import SiftSchema

/// The lowering of FTS5's auxiliary functions (``SiftChecker/SQLOperation/highlight(column:)``,
/// ``SiftChecker/SQLOperation/snippet(column:)``), as StructuredQueries writes them: the column's
/// index is read from `pragma_table_info` by its name (so a model file that declares the columns
/// in another order than the table still marks the right one), and every argument is bound.
extension LoweringContext {
    mutating func lowerFullTextFunction(_ operation: SQLOperation, _ operands: [TypedExpr], type: SiftType) -> Lowered {
        guard let row = row(of: operands[0]) else { return Lowered(SQLFragment("NULL"), isOptional: true, isAtomic: true) }
        let column: String
        var sql = SQLFragment()
        switch operation {
        case .highlight(let name):
            column = name
            sql += "highlight("
        case .snippet(let name):
            column = name
            sql += "snippet("
        default:
            return Lowered(SQLFragment("NULL"), isOptional: true, isAtomic: true)
        }
        // The FTS5 table's hidden column of its own name, through the row's alias (as MATCH reads it).
        sql += .column(row.alias, row.model.tableName)
        sql += ", (SELECT \"cid\" FROM pragma_table_info("
        sql += .binding(.constant(.text(row.model.tableName)))
        sql += ") WHERE \"name\" = "
        sql += .binding(.constant(.text(column)))
        sql += ")"
        for operand in operands.dropFirst() {
            sql += ", "
            sql += lowerSQLOperand(operand, toMatch: nil).sql
        }
        sql += ")"
        return Lowered(sql, isOptional: type.isOptional, isAtomic: true)
    }
}
