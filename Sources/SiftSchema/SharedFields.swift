/// A value's stored fields kept in one shared box and copied when written while shared: the value
/// then copies as one reference, however many strings its fields hold.
///
/// For the schema's small values that are copied far more often than they are changed (an
/// attribute, a relationship): a copy into a typed node or a join retained each name before.
package struct SharedFields<Fields: Hashable & Sendable>: Hashable, @unchecked Sendable {
    private final class Box {
        // Unchecked: a read held across `_read`'s yield would be checked at run time at every
        // read; the struct's own `mutating` rules already keep writes exclusive.
        @exclusivity(unchecked) var fields: Fields
        init(_ fields: Fields) { self.fields = fields }
    }

    private var box: Box

    package init(_ fields: Fields) { box = Box(fields) }

    /// The fields: read in place, and written in place when not shared (copied first when shared).
    package var fields: Fields {
        _read { yield box.fields }
        _modify {
            if !isKnownUniquelyReferenced(&box) { box = Box(box.fields) }
            yield &box.fields
        }
    }

    package static func == (lhs: SharedFields, rhs: SharedFields) -> Bool {
        lhs.box === rhs.box || lhs.box.fields == rhs.box.fields
    }

    package func hash(into hasher: inout Hasher) { hasher.combine(box.fields) }
}
