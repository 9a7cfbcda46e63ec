/// The command line of `sift-bench`.
struct Options {
    var quick = false
    /// Substrings of `suite/name`; a benchmark runs when it contains any (all run when empty).
    var filters: [String] = []
    var jsonPath: String?
    /// The repository root, where the corpus files are (`Examples/`, `Grammar/`).
    var root = "."
    var help = false

    static let usage = """
        usage: sift-bench [--quick] [--filter NAME]... [--json FILE] [--root DIR]

          --quick          fewer and shorter samples (a smoke run, not for comparing figures)
          --filter NAME    run only the benchmarks whose 'suite/name' contains NAME (repeatable),
                           such as 'parse/corpus', 'parse/query/', '1MB'
          --json FILE      also write the figures as JSON to FILE ('-' for standard output)
          --root DIR       the repository root holding Examples/ and Grammar/ (default: .)

        Suites: parse (lexing and parsing of the example corpus, throughput on a 1 MB script).
        Times are per run; 'per query' divides by the number of queries a run parses.
        """

    struct UsageError: Error, CustomStringConvertible {
        var description: String
    }

    static func parse(_ arguments: [String]) throws -> Options {
        var options = Options()
        var index = 0
        func value(for option: String) throws -> String {
            index += 1
            guard index < arguments.count else { throw UsageError(description: "\(option) needs a value") }
            return arguments[index]
        }
        while index < arguments.count {
            let argument = arguments[index]
            switch argument {
            case "--quick": options.quick = true
            case "--filter": options.filters.append(try value(for: argument))
            case "--json": options.jsonPath = try value(for: argument)
            case "--root": options.root = try value(for: argument)
            case "-h", "--help": options.help = true
            default:
                if let equals = argument.firstIndex(of: "="), argument.hasPrefix("--") {
                    // `--filter=parse`
                    let name = String(argument[..<equals])
                    let rest = String(argument[argument.index(after: equals)...])
                    switch name {
                    case "--filter": options.filters.append(rest)
                    case "--json": options.jsonPath = rest
                    case "--root": options.root = rest
                    default: throw UsageError(description: "unknown option '\(name)'")
                    }
                } else {
                    throw UsageError(description: "unknown argument '\(argument)'")
                }
            }
            index += 1
        }
        return options
    }

    func selects(_ benchmark: Benchmark) -> Bool {
        filters.isEmpty || filters.contains { benchmark.fullName.contains($0) }
    }
}
