import Sift

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What one fuzz input of the compiler target means, and the work done on it.
///
/// Input format: a first byte below 0x80 means the whole input is query text (so a plain `.sift`
/// file is a valid seed); 0x80 or above means the rest of the input drives ``ByteGenerator``
/// (mostly well-typed queries that reach the checker and the lowering), over the schema chosen by
/// the first byte's low bits.
public enum CompilerHarness {
    /// The schemas queries are compiled against: `Examples/Models.swift` (or `$SIFT_FUZZ_MODELS`),
    /// then the golden schemas `sized` and `pets`, then all three read as one file (text mode).
    static let schemas: [Schema] = {
        var models = EmbeddedSchemas.exampleModels
        if let path = getenv("SIFT_FUZZ_MODELS").map({ String(cString: $0) }), let text = readFile(path) {
            models = text
        }
        let texts = [
            models, EmbeddedSchemas.sized, EmbeddedSchemas.pets,
            [models, EmbeddedSchemas.sized, EmbeddedSchemas.pets].joined(separator: "\n"),
        ]
        return texts.map { ModelFileReader.read(SourceFile(name: "Models.swift", text: $0)).0 }
    }()

    /// The schema text mode compiles against: every model of the three files.
    static var textSchema: Schema { schemas[3] }

    /// Decodes an input into query text and the schema it is compiled against.
    public static func decode(_ bytes: [UInt8]) -> (text: String, schema: Schema) {
        guard let first = bytes.first, first >= 0x80 else {
            return (String(decoding: bytes, as: UTF8.self), textSchema)
        }
        let schema = schemas[Int(first & 0x7) < 5 ? 0 : Int(first & 0x7) - 4]
        var generator = ByteGenerator(bytes: Array(bytes.dropFirst()), schema: schema)
        return (generator.query(), schema)
    }

    /// Runs one input through the whole compiler: parse, check, lower, render and print.
    public static func run(_ bytes: [UInt8]) {
        let (text, schema) = decode(bytes)
        run(text: text, schema: schema)
    }

    /// Compiles `text`: every phase and printer the compiler has, so each is fuzzed.
    @discardableResult
    public static func run(text: String, schema: Schema) -> Compilation {
        let compilation = Compiler(schema: schema).check(text)
        _ = DiagnosticRenderer(colors: false).render(compilation.diagnostics, in: compilation.source)
        _ = DiagnosticRenderer(colors: true).render(compilation.diagnostics, in: compilation.source)
        if let syntax = compilation.syntax {
            _ = TreePrinter.print(syntax)
            _ = TreePrinter.print(syntax, multiline: true)
        }
        if let checked = compilation.checked {
            // The documented contract: a checked query only when there is no error.
            precondition(!compilation.hasErrors, "a checked query with errors:\n\(text)")
            _ = TypedTreePrinter.print(checked)
            let compiled = SQLLowering.lower(checked, schema: schema)
            checkPlaceholders(compiled, text: text)
            let facts = SQLLowering.Facts(nfcColumns: Set(compiled.nfcCandidates))
            let other = SQLLowering.lower(
                checked, schema: schema,
                options: .init(facts: facts, breakTiesByPrimaryKey: true, readableLayout: false))
            checkPlaceholders(other, text: text)
        }
        return compilation
    }

    /// Every named parameter's placeholders exist among the bindings.
    static func checkPlaceholders(_ compiled: CompiledQuery, text: String) {
        precondition(!compiled.sql.isEmpty, "empty SQL for:\n\(text)")
        for parameter in compiled.parameters {
            for position in parameter.positions {
                precondition(
                    position >= 1 && position <= compiled.bindings.count,
                    "parameter \(parameter.name) at ?\(position) of \(compiled.bindings.count) bindings for:\n\(text)")
            }
        }
    }

    /// A file's bytes (no Foundation, so the fuzz target stays small).
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

    static func readFile(_ path: String) -> String? {
        readFileBytes(path).map { String(decoding: $0, as: UTF8.self) }
    }

    /// Writes to standard error without naming the `stderr` global (not concurrency-safe).
    public static func printError(_ text: String) {
        var bytes = Array(text.utf8)
        bytes.append(10)
        _ = bytes.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
    }
}
