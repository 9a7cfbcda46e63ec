/// The stable identifiers of the diagnostics about Core Data's spellings (format strings, sort
/// descriptors, fetch requests).
extension DiagnosticID {
    /// Text a format string's grammar does not allow (a missing operand, an unknown operator).
    public static let formatSyntax: DiagnosticID = "format-syntax"
    /// More format specifiers than arguments, or more arguments than specifiers.
    public static let formatArgumentCount: DiagnosticID = "format-argument-count"
    /// An argument that does not fit its specifier (`%d` given a string, `%K` given a variable).
    public static let formatArgument: DiagnosticID = "format-argument"
    /// A format specifier Foundation does not have, or `%%` outside a string.
    public static let formatSpecifier: DiagnosticID = "format-specifier"
    /// An `NSPredicate`, `NSSortDescriptor`, `NSFetchRequest` or `NSCompoundPredicate` written in a
    /// way Sift cannot read (a format that is not a string literal, an unknown label).
    public static let coreDataSpelling: DiagnosticID = "core-data-spelling"
}
