import Sift

/// Diagnostics as the `--json` output writes them, and the report of a failure.
enum JSONDiagnostics {
    /// The version of the JSON that `--json` prints: it changes only when a field changes meaning
    /// or goes away (new fields may appear in any version).
    static let formatVersion = 1

    /// `{"version":1,"diagnostics":[...]}`: what every failure under `--json` prints.
    static func failureReport(_ diagnostics: [SourcedDiagnostic]) -> JSON {
        .object([
            ("version", .number(String(formatVersion))),
            ("diagnostics", array(diagnostics)),
        ])
    }

    /// The diagnostics as a JSON array.
    static func array(_ diagnostics: [SourcedDiagnostic]) -> JSON {
        .array(diagnostics.map { json($0.diagnostic, source: $0.source) })
    }

    /// One diagnostic: its severity, stable id, message, the file and range it points at (null
    /// when it has no location), its notes and fix-its.
    static func json(_ diagnostic: Diagnostic, source: SourceFile?) -> JSON {
        .object([
            ("severity", .string(diagnostic.severity.rawValue)),
            ("id", .string(diagnostic.id.rawValue)),
            ("message", .string(diagnostic.message)),
            ("file", source.map { .string($0.name) } ?? .null),
            ("range", source.map { range(diagnostic.range, in: $0) } ?? .null),
            ("notes", .array(diagnostic.notes.map { note($0, source: source) })),
            ("fixIts", .array(diagnostic.fixIts.map { fixIt($0, source: source) })),
        ])
    }

    static func note(_ note: Diagnostic.Note, source: SourceFile?) -> JSON {
        let noteSource = note.range == nil ? nil : note.source ?? source
        return .object([
            ("message", .string(note.message)),
            ("file", noteSource.map { .string($0.name) } ?? .null),
            ("range", noteSource.flatMap { source in note.range.map { range($0, in: source) } } ?? .null),
        ])
    }

    static func fixIt(_ fixIt: Diagnostic.FixIt, source: SourceFile?) -> JSON {
        .object([
            ("range", source.map { range(fixIt.range, in: $0) } ?? .null),
            ("replacement", .string(fixIt.replacement)),
        ])
    }

    /// `{"start":{"line","column","offset"},"end":{...}}`: 1-based lines, columns in UTF-8 bytes,
    /// 0-based UTF-8 offsets.
    static func range(_ range: SourceRange, in source: SourceFile) -> JSON {
        func location(_ offset: Int) -> JSON {
            let location = source.location(of: offset)
            return .object([
                ("line", .number(String(location.line))), ("column", .number(String(location.column))),
                ("offset", .number(String(location.offset))),
            ])
        }
        return .object([("start", location(range.start)), ("end", location(range.end))])
    }
}
