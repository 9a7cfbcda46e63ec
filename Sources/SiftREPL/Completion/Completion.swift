/// What Tab offers at the cursor: the word being completed and the candidates that replace it.
public struct Completion: Sendable, Hashable {
    /// The text just before the cursor that a candidate replaces (may be empty).
    public var word: String
    /// Full replacements for ``word``, sorted, without duplicates.
    public var candidates: [String]

    public init(word: String, candidates: [String]) {
        self.word = word
        self.candidates = Array(Set(candidates)).sorted()
    }

    /// Nothing to offer.
    public static let none = Completion(word: "", candidates: [])

    /// The longest text every candidate starts with: what Tab inserts when there are several.
    public var commonPrefix: String {
        guard var prefix = candidates.first else { return word }
        for candidate in candidates.dropFirst() {
            while !candidate.hasPrefix(prefix) { prefix.removeLast() }
        }
        return prefix
    }

    /// Keeps the candidates that start with ``word`` (or, when none does, those that start with it
    /// ignoring case).
    static func filtering(_ candidates: [String], word: String) -> Completion {
        let exact = candidates.filter { $0.hasPrefix(word) }
        if !exact.isEmpty || word.isEmpty { return Completion(word: word, candidates: exact) }
        let lowered = word.lowercased()
        return Completion(word: word, candidates: candidates.filter { $0.lowercased().hasPrefix(lowered) })
    }
}
