/// Points at one object of a ``Dataset``: its model, its position in the model's objects, and
/// its identity (for display and for tests). Two references are equal when model and position are.
public struct ObjectReference: Sendable, Hashable, CustomStringConvertible {
    /// The model's name (`User`).
    public var model: String
    /// The position of the object among its model's objects in the dataset.
    public var index: Int
    /// The primary key values (or rowid) of the object.
    public var identity: ObjectIdentity

    /// A reference to object `index` of `model`.
    public init(model: String, index: Int, identity: ObjectIdentity) {
        self.model = model
        self.index = index
        self.identity = identity
    }

    public static func == (lhs: ObjectReference, rhs: ObjectReference) -> Bool {
        lhs.index == rhs.index && lhs.model == rhs.model
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(model)
        hasher.combine(index)
    }

    /// `User#12`.
    public var description: String { "\(model)#\(identity)" }
}
