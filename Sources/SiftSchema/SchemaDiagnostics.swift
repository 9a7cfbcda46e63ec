import SiftSyntax

/// The stable identifiers of schema diagnostics (model files and introspection).
extension DiagnosticID {
    /// A type the schema does not know.
    public static let unknownType: DiagnosticID = "unknown-type"
    /// Two members of a model with one name.
    public static let duplicateMember: DiagnosticID = "duplicate-member"
    /// Two models with one name.
    public static let duplicateModel: DiagnosticID = "duplicate-model"
    /// A stored property without a type annotation.
    public static let missingTypeAnnotation: DiagnosticID = "missing-type-annotation"
    /// A relationship's inverse that does not point back.
    public static let badInverse: DiagnosticID = "bad-inverse"
    /// An attribute annotation Sift cannot use.
    public static let badAttribute: DiagnosticID = "bad-attribute"
    /// A storage that does not fit the attribute's type.
    public static let badStorage: DiagnosticID = "bad-storage"
    /// An enum Sift cannot store (no `Int` or `String` raw type).
    public static let badEnum: DiagnosticID = "bad-enum"
    /// A model of the model file with no table in the database.
    public static let missingTable: DiagnosticID = "missing-table"
    /// An attribute of the model file with no column in the database.
    public static let missingColumn: DiagnosticID = "missing-column"
    /// A relationship of the model file with no link in the database.
    public static let missingRelationship: DiagnosticID = "missing-relationship"
    /// A non-optional attribute whose column allows NULL.
    public static let nullableColumn: DiagnosticID = "nullable-column"
    /// A type, enum, case or property named with the `$` prefix, which Swift reserves for the names it
    /// synthesizes.
    public static let reservedName: DiagnosticID = "reserved-name"
    /// A column whose stored values are not of the type its attribute's storage expects.
    public static let storedTypeMismatch: DiagnosticID = "stored-type-mismatch"
    /// A Core Data store read without the app's model: how to give it.
    public static let coreDataNames: DiagnosticID = "core-data-names"
    /// Models of a model file that a Core Data store cannot hold (`@Table` structs), left out.
    public static let notAnEntity: DiagnosticID = "not-an-entity"
}
