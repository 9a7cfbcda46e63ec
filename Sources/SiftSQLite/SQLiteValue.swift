import Sift

/// A value as SQLite stores it: ``SiftSQL/SQLValue``, the one value type of SQL's five storage
/// classes (SiftSQLite reads, binds and returns it across the C API).
@available(*, deprecated, renamed: "SQLValue")
public typealias SQLiteValue = SQLValue
