import Foundation
import Sift

/// Tab completion, as a pure function of the text before the cursor: model names at the start,
/// members after `User.`, `$0.`, `user.` or `\User.` (through relationships and inside nested
/// closures), members in a concise `where` clause, methods for strings and sequences, enum cases
/// after `== .`, dot-command names and their arguments (models, files, modes, parameters).
public struct Completer {
    public var schema: Schema
    /// The REPL's named parameters and their types (completed as names, typed in chains).
    public var parameterTypes: [String: SiftType]
    /// Lists a folder: entry names, folders ending in `/`; `nil` when it cannot be read.
    public var listDirectory: (String) -> [String]?
    /// The folder relative paths start from.
    public var workingDirectory: String?

    public init(
        schema: Schema, parameterTypes: [String: SiftType] = [:], workingDirectory: String? = nil,
        listDirectory: @escaping (String) -> [String]? = Completer.listFileSystemDirectory
    ) {
        self.schema = schema
        self.parameterTypes = parameterTypes
        self.workingDirectory = workingDirectory
        self.listDirectory = listDirectory
    }

    /// Completes at the end of `line` (the text before the cursor on the current line), where
    /// `pendingInput` holds the earlier lines of an unfinished query.
    public func complete(_ line: String, pendingInput: String = "") -> Completion {
        if pendingInput.isEmpty, line.drop(while: { $0 == " " || $0 == "\t" }).hasPrefix(".") {
            return completeCommand(line)
        }
        return completeQuery(pendingInput.isEmpty ? line : pendingInput + "\n" + line)
    }

    // MARK: Dot-commands

    private func completeCommand(_ line: String) -> Completion {
        let trimmed = String(line.drop(while: { $0 == " " || $0 == "\t" }))
        guard let space = trimmed.firstIndex(where: { $0 == " " || $0 == "\t" }) else {
            return Completion.filtering(DotCommand.all.map { "." + $0.name }, word: trimmed)
        }
        guard let command = DotCommand.named(String(trimmed[trimmed.index(after: trimmed.startIndex)..<space])) else {
            return .none
        }
        let rest = String(trimmed[space...].drop(while: { $0 == " " || $0 == "\t" }))
        if command.completion == .query { return completeQuery(rest) }
        let words = CommandInvocation.split(rest).map(\.text)
        let endsWithSpace = rest.isEmpty || rest.last == " " || rest.last == "\t"
        let word = endsWithSpace ? "" : words.last ?? ""
        let position = endsWithSpace ? words.count : words.count - 1
        switch command.completion {
        case .modelNames where position == 0:
            return Completion.filtering(schema.modelNames, word: word)
        case .fileNames where position == 0:
            return completeFile(word)
        case .fileNames where position == 1 && command.name == "open":
            return Completion.filtering(["--write"], word: word)
        case .outputModes where position == 0:
            return Completion.filtering(OutputMode.allCases.map(\.rawValue), word: word)
        case .onOff where position == 0:
            return Completion.filtering(["on", "off"], word: word)
        case .commandNames where position == 0:
            return Completion.filtering(DotCommand.all.map(\.name), word: word)
        case .parameterCommand:
            if position == 0 { return Completion.filtering(["set", "list", "unset", "clear"], word: word) }
            if position == 1, ["set", "unset"].contains(words.first) {
                return Completion.filtering(Array(parameterTypes.keys), word: word)
            }
            return .none
        default:
            return .none
        }
    }

    // MARK: Files

    private func completeFile(_ word: String) -> Completion {
        let slash = word.lastIndex(of: "/")
        let folder = slash.map { String(word[...$0]) } ?? ""
        let base = slash.map { String(word[word.index(after: $0)...]) } ?? word
        var directory = folder.isEmpty ? "." : folder
        if directory.hasPrefix("~/"), let home = ProcessInfo.processInfo.environment["HOME"] {
            directory = home + directory.dropFirst()
        }
        if !directory.hasPrefix("/"), let workingDirectory { directory = workingDirectory + "/" + directory }
        guard let entries = listDirectory(directory) else { return .none }
        let visible = entries.filter { base.hasPrefix(".") || !$0.hasPrefix(".") }
        return Completion(word: word, candidates: visible.filter { $0.hasPrefix(base) }.map { folder + $0 })
    }

    /// Lists a folder of the file system, folders with a trailing `/`.
    public static func listFileSystemDirectory(_ path: String) -> [String]? {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: path) else { return nil }
        return names.map { name in
            var isDirectory: ObjCBool = false
            _ = FileManager.default.fileExists(atPath: path + "/" + name, isDirectory: &isDirectory)
            return isDirectory.boolValue ? name + "/" : name
        }
    }

    // MARK: Queries

    private func completeQuery(_ text: String) -> Completion {
        if let completion = FormatStringCompletion(schema: schema).complete(text) { return completion }
        let source = SourceFile(name: "<completion>", text: text)
        let lexed = Lexer.tokenize(source)
        var tokens = Array(lexed.tokens.dropLast())
        // The word being typed: a name that ends at the cursor.
        var word = ""
        if let last = tokens.last, last.range.end == source.bytes.count {
            switch last.kind {
            case .identifier, .kwTrue, .kwFalse, .kwNil, .kwIn, .kwReturn, .kwIf, .kwLet, .kwVar, .kwElse:
                word = source.text(in: last.range)
                tokens.removeLast()
            case .stringLiteral, .multilineStringLiteral, .integerLiteral, .floatLiteral, .dollarIdentifier, .unknown:
                return .none
            default:
                break
            }
        }
        if lexed.unterminatedAtEnd != nil { return .none }
        let scope = QueryScope(
            source: source, tokens: tokens, catalog: MemberCatalog(schema: schema), parameterTypes: parameterTypes)
        return Completion.filtering(candidates(scope, word: word), word: word)
    }

    private func candidates(_ scope: QueryScope, word: String) -> [String] {
        let count = scope.tokens.count
        let last = count - 1
        let catalog = scope.catalog
        guard count > 0 else { return schema.modelNames + ["FetchDescriptor", "SortDescriptor"] }
        switch scope.tokens[last].kind {
        case .period where scope.kind(last - 1) == .backslash:
            // `users.map(\.`: the related objects' members; otherwise the key path's model's.
            if let element = mappedElement(scope, opener: last - 2) { return catalog.memberNames(of: element) }
            let model = scope.builderKeyPathModel(backslash: last - 1) ?? scope.queryModel
            return model.map { catalog.memberNames(of: .model($0)) } ?? []
        case .period where scope.isImplicitMember(last):
            return implicitMembers(scope, period: last)
        case .period where mappedElement(scope, closingAt: last - 1) != nil:
            // `users.map(\.age).`: the mapped values aggregate.
            return Self.rowAggregateNames
        case .period:
            if let names = enumPathCandidates(scope, endingAt: last - 1) { return names }
            guard let type = scope.chainType(endingAt: last - 1) else { return [] }
            var names = catalog.memberNames(of: type)
            // A to-many relationship's values map and aggregate per row in the concise form (not in
            // `#Predicate`, which has no `map`).
            if scope.conciseModel != nil, case .array(let element) = type.unwrapped.kind, case .model = element.kind { names.append("map") }
            return names
        case .backslash:
            return schema.modelNames
        case .pound:
            return ["Predicate"]
        case .atSign:
            return ["Query"]
        case .less where ["Predicate", "FetchDescriptor", "Query"].contains(scope.kind(last - 1) == .identifier ? scope.text(last - 1) : ""):
            return schema.modelNames
        default:
            break
        }
        if let model = scope.conciseModel {
            return conciseCandidates(scope, model: model)
        }
        // A bare name inside a closure: the names in scope, parameters and literals.
        return scope.namesInScope(at: count) + Array(parameterTypes.keys) + ["true", "false", "nil"]
    }

    /// After `$0.kind.`, `\.kind.image.`, `kind.` (concise): the cases of a `@Selection` enum, or
    /// the columns of a case's struct; nil when the names before the `.` are not such a path.
    private func enumPathCandidates(_ scope: QueryScope, endingAt end: Int) -> [String]? {
        var names: [String] = []
        var position = end
        while position >= 1, scope.kind(position) == .identifier {
            names.insert(scope.text(position), at: 0)
            guard scope.kind(position - 1) == .period, scope.kind(position - 2) == .backslash || !scope.isImplicitMember(position - 1) else {
                // `kind.` in the concise form: a member of the query's model.
                guard let model = scope.conciseModel, scope.enclosingBraces(before: position).isEmpty else { return nil }
                return scope.catalog.enumPathCandidates(names, after: .model(model))
            }
            position -= 2
            // The value the names follow: a key path's model, or the chain ending there.
            let rootType: SiftType? =
                scope.kind(position) == .backslash
                ? (scope.builderKeyPathModel(backslash: position) ?? scope.queryModel).map { .model($0) }
                : scope.chainType(endingAt: position)
            if let rootType, let candidates = scope.catalog.enumPathCandidates(names, after: rootType) { return candidates }
        }
        return nil
    }

    /// After `== .`, `!= .` (enum cases), `order: .` and `comparator: .`.
    private func implicitMembers(_ scope: QueryScope, period: Int) -> [String] {
        let previous = period - 1
        if scope.kind(previous) == .colon, scope.isIdentifier(previous - 1) {
            switch scope.text(previous - 1) {
            case "order": return ["forward", "reverse"]
            case "comparator": return ["localizedStandard", "localized", "lexical"]
            default: return []
            }
        }
        if scope.kind(previous) == .equalEqual || scope.kind(previous) == .bangEqual {
            return scope.chainType(endingAt: previous - 1).map(scope.catalog.caseNames) ?? []
        }
        return []
    }

    /// The element type of the to-many relationship whose `map(` opens at `opener`
    /// (`users.map(`), in the concise form; nil otherwise.
    private func mappedElement(_ scope: QueryScope, opener: Int) -> SiftType? {
        guard scope.conciseModel != nil, scope.kind(opener) == .leftParen || scope.kind(opener) == .leftBrace, scope.isIdentifier(opener - 1, "map"),
            scope.kind(opener - 2) == .period, let base = scope.chainType(endingAt: opener - 3),
            case .array(let element) = base.unwrapped.kind, case .model = element.kind
        else { return nil }
        return element
    }

    /// The element type of the relationship mapped by the call that closes at `closing`
    /// (`users.map(\.age)`, `users.map { $0.age }`); nil when it is not such a call.
    private func mappedElement(_ scope: QueryScope, closingAt closing: Int) -> SiftType? {
        guard scope.kind(closing) == .rightParen || scope.kind(closing) == .rightBrace, let opener = scope.matchingOpener(closing) else { return nil }
        return mappedElement(scope, opener: opener)
    }

    /// What follows `map(…).` of a relationship: Sift's per-row aggregates.
    static let rowAggregateNames = ["max", "min", "sum", "average"]

    /// The words that start a clause of the concise form.
    static let clauseWords = ["where", "select", "group", "having", "join", "sort", "limit", "offset"]
    /// The aggregate functions a selection, a condition on groups or a sort key may call.
    static let aggregateNames = ["count", "sum", "average", "min", "max", "groupConcat", "jsonGroupArray"]

    /// Completion in `User where ... sort by ... limit N`.
    private func conciseCandidates(_ scope: QueryScope, model: String) -> [String] {
        let count = scope.tokens.count
        let members = scope.catalog.memberNames(of: .model(model))
        if count == 1 { return Self.clauseWords }
        let last = count - 1
        if scope.isIdentifier(last, "sort") || scope.isIdentifier(last, "group") { return ["by"] }
        let sortBy = (1..<count).last { scope.isIdentifier($0, "sort") && scope.isIdentifier($0 + 1, "by") }
        if let sortBy, scope.enclosingBraces(before: count).isEmpty {
            var attributes = schema.model(named: model)?.attributes.map(\.name) ?? []
            // A query that selects or groups sorts by aggregates too (`sort by count() desc`).
            if (1..<sortBy).contains(where: { scope.isIdentifier($0, "select") || scope.isIdentifier($0, "group") }) {
                attributes += Self.aggregateNames
            }
            if last == sortBy + 1 || scope.kind(last) == .comma { return attributes }
            if scope.isIdentifier(last), last > sortBy + 1 { return ["asc", "desc", "limit", "offset"] }
            return []
        }
        var names = scope.namesInScope(at: count) + Array(parameterTypes.keys) + ["true", "false", "nil"]
        if scope.enclosingBraces(before: count).isEmpty { names += members }
        // In `select` and `having` (after `where`, if any): the aggregates too.
        let clause = (1..<count).last { index in ["where", "select", "having", "group"].contains { scope.isIdentifier(index, $0) } }
        if let clause, scope.isIdentifier(clause, "select") || scope.isIdentifier(clause, "having") {
            names += Self.aggregateNames
            // `open: count(Reminder where …)`: the count or existence of a query.
            if scope.isIdentifier(clause, "select"), scope.kind(last) == .leftParen, scope.isIdentifier(last - 1, "count") || scope.isIdentifier(last - 1, "exists") {
                names += schema.modelNames
            }
        }
        switch scope.kind(last) {
        case .identifier, .rightParen, .integerLiteral, .floatLiteral, .stringLiteral, .kwTrue, .kwFalse, .kwNil:
            // After a complete operand: the next clause.
            if scope.enclosingBraces(before: count).isEmpty, !Self.clauseWords.contains(where: { scope.isIdentifier(last, $0) }) {
                return ["select", "group", "having", "join", "sort", "limit", "offset"]
            }
            return names
        default:
            return names
        }
    }
}
