import SiftSyntax

/// The stable identifiers of schema diagnostics (model files and introspection).
extension DiagnosticID {
    public static let unknownType: DiagnosticID = "unknown-type"
    public static let duplicateMember: DiagnosticID = "duplicate-member"
    public static let duplicateModel: DiagnosticID = "duplicate-model"
    public static let missingTypeAnnotation: DiagnosticID = "missing-type-annotation"
    public static let badInverse: DiagnosticID = "bad-inverse"
    public static let badAttribute: DiagnosticID = "bad-attribute"
    public static let badStorage: DiagnosticID = "bad-storage"
    public static let badEnum: DiagnosticID = "bad-enum"
    public static let missingTable: DiagnosticID = "missing-table"
    public static let missingColumn: DiagnosticID = "missing-column"
    public static let missingRelationship: DiagnosticID = "missing-relationship"
    public static let nullableColumn: DiagnosticID = "nullable-column"
}
