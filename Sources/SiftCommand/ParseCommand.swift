import Sift

/// `sift parse [TEXT | --file FILE | -]`: prints the syntax tree, or the diagnostics (status 1).
enum ParseCommand {
    static func run(_ arguments: [String]) throws -> Int32 {
        let parsed = try CommandLineArguments(arguments, valued: ["--file"], flags: ["--no-color", "--script"])
        let source = try readQueryText(parsed, positional: parsed.positional)
        let renderer = DiagnosticRenderer(colors: useColors(parsed))
        if parsed.flags.contains("--script") {
            let result = Parser.parseScript(source)
            for query in result.value { print(TreePrinter.print(query)) }
            standardError(renderer.render(result.diagnostics, in: source))
            return result.hasErrors ? 1 : 0
        }
        let result = Parser.parseQuery(source)
        standardError(renderer.render(result.diagnostics, in: source))
        if result.hasErrors { return 1 }
        if let query = result.value { print(TreePrinter.print(query)) }
        return 0
    }
}
