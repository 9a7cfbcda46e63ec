/// The language whose meaning an ``SQLOperation`` has: what the same spelling means differs
/// (`==` is byte equality in both, where a `#Predicate`'s is canonical equivalence; `LIKE` is
/// SQL's `%`/`_` with ASCII case folded, a format string's `*`/`?` with case).
public enum ForeignMeaning: String, Sendable, Hashable {
    /// SQL's, as StructuredQueries writes it.
    case sql
    /// Core Data's, as an `NSPredicate` format string writes it and a SQLite store answers it.
    case coreData = "core-data"
}
