// Lists the public declarations of the library products (`Sift`, `SiftSQLite`) from the symbol
// graphs the compiler emits, into a Markdown file, and checks two things of that list:
// - none of the package's internals is in it (the names below), and no property of a checked
//   query can be set from outside;
// - every declaration has a documentation comment (`--require-docs` makes a missing one fail;
//   otherwise each is printed as a warning).
//
// Usage: swift docs/tools/PublicAPI.swift SYMBOL_GRAPH_DIR OUTPUT.md [--require-docs]
// (`make docs` runs it; the symbol graphs come from `swift package dump-symbol-graph`.)
import Foundation

/// The modules whose public declarations users see: the `Sift` product re-exports the compiler
/// core, `SiftSQLite` is the runtime.
let modules = ["Sift", "SiftSyntax", "SiftSchema", "SiftChecker", "SiftSQL", "SiftEvaluator", "SiftSQLite"]

/// Types and members that serve the package's own modules only: none may be public.
let internalNames: Set<String> = [
    "ByteBuffer", "LargeStack", "UUIDText", "ISODateText", "JSONText", "SwiftLiteral", "Suggestions",
    "TypedTreeDepth", "SyntaxDepth", "WordScan", "InPlaceWriter", "SQLRenderer",
    "TypedTree.make(_:_:at:)",
    "SQLDialect.appendQuoted(identifierUTF8:to:)", "SQLDialect.appendPlaceholder(_:to:)",
    "SQLDialect.quotesIdentifiersInDoubleQuotes",
    "SQLFragment.init(_:)",
]

struct Declaration {
    var module: String
    var path: String
    var kind: String
    var declaration: String
    var documented: Bool
    var location: String
}

let arguments = CommandLine.arguments.dropFirst().filter { !$0.hasPrefix("--") }
guard arguments.count == 2 else {
    FileHandle.standardError.write(Data("usage: PublicAPI.swift SYMBOL_GRAPH_DIR OUTPUT.md [--require-docs]\n".utf8))
    exit(2)
}
let graphDirectory = URL(fileURLWithPath: arguments[arguments.startIndex])
let output = URL(fileURLWithPath: arguments[arguments.startIndex + 1])
let requireDocs = CommandLine.arguments.contains("--require-docs")
let packageRoot = FileManager.default.currentDirectoryPath + "/"

/// Whether the declaration at `location` (`path:line`) narrows its setter: `package(set)`,
/// `internal(set)`, `fileprivate(set)` or `private(set)`.
func setterIsHidden(at location: String) -> Bool {
    guard let colon = location.lastIndex(of: ":"), let line = Int(location[location.index(after: colon)...]),
        let source = try? String(contentsOfFile: String(location[..<colon]), encoding: .utf8)
    else { return false }
    let lines = source.split(separator: "\n", omittingEmptySubsequences: false)
    guard line >= 1, line <= lines.count else { return false }
    return ["package(set)", "internal(set)", "fileprivate(set)", "private(set)"].contains { lines[line - 1].contains($0) }
}

var declarations: [Declaration] = []
let files = try FileManager.default.contentsOfDirectory(atPath: graphDirectory.path).sorted()
for file in files where file.hasSuffix(".symbols.json") {
    // `Module.symbols.json`, or `Module@Extended.symbols.json` for its extensions of another module's types.
    let module = String(file.prefix { $0 != "." && $0 != "@" })
    guard modules.contains(module) else { continue }
    let data = try Data(contentsOf: graphDirectory.appendingPathComponent(file))
    guard let graph = try JSONSerialization.jsonObject(with: data) as? [String: Any],
        let symbols = graph["symbols"] as? [[String: Any]]
    else { fatalError("\(file): not a symbol graph") }
    for symbol in symbols {
        guard symbol["accessLevel"] as? String == "public" || symbol["accessLevel"] as? String == "open" else { continue }
        let path = (symbol["pathComponents"] as? [String] ?? []).joined(separator: ".")
        let kind = ((symbol["kind"] as? [String: Any])?["identifier"] as? String ?? "").replacingOccurrences(of: "swift.", with: "")
        let fragments = symbol["declarationFragments"] as? [[String: Any]] ?? []
        var declaration = fragments.map { $0["spelling"] as? String ?? "" }.joined()
            .replacingOccurrences(of: "\n", with: " ")
        let lines = ((symbol["docComment"] as? [String: Any])?["lines"] as? [[String: Any]]) ?? []
        let documented = lines.contains { !($0["text"] as? String ?? "").trimmingCharacters(in: .whitespaces).isEmpty }
        var location = ""
        if let place = symbol["location"] as? [String: Any], let uri = place["uri"] as? String,
            let position = place["position"] as? [String: Any], let line = position["line"] as? Int
        {
            location = uri.replacingOccurrences(of: "file://", with: "").replacingOccurrences(of: packageRoot, with: "") + ":\(line + 1)"
        }
        // The symbol graph writes `{ get set }` for a computed property whose setter is less
        // visible (`public package(set) var`): the declaration's line in the source says so.
        if declaration.hasSuffix("{ get set }"), setterIsHidden(at: location) {
            declaration = String(declaration.dropLast("{ get set }".count)) + "{ get }"
        }
        declarations.append(Declaration(module: module, path: path, kind: kind, declaration: declaration, documented: documented, location: location))
    }
}
guard !declarations.isEmpty else {
    FileHandle.standardError.write(Data("no public declarations found in \(graphDirectory.path)\n".utf8))
    exit(1)
}
declarations.sort { ($0.module, $0.path, $0.declaration) < ($1.module, $1.path, $1.declaration) }

// The list.
var text = """
    # Public API

    The public declarations of the `Sift` and `SiftSQLite` products, by module (`import Sift` brings the
    compiler core's modules), generated by `make docs` from the compiler's symbol graphs
    (`docs/tools/PublicAPI.swift`): do not edit by hand. Everything else is `package` or internal.

    """
for module in modules {
    let members = declarations.filter { $0.module == module }
    guard !members.isEmpty else { continue }
    text += "\n## \(module)\n\n"
    for member in members {
        text += "- `\(member.path)`: `\(member.declaration)`\n"
    }
}
try Data(text.utf8).write(to: output)

// The checks.
var failures: [String] = []
for declaration in declarations {
    let typeName = declaration.path.split(separator: ".").first.map(String.init) ?? ""
    if internalNames.contains(typeName) || internalNames.contains(declaration.path) {
        failures.append("\(declaration.location): internal declaration is public: \(declaration.path)")
    }
    if typeName == "CheckedQuery", declaration.kind == "property", declaration.declaration.hasSuffix("{ get set }") {
        failures.append("\(declaration.location): a checked query's property can be set from outside: \(declaration.path)")
    }
}
let undocumented = declarations.filter { !$0.documented }
for declaration in undocumented {
    let message = "\(declaration.location): public declaration without a documentation comment: \(declaration.path)"
    if requireDocs { failures.append(message) } else { print("warning: " + message) }
}
print("\(declarations.count) public declarations (\(undocumented.count) without a documentation comment) listed in \(output.path)")
for failure in failures { print("error: " + failure) }
exit(failures.isEmpty ? 0 : 1)
