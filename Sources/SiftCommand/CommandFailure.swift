import Sift

/// A diagnostic and the source its ranges point into (nil for one about the command line or a
/// file as a whole, which has no location).
struct SourcedDiagnostic {
    var diagnostic: Diagnostic
    var source: SourceFile?

    /// Each of `diagnostics`, pointing into `source`.
    static func all(_ diagnostics: [Diagnostic], in source: SourceFile) -> [SourcedDiagnostic] {
        diagnostics.map { SourcedDiagnostic(diagnostic: $0, source: source) }
    }
}

/// What ends a command unsuccessfully: diagnostics, printed on standard error (or as the JSON
/// failure report under `--json`), and the exit status.
struct CommandFailure: Error {
    var diagnostics: [SourcedDiagnostic]
    /// 1 for an input with errors, 2 for a usage error.
    var status: Int32

    /// Diagnostics of inputs (a query, a model file) with errors: status 1.
    init(_ diagnostics: [SourcedDiagnostic]) {
        self.diagnostics = diagnostics
        status = 1
    }

    /// A failure without a source location, such as a file that cannot be read.
    init(id: DiagnosticID, message: String, status: Int32) {
        diagnostics = [SourcedDiagnostic(diagnostic: .error(id, message, at: .point(0)), source: nil)]
        self.status = status
    }
}

/// The identifiers of the failures the command reports without a source location.
extension DiagnosticID {
    /// The command line is wrong: an unknown option or command, a missing value, an option given twice.
    static let usage: DiagnosticID = "usage"
    /// A file named on the command line does not exist.
    static let noSuchFile: DiagnosticID = "no-such-file"
    /// A file named on the command line exists but cannot be read (a directory, no permission).
    static let unreadableFile: DiagnosticID = "unreadable-file"
    /// A database could not be opened or read, or a query could not run on it.
    static let databaseError: DiagnosticID = "database-error"
    /// A `--param` value does not fit its parameter.
    static let badParameterValue: DiagnosticID = "bad-parameter-value"
}
