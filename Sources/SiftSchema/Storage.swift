/// How an attribute's values are stored in a column. Declared in the schema or defaulted by type.
///
/// | type | default storage | alternatives |
/// |---|---|---|
/// | `Bool` | `integer` (0/1) | |
/// | integers, raw `Int` enums | `integer` | |
/// | `Double`, `Float` | `real` | |
/// | `String`, `URL`, raw `String` enums | `text` | |
/// | `Data` | `blob` | |
/// | `Date` in `@Model` | `dateReferenceSeconds` (SwiftData / Core Data) | `dateUnixSeconds`, `dateISO8601` |
/// | `Date` in `@Table` | `dateISO8601` (StructuredQueries) | `dateReferenceSeconds`, `dateUnixSeconds` |
/// | `UUID` | `uuidUppercaseText` (Foundation's `uuidString`) | `uuidLowercaseText`, `uuidBlob` |
///
/// A PostgreSQL database's own types give three more, found by introspection only: `timestamp`
/// (`timestamptz`, `timestamp`, `date`), `uuidNative` (`uuid`) and `textForm` (`jsonb`, `json`,
/// arrays, enum types).
public enum Storage: String, Sendable, Hashable, CaseIterable {
    /// INTEGER.
    case integer
    /// REAL.
    case real
    /// TEXT.
    case text
    /// BLOB.
    case blob
    /// REAL seconds since 2001-01-01 00:00:00 UTC (`timeIntervalSinceReferenceDate`).
    case dateReferenceSeconds
    /// REAL (or INTEGER) seconds since 1970-01-01 00:00:00 UTC.
    case dateUnixSeconds
    /// TEXT `YYYY-MM-DD HH:MM:SS.SSS` in UTC, as StructuredQueries writes it (ISO-8601).
    case dateISO8601
    /// TEXT `E621E1F8-C36C-495A-93FC-0C247A3E6E5F`.
    case uuidUppercaseText
    /// TEXT `e621e1f8-c36c-495a-93fc-0c247a3e6e5f`.
    case uuidLowercaseText
    /// BLOB of the 16 bytes.
    case uuidBlob
    /// A date-and-time type of the database, to the microsecond: PostgreSQL's `timestamptz`, or
    /// `timestamp` (without time zone, read as UTC) or `date` (midnight UTC). Compared as instants
    /// with bounds rounded to the microsecond (docs/POSTGRESQL.md).
    case timestamp
    /// The database's own UUID type (PostgreSQL's `uuid`): compared and ordered by its 16 bytes.
    case uuidNative
    /// A value of a type the database has and Swift reads as text (PostgreSQL's `jsonb`, `json`,
    /// arrays, enum types): read, compared and sorted as the text the database writes for it.
    case textForm

    /// The storage used when none is declared.
    public static func defaultStorage(for type: ScalarType, enumRawType: ScalarType? = nil, modelStyle: ModelStyle) -> Storage {
        switch type {
        case .bool, .integer: .integer
        case .double, .float: .real
        case .string, .url: .text
        case .data: .blob
        case .date: modelStyle == .table ? .dateISO8601 : .dateReferenceSeconds
        case .uuid: .uuidUppercaseText
        case .enumeration:
            if case .string = enumRawType { .text } else { .integer }
        }
    }

    /// Whether this storage can hold values of the type.
    public func fits(_ type: ScalarType, enumRawType: ScalarType? = nil) -> Bool {
        switch type {
        case .bool, .integer: self == .integer
        case .double, .float: self == .real || self == .integer
        case .string, .url: self == .text || self == .textForm
        case .data: self == .blob
        case .date: [.dateReferenceSeconds, .dateUnixSeconds, .dateISO8601, .timestamp].contains(self)
        case .uuid: [.uuidUppercaseText, .uuidLowercaseText, .uuidBlob, .uuidNative].contains(self)
        case .enumeration:
            if case .string = enumRawType { self == .text || self == .textForm } else { self == .integer }
        }
    }

    /// The name used in model files: `@Storage(.iso8601)`.
    public var modelFileName: String {
        switch self {
        case .dateReferenceSeconds: "referenceDate"
        case .dateUnixSeconds: "unixTime"
        case .dateISO8601: "iso8601"
        case .uuidUppercaseText: "uppercaseText"
        case .uuidLowercaseText: "lowercaseText"
        case .uuidBlob: "bytes"
        default: rawValue
        }
    }
}

/// Which convention a model follows: SwiftData's `@Model` classes or StructuredQueries' `@Table`
/// structs. It decides defaults such as how a `Date` is stored.
public enum ModelStyle: String, Sendable, Hashable {
    /// SwiftData `@Model final class`.
    case model
    /// StructuredQueries / SQLiteData `@Table struct`.
    case table
    /// Found by introspecting a database.
    case introspected
}
