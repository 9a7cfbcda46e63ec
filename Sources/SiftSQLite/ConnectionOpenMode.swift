import CSQLite

extension Connection {
    /// How a `Connection` opens its file.
    public enum OpenMode: Sendable, Hashable {
        /// Reads only; writes fail with `SQLITE_READONLY`. The file must exist.
        case readOnly
        /// Reads and writes. The file must exist.
        case readWrite
        /// Reads and writes, creating the file if it does not exist.
        case readWriteCreate

        /// The `sqlite3_open_v2` flags for this mode.
        var flags: Int32 {
            switch self {
            case .readOnly: SQLITE_OPEN_READONLY
            case .readWrite: SQLITE_OPEN_READWRITE
            case .readWriteCreate: SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE
            }
        }
    }
}
