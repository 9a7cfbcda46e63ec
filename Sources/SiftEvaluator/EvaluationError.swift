import SiftChecker
import SiftSchema

/// Why a query could not be evaluated at all (as opposed to a ``Trap``, which only drops one row).
public enum EvaluationError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The query uses a named parameter that was not given a value.
    case missingParameter(name: String, type: SiftType)
    /// A parameter value that does not have the parameter's type.
    case parameterTypeMismatch(name: String, expected: SiftType, value: Value)
    /// A negative limit or offset.
    case invalidCount(what: String, value: Value)
    /// The dataset has no model of this name (the dataset was built for another schema).
    case unknownModel(String)
    /// A non-optional to-one relationship with no target in the dataset.
    case missingRequiredTarget(model: String, identity: ObjectIdentity, relationship: String)
    /// The typed tree has an error node or a value of an unexpected shape (a checker bug).
    case malformedTree(String)
    /// An operation only the database can compute (FTS5's `MATCH`, `bm25`, `highlight` and
    /// `snippet`, a collation the application registers).
    case needsDatabase(String)
    /// Where SQLite stops the whole query with an error (`abs` of the smallest integer: "integer
    /// overflow"), as the query run on the database fails.
    case sqlFailure(String)

    public var description: String {
        switch self {
        case .missingParameter(let name, let type):
            "the query needs a value for the parameter '\(name)' of type '\(type)'"
        case .parameterTypeMismatch(let name, let expected, let value):
            "the parameter '\(name)' must be a '\(expected)', but the value is \(value)"
        case .invalidCount(let what, let value):
            "the \(what) must not be negative, but it is \(value)"
        case .unknownModel(let model):
            "the dataset has no model '\(model)'"
        case .missingRequiredTarget(let model, let identity, let relationship):
            "\(model) \(identity): the non-optional relationship '\(relationship)' has no target"
        case .malformedTree(let detail):
            "the typed tree cannot be evaluated: \(detail)"
        case .needsDatabase(let operation):
            "'\(operation)' is computed by SQLite alone (its FTS5 index, its connection's collations); the in-memory evaluator does not compute it"
        case .sqlFailure(let message):
            "SQLite stops this query: \(message)"
        }
    }
}

/// A Swift run-time trap: where Swift would stop the program (integer overflow, division by
/// zero, `Int(Double)` out of range, a range with `lowerBound > upperBound`, `x!` of nil).
///
/// Sift's documented choice: a trap abandons the evaluation of the row it happened in, and that
/// row is not selected; the other rows are evaluated normally.
public struct Trap: Error, Sendable, Hashable, CustomStringConvertible {
    /// What went wrong.
    public enum Reason: String, Sendable, Hashable {
        /// Integer overflow.
        case overflow = "arithmetic overflow"
        /// Integer division by zero.
        case divisionByZero = "division by zero"
        /// Integer remainder by zero.
        case remainderByZero = "division by zero in remainder operation"
        /// A conversion to an integer type out of its range (or of NaN or infinity).
        case conversionOutOfRange = "the value cannot be converted: it is NaN, infinite, or out of the integer type's range"
        /// A range whose lower bound is above its upper bound.
        case invalidRange = "Range requires lowerBound <= upperBound"
        /// `x!` where `x` is nil.
        case unexpectedNil = "Unexpectedly found nil while unwrapping an Optional value"
    }

    /// What went wrong.
    public var reason: Reason
    /// The operation, as written in the typed tree (e.g. `Int + Int`).
    public var operation: String

    /// A trap of `reason` in `operation`.
    public init(_ reason: Reason, operation: String) {
        self.reason = reason
        self.operation = operation
    }

    public var description: String { "\(reason.rawValue) in \(operation)" }
}
