import CLibPQ
import Foundation
import Sift
import SiftSQLite

/// How a value of a result column decodes: by its PostgreSQL type (the column's type OID), then,
/// when the column is an attribute of the schema, into what the attribute is in Swift.
struct PostgresColumnDecoding {
    let typeOID: UInt32
    let attribute: Attribute?
    let schema: Schema?

    /// The value at `row`, `column` of `result`.
    func decode(_ result: OpaquePointer, row: Int32, column: Int32) -> DecodedValue {
        if PQgetisnull(result, row, column) == 1 { return .null }
        let pointer = PQgetvalue(result, row, column)!
        let count = Int(PQgetlength(result, row, column))
        let natural = Self.natural(pointer, count: count, typeOID: typeOID)
        guard let attribute, let schema else { return natural }
        return Self.refine(natural, as: attribute, schema: schema)
    }

    /// A value by its PostgreSQL type alone: integers, floating-point and `numeric` numbers,
    /// Booleans, text (and JSON; `char(n)` without its padding), bytes, dates (the `Date` of the
    /// stored microsecond, ``TimestampMicroseconds``), UUIDs. Any other type (an array, an enum,
    /// an interval) is shown as the server writes it.
    static func natural(_ pointer: UnsafePointer<CChar>, count: Int, typeOID: UInt32) -> DecodedValue {
        let text = { String(decoding: UnsafeRawBufferPointer(start: pointer, count: count), as: UTF8.self) }
        switch typeOID {
        case PostgresType.bool:
            return .bool(pointer[0] == CChar(UInt8(ascii: "t")))
        case PostgresType.int2, PostgresType.int4, PostgresType.int8, PostgresType.oid:
            if let value = Int64(text()) { return .int(value) }
        case PostgresType.float4:
            // A `real` is a `Float`, read as one (once): its shortest text read as a `Double` would
            // be another number than the one PostgreSQL compares (`CAST(x AS float8)` is exact).
            if let value = float(text()) { return .double(Double(value)) }
        case PostgresType.float8, PostgresType.numeric:
            if let value = double(text()) { return .double(value) }
        case PostgresType.bpchar:
            // `char(n)` pads with spaces, which its comparisons and its cast to text ignore.
            var value = text()
            while value.utf8.last == UInt8(ascii: " ") { value.removeLast() }
            return .string(value)
        case PostgresType.text, PostgresType.varchar, PostgresType.name, PostgresType.json, PostgresType.jsonb, PostgresType.unknown:
            return .string(text())
        case PostgresType.bytea:
            if let bytes = PostgresText.bytes(fromBytea: pointer, count: count) { return .data(bytes) }
        case PostgresType.timestamptz, PostgresType.timestamp, PostgresType.date:
            if let date = TimestampMicroseconds.date(text: text()) { return .date(date) }
        case PostgresType.uuid:
            if let uuid = UUID(uuidString: text()) { return .uuid(uuid) }
        default:
            break
        }
        return .undecodable(.text(text()))
    }

    /// `float8out`'s text, with its spellings of NaN and the infinities.
    static func double(_ text: String) -> Double? {
        switch text {
        case "NaN": .nan
        case "Infinity": .infinity
        case "-Infinity": -.infinity
        default: Double(text)
        }
    }

    /// `float4out`'s text, with its spellings of NaN and the infinities.
    static func float(_ text: String) -> Float? {
        switch text {
        case "NaN": .nan
        case "Infinity": .infinity
        case "-Infinity": -.infinity
        default: Float(text)
        }
    }

    /// A value as `attribute` holds it in Swift: kept when its PostgreSQL type is already that
    /// (a `boolean` for a `Bool`, a `timestamptz` for a `Date`), otherwise read from its storage
    /// as SQLite's values are (a `Date` in `float8` seconds since 2001, a raw-value enum).
    static func refine(_ natural: DecodedValue, as attribute: Attribute, schema: Schema) -> DecodedValue {
        switch (attribute.type, natural) {
        case (.bool, .bool), (.integer, .int), (.double, .double), (.float, .double), (.string, .string), (.data, .data), (.date, .date),
            (.uuid, .uuid):
            return natural
        case (.url, .string(let text)): return .url(text)
        case (.double, .int(let value)), (.float, .int(let value)): return .double(Double(value))
        default: break
        }
        let stored: SQLValue
        switch natural {
        case .null: return .null
        case .bool(let value): stored = .integer(value ? 1 : 0)
        case .int(let value): stored = .integer(value)
        case .double(let value): stored = .real(value)
        case .string(let value), .url(let value): stored = .text(value)
        case .data(let bytes): stored = .blob(bytes)
        case .uuid(let uuid): stored = .text(uuid.uuidString.lowercased())
        case .date, .enumCase: return natural
        case .undecodable(let value): stored = value
        }
        return ValueDecoder.decode(stored, as: attribute, schema: schema)
    }
}
