/// The references (foreign keys) whose being intact changes a query's SQL, in order of first
/// use, each with whether the SQL assumes it intact: one list, moved whole into the
/// ``CompiledQuery`` (a list of candidates and one of assumptions would be an allocation each for
/// most queries that test a relationship for emptiness or nil).
struct ReferenceFacts: Sendable, Hashable {
    private struct Entry: Sendable, Hashable {
        var reference: ForeignKeyReference
        var isAssumed: Bool
    }

    private var entries: [Entry] = []

    /// Whether the SQL assumes `reference` intact; nil when the lowering has not asked yet.
    func isAssumed(_ reference: ForeignKeyReference) -> Bool? {
        for entry in entries where entry.reference == reference { return entry.isAssumed }
        return nil
    }

    /// Records a reference the lowering asked about, and whether the SQL assumes it intact.
    mutating func record(_ reference: ForeignKeyReference, assumed: Bool) {
        entries.append(Entry(reference: reference, isAssumed: assumed))
    }

    /// Every reference asked about, in order.
    var candidates: [ForeignKeyReference] { entries.map(\.reference) }

    /// Whether a reference asked about (not assumed intact, with `skippingAssumed`) satisfies
    /// `predicate` (without building ``candidates``).
    func containsCandidate(skippingAssumed: Bool, where predicate: (ForeignKeyReference) -> Bool) -> Bool {
        entries.contains { !(skippingAssumed && $0.isAssumed) && predicate($0.reference) }
    }

    /// The references the SQL assumes intact, in order.
    var assumptions: [ForeignKeyReference] { entries.filter(\.isAssumed).map(\.reference) }

    /// Whether the SQL assumes any reference intact.
    var hasAssumptions: Bool { entries.contains(where: \.isAssumed) }
}
