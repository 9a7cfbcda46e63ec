import Foundation
import Sift

/// Tab completion inside an `NSPredicate` format string (`User "company.na`,
/// `NSPredicate(format: "inter`): key paths of the query's model through its relationships,
/// collection operators after a to-many relationship, and the format language's words.
struct FormatStringCompletion {
    var schema: Schema

    /// The words of the format language offered between operands.
    static let words = [
        "AND", "OR", "NOT", "ANY", "ALL", "NONE", "SOME", "IN", "BETWEEN", "LIKE", "MATCHES", "CONTAINS", "BEGINSWITH", "ENDSWITH",
        "NULL", "NIL", "SELF", "TRUE", "FALSE", "YES", "NO", "TRUEPREDICATE", "FALSEPREDICATE", "SUBQUERY",
    ]

    /// The completion at the end of `text` when the cursor is inside an open format string, else nil.
    func complete(_ text: String) -> Completion? {
        guard let (prefix, inside) = Self.openFormatString(text) else { return nil }
        // The key path being typed: names and dots back to the last other character.
        let allowed = CharacterSet.alphanumerics.union(CharacterSet(charactersIn: "_.@"))
        var start = inside.endIndex
        while start > inside.startIndex {
            let before = inside.index(before: start)
            guard inside[before].unicodeScalars.allSatisfy({ allowed.contains($0) }) else { break }
            start = before
        }
        let path = inside[start...]
        var components = path.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        let word = components.removeLast()
        // A `$x.` path is a SUBQUERY variable's: not known here.
        if start > inside.startIndex, inside[inside.index(before: start)] == "$" { return Completion.none }
        var models = modelCandidates(prefix)
        for component in components {
            var next: [Model] = []
            for model in models {
                guard case .relationship(let relationship)? = model.member(named: component), let target = schema.model(named: relationship.target)
                else { continue }
                if relationship.isToMany, components.last == component, word.hasPrefix("@") || word.isEmpty {
                    return Completion.filtering(["@count"] + target.members.map(\.name), word: word)
                }
                next.append(target)
            }
            models = next
        }
        var candidates = models.flatMap { $0.members.map(\.name) }
        if components.isEmpty { candidates += Self.words }
        return Completion.filtering(candidates, word: word)
    }

    /// The models the format string may be about: named before it (`User "`, `NSFetchRequest<User>`,
    /// `entityName: "User"`, `FetchedResults<User>`), else every model.
    func modelCandidates(_ prefix: Substring) -> [Model] {
        let words = prefix.split(whereSeparator: { !($0.isLetter || $0.isNumber || $0 == "_") }).map(String.init)
        // The concise form: the model is the first word.
        if let first = words.first, let model = schema.model(named: first) { return [model] }
        for word in words.reversed() { if let model = schema.model(named: word) { return [model] } }
        return schema.models
    }

    /// The text before the format string's opening quote and the format string typed so far, when
    /// the end of `text` is inside a `"` string opened after `format:` or after a model's name.
    static func openFormatString(_ text: String) -> (Substring, Substring)? {
        var open: String.Index?
        var index = text.startIndex
        var escaped = false
        while index < text.endIndex {
            let character = text[index]
            if let _ = open {
                if escaped {
                    escaped = false
                } else if character == "\\" {
                    escaped = true
                } else if character == "\"" || character == "\n" {
                    open = nil
                }
            } else if character == "\"" {
                open = index
            }
            index = text.index(after: index)
        }
        guard let open else { return nil }
        let prefix = text[..<open]
        let trimmed = prefix.reversed().drop(while: { $0 == " " })
        let isFormat =
            String(trimmed.prefix(7).reversed()) == "format:"
            || (trimmed.first.map { $0.isLetter || $0.isNumber } == true && !prefix.contains("(") && !prefix.contains("#"))
        guard isFormat else { return nil }
        return (prefix, text[text.index(after: open)...])
    }
}
