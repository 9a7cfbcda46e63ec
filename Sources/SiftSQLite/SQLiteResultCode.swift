/// An SQLite result code, primary (`0...255`) or extended (primary in the low byte).
///
/// Compare primary codes with `error.code == .busy`, extended ones with
/// `error.extendedCode == .constraintUnique`.
public struct SQLiteResultCode: RawRepresentable, Hashable, Sendable {
    /// The numeric code as SQLite returns it.
    public var rawValue: Int32

    /// Wraps a numeric result code.
    public init(rawValue: Int32) { self.rawValue = rawValue }

    /// The primary code (the low byte) of this possibly extended code.
    public var primary: SQLiteResultCode { SQLiteResultCode(rawValue: rawValue & 0xFF) }

    /// Whether this is an extended code (it carries more than its primary code).
    public var isExtended: Bool { rawValue > 0xFF }

    /// The C constant's name, e.g. `SQLITE_CONSTRAINT_UNIQUE`; unknown extended codes fall back to
    /// their primary name, unknown primary codes to `SQLITE_UNKNOWN`.
    public var name: String {
        Self.names[rawValue] ?? Self.names[rawValue & 0xFF] ?? "SQLITE_UNKNOWN"
    }

    // MARK: Primary codes

    /// `SQLITE_OK` (0).
    public static let ok = Self(rawValue: 0)
    /// `SQLITE_ERROR` (1): generic error, e.g. SQL syntax or a missing table or column.
    public static let error = Self(rawValue: 1)
    /// `SQLITE_INTERNAL` (2).
    public static let `internal` = Self(rawValue: 2)
    /// `SQLITE_PERM` (3).
    public static let permission = Self(rawValue: 3)
    /// `SQLITE_ABORT` (4).
    public static let abort = Self(rawValue: 4)
    /// `SQLITE_BUSY` (5): another connection holds a conflicting lock past the busy timeout.
    public static let busy = Self(rawValue: 5)
    /// `SQLITE_LOCKED` (6): a conflict inside the same connection or shared cache.
    public static let locked = Self(rawValue: 6)
    /// `SQLITE_NOMEM` (7).
    public static let noMemory = Self(rawValue: 7)
    /// `SQLITE_READONLY` (8): a write on a read-only connection or file.
    public static let readOnly = Self(rawValue: 8)
    /// `SQLITE_INTERRUPT` (9): stopped by `sqlite3_interrupt` or the time limit.
    public static let interrupt = Self(rawValue: 9)
    /// `SQLITE_IOERR` (10).
    public static let ioError = Self(rawValue: 10)
    /// `SQLITE_CORRUPT` (11): the database file is malformed.
    public static let corrupt = Self(rawValue: 11)
    /// `SQLITE_NOTFOUND` (12).
    public static let notFound = Self(rawValue: 12)
    /// `SQLITE_FULL` (13).
    public static let full = Self(rawValue: 13)
    /// `SQLITE_CANTOPEN` (14): the file cannot be opened (missing, directory, permissions).
    public static let cantOpen = Self(rawValue: 14)
    /// `SQLITE_PROTOCOL` (15).
    public static let `protocol` = Self(rawValue: 15)
    /// `SQLITE_SCHEMA` (17): the schema changed and the statement could not be re-prepared.
    public static let schema = Self(rawValue: 17)
    /// `SQLITE_TOOBIG` (18).
    public static let tooBig = Self(rawValue: 18)
    /// `SQLITE_CONSTRAINT` (19).
    public static let constraint = Self(rawValue: 19)
    /// `SQLITE_MISMATCH` (20): e.g. a STRICT table refused a value.
    public static let mismatch = Self(rawValue: 20)
    /// `SQLITE_MISUSE` (21): the C API was used incorrectly.
    public static let misuse = Self(rawValue: 21)
    /// `SQLITE_AUTH` (23).
    public static let authorization = Self(rawValue: 23)
    /// `SQLITE_RANGE` (25): a parameter index or binding count out of range.
    public static let range = Self(rawValue: 25)
    /// `SQLITE_NOTADB` (26): the file is not an SQLite database.
    public static let notADatabase = Self(rawValue: 26)
    /// `SQLITE_ROW` (100).
    public static let row = Self(rawValue: 100)
    /// `SQLITE_DONE` (101).
    public static let done = Self(rawValue: 101)

    // MARK: Extended codes

    /// `SQLITE_CONSTRAINT_CHECK`.
    public static let constraintCheck = Self(rawValue: 19 | (1 << 8))
    /// `SQLITE_CONSTRAINT_FOREIGNKEY`.
    public static let constraintForeignKey = Self(rawValue: 19 | (3 << 8))
    /// `SQLITE_CONSTRAINT_NOTNULL`.
    public static let constraintNotNull = Self(rawValue: 19 | (5 << 8))
    /// `SQLITE_CONSTRAINT_PRIMARYKEY`.
    public static let constraintPrimaryKey = Self(rawValue: 19 | (6 << 8))
    /// `SQLITE_CONSTRAINT_UNIQUE`.
    public static let constraintUnique = Self(rawValue: 19 | (8 << 8))
    /// `SQLITE_CONSTRAINT_DATATYPE` (a STRICT table's type check).
    public static let constraintDataType = Self(rawValue: 19 | (12 << 8))
    /// `SQLITE_READONLY_DBMOVED`.
    public static let readOnlyDatabaseMoved = Self(rawValue: 8 | (4 << 8))
    /// `SQLITE_CANTOPEN_ISDIR`.
    public static let cantOpenIsDirectory = Self(rawValue: 14 | (2 << 8))
    /// `SQLITE_BUSY_SNAPSHOT`.
    public static let busySnapshot = Self(rawValue: 5 | (2 << 8))
    /// `SQLITE_ERROR_MISSING_COLLSEQ`.
    public static let errorMissingCollation = Self(rawValue: 1 | (1 << 8))

    private static let names: [Int32: String] = [
        0: "SQLITE_OK", 1: "SQLITE_ERROR", 2: "SQLITE_INTERNAL", 3: "SQLITE_PERM", 4: "SQLITE_ABORT",
        5: "SQLITE_BUSY", 6: "SQLITE_LOCKED", 7: "SQLITE_NOMEM", 8: "SQLITE_READONLY",
        9: "SQLITE_INTERRUPT", 10: "SQLITE_IOERR", 11: "SQLITE_CORRUPT", 12: "SQLITE_NOTFOUND",
        13: "SQLITE_FULL", 14: "SQLITE_CANTOPEN", 15: "SQLITE_PROTOCOL", 16: "SQLITE_EMPTY",
        17: "SQLITE_SCHEMA", 18: "SQLITE_TOOBIG", 19: "SQLITE_CONSTRAINT", 20: "SQLITE_MISMATCH",
        21: "SQLITE_MISUSE", 22: "SQLITE_NOLFS", 23: "SQLITE_AUTH", 24: "SQLITE_FORMAT",
        25: "SQLITE_RANGE", 26: "SQLITE_NOTADB", 27: "SQLITE_NOTICE", 28: "SQLITE_WARNING",
        100: "SQLITE_ROW", 101: "SQLITE_DONE",
        // Extended codes Sift is likely to meet.
        1 | (1 << 8): "SQLITE_ERROR_MISSING_COLLSEQ", 1 | (2 << 8): "SQLITE_ERROR_RETRY",
        5 | (1 << 8): "SQLITE_BUSY_RECOVERY", 5 | (2 << 8): "SQLITE_BUSY_SNAPSHOT",
        5 | (3 << 8): "SQLITE_BUSY_TIMEOUT", 6 | (1 << 8): "SQLITE_LOCKED_SHAREDCACHE",
        8 | (1 << 8): "SQLITE_READONLY_RECOVERY", 8 | (2 << 8): "SQLITE_READONLY_CANTLOCK",
        8 | (3 << 8): "SQLITE_READONLY_ROLLBACK", 8 | (4 << 8): "SQLITE_READONLY_DBMOVED",
        8 | (5 << 8): "SQLITE_READONLY_CANTINIT", 8 | (6 << 8): "SQLITE_READONLY_DIRECTORY",
        10 | (1 << 8): "SQLITE_IOERR_READ", 10 | (2 << 8): "SQLITE_IOERR_SHORT_READ",
        10 | (3 << 8): "SQLITE_IOERR_WRITE", 11 | (1 << 8): "SQLITE_CORRUPT_VTAB",
        11 | (2 << 8): "SQLITE_CORRUPT_SEQUENCE", 11 | (3 << 8): "SQLITE_CORRUPT_INDEX",
        14 | (1 << 8): "SQLITE_CANTOPEN_NOTEMPDIR", 14 | (2 << 8): "SQLITE_CANTOPEN_ISDIR",
        14 | (3 << 8): "SQLITE_CANTOPEN_FULLPATH", 14 | (4 << 8): "SQLITE_CANTOPEN_CONVPATH",
        19 | (1 << 8): "SQLITE_CONSTRAINT_CHECK", 19 | (2 << 8): "SQLITE_CONSTRAINT_COMMITHOOK",
        19 | (3 << 8): "SQLITE_CONSTRAINT_FOREIGNKEY", 19 | (4 << 8): "SQLITE_CONSTRAINT_FUNCTION",
        19 | (5 << 8): "SQLITE_CONSTRAINT_NOTNULL", 19 | (6 << 8): "SQLITE_CONSTRAINT_PRIMARYKEY",
        19 | (7 << 8): "SQLITE_CONSTRAINT_TRIGGER", 19 | (8 << 8): "SQLITE_CONSTRAINT_UNIQUE",
        19 | (9 << 8): "SQLITE_CONSTRAINT_VTAB", 19 | (10 << 8): "SQLITE_CONSTRAINT_ROWID",
        19 | (11 << 8): "SQLITE_CONSTRAINT_PINNED", 19 | (12 << 8): "SQLITE_CONSTRAINT_DATATYPE",
    ]
}

extension SQLiteResultCode: CustomStringConvertible {
    /// `NUMBER (NAME)`, e.g. `2067 (SQLITE_CONSTRAINT_UNIQUE)`.
    public var description: String { "\(rawValue) (\(name))" }
}
