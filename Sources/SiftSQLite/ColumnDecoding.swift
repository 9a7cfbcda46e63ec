import CSQLite
import Foundation
import Sift

/// How one result column decodes, worked out once per run: plain values (no strings to retain
/// when it is copied), with the column's enum, if any, looked up once.
struct ColumnDecoding {
    enum Kind: UInt8 { case bool, integer, double, string, url, data, date, uuid, enumeration }

    let kind: Kind
    let storage: Storage
    /// The column's enum (a class reference: copying a decoding retains at most this).
    let enumType: EnumTypeBox?

    init(_ attribute: Attribute, schema: Schema) {
        storage = attribute.storage
        switch attribute.type {
        case .bool: kind = .bool
        case .integer: kind = .integer
        case .double, .float: kind = .double
        case .string: kind = .string
        case .url: kind = .url
        case .data: kind = .data
        case .date: kind = .date
        case .uuid: kind = .uuid
        case .enumeration: kind = .enumeration
        }
        if case .enumeration(let name) = attribute.type { enumType = EnumTypeBox(schema.enumType(named: name)) } else { enumType = nil }
    }

    /// A column of the current row of `statement`, read by what it will become: numbers, dates
    /// stored as numbers and UUIDs stored as text without an intermediate value or string; the
    /// rest through ``decode(_:)``.
    func decode(column: Int32, of statement: OpaquePointer) -> DecodedValue {
        switch (kind, sqlite3_column_type(statement, column)) {
        case (_, SQLITE_NULL):
            return .null
        case (.integer, SQLITE_INTEGER):
            return .int(sqlite3_column_int64(statement, column))
        case (.double, SQLITE_FLOAT):
            return .double(sqlite3_column_double(statement, column))
        case (.bool, SQLITE_INTEGER):
            let integer = sqlite3_column_int64(statement, column)
            if integer == 0 || integer == 1 { return .bool(integer == 1) }
        case (.date, SQLITE_FLOAT) where storage == .dateReferenceSeconds:
            return .date(Date(timeIntervalSinceReferenceDate: sqlite3_column_double(statement, column)))
        case (.uuid, SQLITE_TEXT):
            // The pointer first, then the byte count, as SQLite documents.
            let bytes = sqlite3_column_text(statement, column)
            let count = Int(sqlite3_column_bytes(statement, column))
            if let uuid = UUIDText.parse(utf8: UnsafeBufferPointer(start: bytes, count: count)) { return .uuid(uuid) }
        default:
            break
        }
        return decode(SQLValue(column: column, of: statement))
    }

    /// The same answers as ``ValueDecoder/decode(_:as:schema:)``.
    func decode(_ value: SQLValue) -> DecodedValue {
        if case .null = value { return .null }
        switch (kind, value) {
        case (.bool, .integer(let integer)) where integer == 0 || integer == 1: return .bool(integer == 1)
        case (.integer, .integer(let integer)): return .int(integer)
        case (.double, .real(let real)): return .double(real)
        case (.double, .integer(let integer)): return .double(Double(integer))
        case (.string, .text(let text)): return .string(text)
        case (.url, .text(let text)): return .url(text)
        case (.data, .blob(let bytes)): return .data(bytes)
        case (.date, _): if let date = ValueDecoder.decodeDate(value, storage: storage) { return .date(date) }
        case (.uuid, .text(let text)): if let uuid = UUIDText.parse(text) { return .uuid(uuid) }
        case (.uuid, .blob(let bytes)) where bytes.count == 16:
            return .uuid(bytes.withUnsafeBytes { UUID(uuid: $0.loadUnaligned(as: uuid_t.self)) })
        case (.enumeration, _): return ValueDecoder.decodeEnum(value, enumType: enumType?.enumType)
        default: break
        }
        return .undecodable(value)
    }
}

/// An enum type held by reference, for ``ColumnDecoding``.
final class EnumTypeBox {
    let enumType: EnumType?
    init(_ enumType: EnumType?) { self.enumType = enumType }
}

/// What running a compiled query needs besides its bindings, worked out once and kept for its
/// next runs: how each result column decodes, and the column names of its rows.
final class RunPlan {
    let sql: String
    let columns: [Attribute]
    let decodings: [ColumnDecoding]
    let names: [String]

    /// The row values array of the last run, emptied, for the next run to fill.
    private var spareValues: [DecodedValue] = []

    init(_ query: CompiledQuery, schema: Schema) {
        sql = query.sql
        columns = query.columns
        decodings = query.columns.map { ColumnDecoding($0, schema: schema) }
        names = query.columnNames
    }

    /// The kept values array (empty), or a new one.
    func takeValues() -> [DecodedValue] {
        var values: [DecodedValue] = []
        swap(&values, &spareValues)
        return values
    }

    /// Keeps `values`' storage for the next run, emptied (a row the caller still holds keeps
    /// its own copy).
    func keepValues(_ values: inout [DecodedValue]) {
        values.removeAll(keepingCapacity: true)
        swap(&values, &spareValues)
    }
}
