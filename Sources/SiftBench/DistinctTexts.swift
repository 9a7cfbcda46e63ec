/// Texts of one query that no compilation has seen before, for measuring compilation through
/// `SiftDatabase.compile`: a program compiles what its users type, and a cache keyed by the
/// query's text must not make the figure.
///
/// Each variant is the query followed by a line comment that numbers it (` // 0417`): the same
/// query, SQL and bindings, a different text. The comment is the same width in every variant,
/// so each costs the lexer the same few bytes. A benchmark cycles through ``count`` variants made
/// before it is measured: a cache holding fewer texts never hits, and the loops of a profile
/// (`--api-compile-loop N`, N ≤ ``count``) see every text once.
enum DistinctTexts {
    /// How many variants of each query a benchmark cycles through.
    static let count = 1024

    /// The variants of `text`, each ending in a comment with its number.
    static func variants(of text: String) -> [String] {
        (0..<count).map { number in
            let digits = String(number)
            return text + " // " + String(repeating: "0", count: max(0, 4 - digits.count)) + digits
        }
    }
}
