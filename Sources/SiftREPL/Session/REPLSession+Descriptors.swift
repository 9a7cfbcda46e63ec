import Sift

/// SwiftData's idiom at the prompt: `var descriptor = FetchDescriptor<User>(...)` entered first
/// (or Core Data's `let request = NSFetchRequest<User>(entityName: "User")`),
/// then `descriptor.fetchLimit = 10`, `descriptor.sortBy = [...]` or `try context.fetch(descriptor)`
/// as inputs of their own. The session keeps the descriptor's statements so far, and an input
/// that uses its name runs as the descriptor with every statement entered since (the parser reads
/// them as one query).
struct DescriptorScript {
    /// The name the last `var NAME = FetchDescriptor...` (or `let`) declared.
    var name: String
    /// Its declaration and every statement entered since, one per line.
    var text: String

    /// The script `input` continues (its text followed by the input), and the script to keep;
    /// `input` itself for any other input. A new `var NAME = FetchDescriptor` starts a script.
    static func resolve(_ input: String, after script: DescriptorScript?) -> (text: String, script: DescriptorScript?) {
        let trimmed = input.drop { $0 == " " || $0 == "\t" || $0 == "\n" }
        if let name = declaredDescriptorName(trimmed) { return (input, DescriptorScript(name: name, text: input)) }
        guard let script, usesDescriptor(trimmed, named: script.name) else { return (input, script) }
        let text = script.text + "\n" + trimmed
        // A fetch or the name alone ends the parser's statements: run it, keep the script without it.
        if !trimmed.hasPrefix(script.name + ".") { return (text, script) }
        return (text, DescriptorScript(name: script.name, text: text))
    }

    /// `NAME` in `var NAME = FetchDescriptor...` / `let NAME: T = FetchDescriptor...`.
    static func declaredDescriptorName(_ text: Substring) -> String? {
        guard text.hasPrefix("var ") || text.hasPrefix("let ") else { return nil }
        let rest = text.dropFirst(4).drop { $0 == " " }
        let name = rest.prefix { $0.isLetter || $0.isNumber || $0 == "_" }
        guard !name.isEmpty, let equal = rest.firstIndex(of: "=") else { return nil }
        let value = rest[rest.index(after: equal)...].drop { $0 == " " }
        // Core Data's `NSFetchRequest<User>(entityName: "User")` and `User.fetchRequest()` too.
        let isFetchRequest = value.hasPrefix("NSFetchRequest") || value.prefix { $0 != "(" }.hasSuffix(".fetchRequest")
        return value.hasPrefix("FetchDescriptor") || isFetchRequest ? String(name) : nil
    }

    /// Whether an input is a statement about the descriptor: `NAME.property = ...`, `NAME`, or a
    /// fetch of it (`try context.fetch(NAME)`, `let users = try context.fetch(NAME)`).
    static func usesDescriptor(_ text: Substring, named name: String) -> Bool {
        if text.hasPrefix(name + ".") { return true }
        if text.trimmingTrailingSpace == name { return true }
        return text.contains("try") && text.contains(".fetch(\(name))")
    }
}

extension Substring {
    fileprivate var trimmingTrailingSpace: Substring {
        var end = endIndex
        while end > startIndex, let last = self[..<end].last, last == " " || last == "\t" || last == "\n" || last == ";" {
            end = index(before: end)
        }
        return self[..<end]
    }
}
