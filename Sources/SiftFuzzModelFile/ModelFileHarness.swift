import Sift

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What the model-file target does with one input: read it as a model file, print the schema,
/// read the printed schema back, and compile a query against every model it found.
public enum ModelFileHarness {
    /// What the round trip found wrong, when it found something.
    public struct RoundTripFinding: Sendable, CustomStringConvertible {
        public var kind: String
        public var detail: String
        public var description: String { "\(kind): \(detail)" }
    }

    /// Runs one input; returns what the round trip found (nil when it held).
    @discardableResult
    public static func run(_ bytes: [UInt8]) -> RoundTripFinding? {
        run(text: String(decoding: bytes, as: UTF8.self))
    }

    @discardableResult
    public static func run(text: String) -> RoundTripFinding? {
        let source = SourceFile(name: "Models.swift", text: text)
        let (schema, diagnostics) = ModelFileReader.read(source)
        _ = DiagnosticRenderer().render(diagnostics, in: source)
        let parsed = Parser.parseModelFile(source)
        _ = TreePrinter.print(parsed.value)

        let printed = SchemaPrinter.print(schema)
        let reprintedSource = SourceFile(name: "Printed.swift", text: printed)
        let (reread, rereadDiagnostics) = ModelFileReader.read(reprintedSource)
        _ = DiagnosticRenderer().render(rereadDiagnostics, in: reprintedSource)

        compileAgainst(schema)

        // The printed schema must read back without errors the original did not have...
        let originalErrors = Set(diagnostics.filter { $0.severity == .error }.map(\.message))
        let newErrors = rereadDiagnostics.filter { $0.severity == .error && !originalErrors.contains($0.message) }
        if let first = newErrors.first {
            return RoundTripFinding(
                kind: "printed schema has new errors",
                detail: "\(first.message)\n" + DiagnosticRenderer().render(newErrors, in: reprintedSource))
        }
        // ...and print the same again (printing is a fixed point after one round).
        // Members that are not queryable print as comments, which reading drops: not a finding.
        let reprinted = withoutUnqueryableComments(SchemaPrinter.print(reread))
        if rereadDiagnostics.isEmpty, reprinted != withoutUnqueryableComments(printed) {
            return RoundTripFinding(kind: "printing is not stable", detail: "first:\n\(printed)\nsecond:\n\(reprinted)")
        }
        return nil
    }

    static func withoutUnqueryableComments(_ text: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false)
            .filter { !($0.hasPrefix("    // ") && $0.contains(": not queryable, ")) }
            .joined(separator: "\n")
    }

    /// A small query per model, checked and lowered: schemas the reader accepts must lower.
    static func compileAgainst(_ schema: Schema) {
        let compiler = Compiler(schema: schema)
        for model in schema.models.prefix(8) {
            var queries = ["#Predicate<\(model.name)> { _ in true }"]
            for member in model.members.prefix(6) {
                switch member {
                case .attribute(let attribute):
                    let value = attribute.isOptional ? "nil" : "$0.\(attribute.name)"
                    queries.append("#Predicate<\(model.name)> { $0.\(attribute.name) == \(value) }")
                    if attribute.type.isComparable {
                        queries.append("\(model.name) sort by \(attribute.name) desc limit 3")
                    }
                case .relationship(let relationship):
                    if relationship.isToMany {
                        queries.append("#Predicate<\(model.name)> { $0.\(relationship.name).contains { _ in true } }")
                        queries.append("#Predicate<\(model.name)> { $0.\(relationship.name).count > 1 }")
                    } else {
                        queries.append("#Predicate<\(model.name)> { $0.\(relationship.name) == nil }")
                    }
                }
            }
            for query in queries {
                let compilation = compiler.check(query)
                _ = DiagnosticRenderer().render(compilation.diagnostics, in: compilation.source)
                if let checked = compilation.checked {
                    _ = TypedTreePrinter.print(checked)
                    _ = SQLLowering.lower(checked, schema: schema)
                }
            }
        }
    }

    /// A file's bytes.
    public static func readFileBytes(_ path: String) -> [UInt8]? {
        guard let file = fopen(path, "rb") else { return nil }
        defer { fclose(file) }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = fread(&buffer, 1, buffer.count, file)
            if count <= 0 { break }
            bytes += buffer[0..<count]
        }
        return bytes
    }

    public static func printError(_ text: String) {
        var bytes = Array(text.utf8)
        bytes.append(10)
        _ = bytes.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
    }
}
