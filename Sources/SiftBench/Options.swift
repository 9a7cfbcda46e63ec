/// The command line of `sift-bench`.
struct Options {
    var quick = false
    /// Substrings of `suite/name`; a benchmark runs when it contains any (all run when empty).
    var filters: [String] = []
    var jsonPath: String?
    /// The repository root, where the corpus files are (`Examples/`, `Grammar/`).
    var root = "."
    var help = false
    /// The benchmark database's scale (1 = 1,000,000 users); `--quick` defaults to 0.01.
    var scale: Double?
    /// The scale of the in-memory evaluator's data set (default 0.1, `--quick` 0.01).
    var evaluatorScale: Double?
    /// The scale of the PostgreSQL suite's data set (default 1, `--quick` 0.01).
    var postgresScale: Double?
    var seed = BenchData.defaultSeed
    /// The release `sift` binary for the REPL start-up and memory figures (default: next to
    /// `sift-bench`).
    var siftPath: String?
    /// `--compile-loop N`: only compile the benchmark corpus N times (for a profiler) and exit.
    var compileLoop = 0
    /// `--api-compile-loop N`: only compile the benchmark corpus N times through
    /// `SiftDatabase.compile`, each time on texts it has not seen (``DistinctTexts``), and exit.
    var apiCompileLoop = 0
    /// `--rerun-loop N`: only re-run a compiled one-row lookup N times (for a profiler) and exit.
    var rerunLoop = 0
    /// `--prepare-loop N`: only prepare and finalize the SQL of the benchmark corpus N times (the
    /// baseline a compile profile is compared with) and exit.
    var prepareLoop = 0
    /// `--instructions`: count compile and prepare instructions per corpus query with callgrind, then exit.
    var instructions = false
    /// `--text QUERY` with `--compile-loop`, `--api-compile-loop` or `--prepare-loop`: that query
    /// instead of the corpus.
    var loopText: String?
    /// `--raw` with `--rerun-loop`: run the same lookup through SQLite's C API alone (the baseline).
    var rawRerun = false

    var effectiveScale: Double { scale ?? (quick ? 0.01 : 1) }
    var effectiveEvaluatorScale: Double { evaluatorScale ?? (quick ? 0.01 : 0.1) }
    var effectivePostgresScale: Double { postgresScale ?? (quick ? 0.01 : 1) }

    static let usage = """
        usage: sift-bench [--quick] [--filter NAME]... [--json FILE] [--root DIR] [--scale S]
                          [--evaluator-scale S] [--postgres-scale S] [--seed N] [--sift PATH] [--compile-loop N]
                          [--api-compile-loop N] [--prepare-loop N] [--rerun-loop N [--raw]]

          --quick          fewer and shorter samples (a smoke run, not for comparing figures)
          --filter NAME    run only the benchmarks whose 'suite/name' contains NAME (repeatable),
                           such as 'parse/corpus', 'parse/query/', '1MB'
          --json FILE      also write the figures as JSON to FILE ('-' for standard output)
          --root DIR       the repository root holding Examples/ and Grammar/ (default: .)
          --scale S        the benchmark database's size: 1 = 1,000,000 users, 1,000 companies,
                           ~3,000,000 links (default 1; 0.01 with --quick); cached in bench-data/
          --evaluator-scale S
                           the data set of the in-memory evaluator suite (default 0.1; 0.01 with --quick)
          --postgres-scale S
                           the PostgreSQL suite's data set, in the same units (default 1; 0.01
                           with --quick); the SQLite file of that scale is made or reused, then
                           copied into a private server at every run (10 = 10,000,000 users)
          --seed N         the generator's seed (default \(BenchData.defaultSeed))
          --sift PATH      the release 'sift' binary for REPL start-up and memory (default: next
                           to sift-bench)
          --compile-loop N only compile the benchmark corpus N times, then exit (a workload for
                           valgrind --tool=callgrind or perf; no figures)
          --api-compile-loop N
                           the same through SiftDatabase.compile, as programs call it, each
                           time on a text it has not seen (the query and a numbered comment)
          --prepare-loop N only prepare and finalize the SQL Sift writes for the benchmark corpus
                           N times, then exit (the sqlite3_prepare_v2 side of a compile profile)
          --text QUERY     with a loop above, that query instead of the corpus
          --instructions   count the instructions of compiling (the core, and through
                           SiftDatabase.compile) and of preparing each corpus query (or those
                           --filter selects) with valgrind's callgrind, and their ratios: the
                           compile/prepare target, to the instruction (several minutes)
          --rerun-loop N   only re-run the compiled identifier lookup N times with new UUIDs
                           (statement-cache hits), then exit (a workload for a profiler);
                           with --raw, the same lookup through SQLite's C API alone (the baseline
                           whose instructions a profile subtracts)

        Suites: parse (lexing and parsing of the example corpus, throughput on a 1 MB script),
        compile (example corpus: compile, also through SiftDatabase.compile, vs. prepare), sql
        (benchmark corpus: the same, execution of Sift's SQL vs. hand-written SQL, statement-cache
        hits), scaling (predicates of 10 to 10,000 clauses), process (REPL start-up, peak memory),
        evaluator (in-memory baseline), postgres (the benchmark corpus on a private PostgreSQL
        server: compile vs. PREPARE, Sift's SQL vs. hand-written SQL; skipped where PostgreSQL is
        not installed), then a summary of the targets. A filter that names a suite ('postgres')
        runs only that suite.
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
            case "--scale": options.scale = try number(try value(for: argument), argument)
            case "--evaluator-scale": options.evaluatorScale = try number(try value(for: argument), argument)
            case "--postgres-scale": options.postgresScale = try number(try value(for: argument), argument)
            case "--seed": options.seed = try seed(try value(for: argument))
            case "--sift": options.siftPath = try value(for: argument)
            case "--text": options.loopText = try value(for: argument)
            case "--instructions": options.instructions = true
            case "--compile-loop":
                guard let count = Int(try value(for: argument)), count > 0 else {
                    throw UsageError(description: "--compile-loop needs a positive integer")
                }
                options.compileLoop = count
            case "--api-compile-loop":
                guard let count = Int(try value(for: argument)), count > 0 else {
                    throw UsageError(description: "--api-compile-loop needs a positive integer")
                }
                options.apiCompileLoop = count
            case "--rerun-loop":
                guard let count = Int(try value(for: argument)), count > 0 else {
                    throw UsageError(description: "--rerun-loop needs a positive integer")
                }
                options.rerunLoop = count
            case "--prepare-loop":
                guard let count = Int(try value(for: argument)), count > 0 else {
                    throw UsageError(description: "--prepare-loop needs a positive integer")
                }
                options.prepareLoop = count
            case "--raw": options.rawRerun = true
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
                    case "--scale": options.scale = try number(rest, name)
                    case "--evaluator-scale": options.evaluatorScale = try number(rest, name)
                    case "--postgres-scale": options.postgresScale = try number(rest, name)
                    case "--seed": options.seed = try seed(rest)
                    case "--sift": options.siftPath = rest
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

    static func number(_ text: String, _ option: String) throws -> Double {
        guard let value = Double(text), value > 0, value <= 100 else {
            throw UsageError(description: "\(option) needs a positive number, such as 0.01")
        }
        return value
    }

    static func seed(_ text: String) throws -> UInt64 {
        guard let value = UInt64(text) else { throw UsageError(description: "--seed needs a non-negative integer") }
        return value
    }

    /// Whether any filter could match a benchmark of the suite (so a suite's set-up, such as the
    /// start-up check of the benchmark corpus, is skipped when no filter can select it): a filter
    /// with a '/' matches `suite/name` only if its part before the first '/' ends the suite name;
    /// a filter that is the name of one of `suites` matches that suite only.
    func mayMatch(suite: String, suites: [String] = []) -> Bool {
        filters.isEmpty
            || filters.contains { filter in
                if suites.contains(filter) { return filter == suite }
                guard let slash = filter.firstIndex(of: "/") else { return true }
                return suite.hasSuffix(filter[..<slash])
            }
    }

    /// Whether the filters select `benchmark` of a suite among `suites` (see ``mayMatch(suite:suites:)``).
    func selects(_ benchmark: Benchmark, suites: [String]) -> Bool {
        guard filters.contains(where: suites.contains) else { return selects(benchmark) }
        return filters.contains { suites.contains($0) ? benchmark.suite == $0 : benchmark.fullName.contains($0) }
    }

    func selects(_ benchmark: Benchmark) -> Bool {
        filters.isEmpty || filters.contains { benchmark.fullName.contains($0) }
    }
}
