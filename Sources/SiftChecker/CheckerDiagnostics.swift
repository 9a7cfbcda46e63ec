import SiftSyntax

/// The stable identifiers of the type checker's diagnostics.
extension DiagnosticID {
    /// A model name the schema does not have.
    public static let unknownModel: DiagnosticID = "unknown-model"
    /// A query that names no model and whose model cannot be inferred.
    public static let missingModel: DiagnosticID = "missing-model"
    /// Parts of a query that name different models.
    public static let conflictingModels: DiagnosticID = "conflicting-models"
    /// A member the model does not have.
    public static let unknownMember: DiagnosticID = "unknown-member"
    /// A member that exists in Swift but is not stored (`@Transient`, computed).
    public static let unqueryableMember: DiagnosticID = "unqueryable-member"
    /// A method the value's type does not have, or Sift does not support.
    public static let unknownMethod: DiagnosticID = "unknown-method"
    /// Valid Swift that Sift does not translate.
    public static let unsupportedConstruct: DiagnosticID = "unsupported-construct"
    /// A value of the wrong type.
    public static let typeMismatch: DiagnosticID = "type-mismatch"
    /// A full-text query that is not valid FTS5 syntax (`"buy milk` with its quote unclosed).
    public static let invalidFullTextQuery: DiagnosticID = "invalid-full-text-query"
    /// Arithmetic or a comparison between different numeric types, which Swift rejects.
    public static let mixedNumericTypes: DiagnosticID = "mixed-numeric-types"
    /// An optional used where its value is needed.
    public static let optionalNotUnwrapped: DiagnosticID = "optional-not-unwrapped"
    /// `?.` on a value that is not optional.
    public static let optionalChainOnNonOptional: DiagnosticID = "optional-chain-on-non-optional"
    /// A condition that is not a `Bool`.
    public static let notBoolean: DiagnosticID = "not-boolean"
    /// `<` and friends on a type that is not `Comparable`.
    public static let notComparable: DiagnosticID = "not-comparable"
    /// `==` on a type that is not `Equatable`.
    public static let notEquatable: DiagnosticID = "not-equatable"
    /// An integer literal that does not fit its type.
    public static let literalOverflow: DiagnosticID = "literal-overflow"
    /// A division by a constant zero.
    public static let divisionByZero: DiagnosticID = "division-by-zero"
    /// A range whose constant bounds are out of order.
    public static let emptyRange: DiagnosticID = "empty-range"
    /// A named parameter used as two different types.
    public static let parameterTypeConflict: DiagnosticID = "parameter-type-conflict"
    /// A named parameter whose type nothing decides.
    public static let parameterTypeUnknown: DiagnosticID = "parameter-type-unknown"
    /// A free identifier in a closure that names a member of the model: a named parameter was
    /// probably not meant (`age` for `$0.age`).
    public static let implicitParameter: DiagnosticID = "implicit-parameter"
    /// An enum case the enum does not have.
    public static let unknownEnumCase: DiagnosticID = "unknown-enum-case"
    /// A closure with the wrong number of parameters.
    public static let closureArity: DiagnosticID = "closure-arity"
    /// A call with arguments that do not fit the method.
    public static let badArguments: DiagnosticID = "bad-arguments"
    /// A method named without being called.
    public static let methodNotCalled: DiagnosticID = "method-not-called"
    /// A sort key Sift cannot sort by.
    public static let unsortable: DiagnosticID = "unsortable"
    /// A limit or offset that is negative, or neither an integer literal nor a parameter.
    public static let invalidLimit: DiagnosticID = "invalid-limit"
    /// A non-optional value compared with `nil`: always false (or true for `!=`).
    public static let comparisonWithNil: DiagnosticID = "comparison-with-nil"
    /// `??` on a value that is not optional.
    public static let unnecessaryCoalescing: DiagnosticID = "unnecessary-coalescing"
    /// `$N` beyond the closure's parameters.
    public static let anonymousParameterOutOfRange: DiagnosticID = "anonymous-parameter-out-of-range"
    /// A type of the query is new to a process-wide type table that is full (`SiftType`).
    public static let typeTableFull: DiagnosticID = "type-table-full"
    /// An aggregate (`count()`, `sum(x)`) where rows are tested one at a time (a filter).
    public static let aggregateInFilter: DiagnosticID = "aggregate-in-filter"
    /// An aggregate inside the argument of another.
    public static let nestedAggregate: DiagnosticID = "nested-aggregate"
    /// A value of a grouped query that is neither a grouping key, determined by one, nor aggregated.
    public static let ungroupedValue: DiagnosticID = "ungrouped-value"
    /// A grouping key that is not an attribute or a to-one path of the row.
    public static let invalidGroupKey: DiagnosticID = "invalid-group-key"
    /// Two result columns with the same name.
    public static let duplicateColumn: DiagnosticID = "duplicate-column"
}
