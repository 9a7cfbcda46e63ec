import Sift

/// The statements of a fetch script on one input: `let request = NSFetchRequest<User>(…)` (or
/// `var descriptor = FetchDescriptor<User>()`) followed, after `;`, by statements on the variable
/// it declares (`request.predicate = …; request.fetchLimit = 10`). ``QuerySplitter`` keeps them in
/// one query. (Statements on later prompt lines are the REPL's descriptor variables' business.)
enum ScriptStatements {
    /// The variable `text` declares when it starts with `let NAME` or `var NAME`, else nil.
    static func declaredVariable(in text: String) -> String? {
        let source = SourceFile(text: text)
        let tokens = Lexer.tokenize(source).tokens
        guard tokens.count > 2, tokens[0].kind == .kwLet || tokens[0].kind == .kwVar, tokens[1].kind == .identifier else { return nil }
        return String(decoding: source.bytes[tokens[1].range.start..<tokens[1].range.end], as: UTF8.self)
    }

    /// Whether `line` is a statement on `variable` (`request.predicate = …`), continuing its script.
    static func continues(_ line: String, variable: String) -> Bool {
        let trimmed = line.drop(while: { $0 == " " || $0 == "\t" })
        guard trimmed.hasPrefix(variable) else { return false }
        return trimmed.dropFirst(variable.count).drop(while: { $0 == " " || $0 == "\t" }).hasPrefix(".")
    }
}
