/// Why an object or a link could not be added to a ``Dataset``.
public enum DatasetError: Error, Sendable, Hashable, CustomStringConvertible {
    /// A model the schema does not have.
    case unknownModel(String)
    /// An attribute the model does not have.
    case unknownAttribute(model: String, attribute: String)
    /// A relationship the model does not have.
    case unknownRelationship(model: String, relationship: String)
    /// A non-optional attribute was not given a value.
    case missingAttribute(model: String, identity: ObjectIdentity, attribute: String)
    /// A value that does not fit the attribute's type (e.g. text for an `Int`, a raw value with no case).
    case invalidValue(model: String, identity: ObjectIdentity, attribute: String, value: Value, expected: String)
    /// Two objects of a model with one identity.
    case duplicateIdentity(model: String, identity: ObjectIdentity)
    /// A reference to an object of another model than the relationship's target, or not in the dataset.
    case wrongTarget(model: String, relationship: String, target: ObjectReference)
    /// A to-one relationship given more than one target.
    case tooManyTargets(model: String, identity: ObjectIdentity, relationship: String, count: Int)

    public var description: String {
        switch self {
        case .unknownModel(let model):
            "the dataset's schema has no model '\(model)'"
        case .unknownAttribute(let model, let attribute):
            "'\(model)' has no attribute '\(attribute)'"
        case .unknownRelationship(let model, let relationship):
            "'\(model)' has no relationship '\(relationship)'"
        case .missingAttribute(let model, let identity, let attribute):
            "\(model) \(identity): the non-optional attribute '\(attribute)' has no value"
        case .invalidValue(let model, let identity, let attribute, let value, let expected):
            "\(model) \(identity): '\(attribute)' must be \(expected), but the value is \(value)"
        case .duplicateIdentity(let model, let identity):
            "\(model) \(identity) is already in the dataset"
        case .wrongTarget(let model, let relationship, let target):
            "\(model).\(relationship) cannot point at \(target): wrong model or not in the dataset"
        case .tooManyTargets(let model, let identity, let relationship, let count):
            "\(model) \(identity): the to-one relationship '\(relationship)' was given \(count) targets"
        }
    }
}
