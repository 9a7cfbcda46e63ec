/// Disagreements between the SQL lowering and the evaluator that are understood and reported
/// but not fixed yet, by the exact text of the shrunk query the differential test prints. A
/// generated query whose shrunk form is listed here is counted as known and skipped; every
/// entry is also re-run on its own, so a fix makes the suite say "remove it from the list".
enum KnownFailures {
    struct Entry: Sendable {
        /// The shrunk query text, exactly as the differential test prints it.
        var text: String
        /// Which side is wrong, and why, in one line.
        var reason: String
        /// The parameter seed the entry was found with (its parameter values), if it uses any.
        var seed: UInt64
        var useFacts: Bool
    }

    static let entries: [Entry] = []

    static func entry(for text: String) -> Entry? { entries.first { $0.text == text } }
}
