/// A problem found in source text, as a value: what is wrong, where, and how to fix it.
///
/// Every phase reports problems as `Diagnostic`s rather than thrown strings, so tools can show,
/// filter, count or serialise them. ``DiagnosticRenderer`` prints them like the Swift compiler.
public struct Diagnostic: Sendable, Hashable, CustomStringConvertible {
    /// How serious a diagnostic is.
    public enum Severity: String, Sendable, Hashable, Comparable, Codable {
        /// Information attached to another diagnostic.
        case note
        /// A remark that needs no action.
        case remark
        /// Something likely wrong; the input is still accepted.
        case warning
        /// The input is rejected.
        case error

        private var rank: Int {
            switch self {
            case .note: 0
            case .remark: 1
            case .warning: 2
            case .error: 3
            }
        }
        public static func < (lhs: Severity, rhs: Severity) -> Bool { lhs.rank < rhs.rank }
    }

    /// Extra information attached to a diagnostic, usually pointing at another place.
    public struct Note: Sendable, Hashable {
        /// What the note says.
        public var message: String
        /// Where the note points, in the same source, or `nil` for a note without a location.
        public var range: SourceRange?
        /// The source the note points into, when it is not the diagnostic's own (e.g. a model file).
        public var source: SourceFile?

        /// A note saying `message`, pointing at `range` in `source` (the diagnostic's own source when nil).
        public init(_ message: String, at range: SourceRange? = nil, in source: SourceFile? = nil) {
            self.message = message
            self.range = range
            self.source = source
        }
    }

    /// A suggested edit: replace the text in `range` by `replacement`.
    public struct FixIt: Sendable, Hashable {
        /// The text to replace (empty to insert).
        public var range: SourceRange
        /// The text to put there (empty to delete).
        public var replacement: String

        /// An edit replacing the text in `range` by `replacement`.
        public init(replace range: SourceRange, with replacement: String) {
            self.range = range
            self.replacement = replacement
        }

        /// An edit inserting `text` at `offset`.
        public static func insert(_ text: String, at offset: Int) -> FixIt {
            FixIt(replace: .point(offset), with: text)
        }
    }

    /// How serious it is.
    public var severity: Severity
    /// A stable identifier (e.g. `unterminated-string`) that tools and tests can rely on.
    public var id: DiagnosticID
    /// What is wrong, then the remedy: "'&' is not supported; use '&&'".
    public var message: String
    /// The primary range the diagnostic points at.
    public var range: SourceRange
    /// Notes pointing at related places (a declaration, the other side of a comparison).
    public var notes: [Note]
    /// Edits that would fix the problem.
    public var fixIts: [FixIt]

    /// A diagnostic of `severity` and `id` saying `message` about `range`.
    public init(
        _ severity: Severity, _ id: DiagnosticID, _ message: String, at range: SourceRange,
        notes: [Note] = [], fixIts: [FixIt] = []
    ) {
        self.severity = severity
        self.id = id
        self.message = message
        self.range = range
        self.notes = notes
        self.fixIts = fixIts
    }

    /// An error.
    public static func error(
        _ id: DiagnosticID, _ message: String, at range: SourceRange, notes: [Note] = [],
        fixIts: [FixIt] = []
    ) -> Diagnostic {
        Diagnostic(.error, id, message, at: range, notes: notes, fixIts: fixIts)
    }

    /// A warning.
    public static func warning(
        _ id: DiagnosticID, _ message: String, at range: SourceRange, notes: [Note] = [],
        fixIts: [FixIt] = []
    ) -> Diagnostic {
        Diagnostic(.warning, id, message, at: range, notes: notes, fixIts: fixIts)
    }

    /// A note on its own.
    public static func note(
        _ id: DiagnosticID, _ message: String, at range: SourceRange, notes: [Note] = [],
        fixIts: [FixIt] = []
    ) -> Diagnostic {
        Diagnostic(.note, id, message, at: range, notes: notes, fixIts: fixIts)
    }

    public var description: String { "\(severity.rawValue): \(message) [\(id)] at \(range)" }
}

/// The stable identifier of a kind of diagnostic, such as `unterminated-string`.
///
/// Identifiers are part of Sift's interface: tools match on them, so they never change meaning.
/// Each phase declares its own as static members in an extension.
public struct DiagnosticID: RawRepresentable, Sendable, Hashable, Codable, CustomStringConvertible,
    ExpressibleByStringLiteral
{
    public var rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    /// The identifier spelled `rawValue`.
    public init(_ rawValue: String) { self.rawValue = rawValue }
    public init(stringLiteral value: String) { self.rawValue = value }
    public var description: String { rawValue }
}

extension Array where Element == Diagnostic {
    /// Whether any diagnostic is an error.
    public var hasErrors: Bool { contains { $0.severity == .error } }
}
