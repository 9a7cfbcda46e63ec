/// The `sift --help` text and the version.
enum Help {
    static let version = "0.1.0"

    static let usage = """
        OVERVIEW: Sift compiles Swift-style predicates into SQL with bound parameters.

        USAGE: sift [DATABASE] [--schema FILE] [--write] [--bail] [--no-color]
                                                       the REPL (default: the example database);
                                                       also 'sift repl DATABASE ...'
               sift parse [TEXT | --file FILE] [--script]
                                                       print the syntax tree of a query
               sift check --schema FILE [--schema FILE] [TEXT | --file FILE]
                                                       type-check a query and print its typed tree
               sift schema FILE [--schema FILE]        print the models of a model file or database
               sift compile --schema FILE [--schema FILE] [TEXT | --file FILE] [--json] [--one-line]
                            [--portable] [--dialect sqlite|postgresql]
                                                       print the SQL and its bindings (JSON for tools)
               sift query DATABASE [TEXT | --file FILE] [--schema FILE] [--param NAME=VALUE ...]
                          [--mode box|table|line|csv|json] [--json]
                                                       run a query and print its rows
               sift extension-path                     print the path of the SQLite extension with
                                                       Sift's SQL functions (for sqlite3's .load)
               sift install-functions URI              install Sift's functions (schema 'sift') in a
                                                       PostgreSQL database (opens it for writing)
               sift COMMAND --help                     the usage of one command

        A query is any of:
          #Predicate<User> { $0.age > 20 && $0.name.contains("kim") }
          SortDescriptor(\\User.birth, order: .reverse)
          FetchDescriptor<User>(predicate: #Predicate { $0.age > 20 }, sortBy: [SortDescriptor(\\.name)])
          @Query(filter: #Predicate<User> { $0.isActive }, sort: \\User.age, order: .reverse)
          User where age > 20 && name.contains("kim") sort by birth desc, name limit 10 offset 20
          NSPredicate(format: "age > %d AND name BEGINSWITH[c] %@", 20, "k")   (Core Data's meaning)
          User "age > 20 AND name CONTAINS[cd] 'kim'" sort by name limit 10
        TEXT may be '-' (or omitted) to read standard input.

        OPTIONS:
          --schema FILE   a model file (Swift syntax) or an SQLite database; given twice, or with
                          a DATABASE, a model file that refines what introspection found
          --write         open the database for writing (read-only by default)
          --bail          in the REPL, stop at the first error (for scripts)
          --file FILE     read the query from FILE
          --portable      compile: SQL with SQLite's built-in functions only, on the facts a
                          database proves (listed as assumptions), or refuse the query
          --no-color      never colour diagnostics (NO_COLOR is honoured too)
          -h, --help      show this help
          --version       show the version

        EXIT STATUS: 0 on success, 1 when the input has errors, 2 on a usage error. An interactive
        REPL session exits with 0 whatever failed in it, unless --bail ended it (1). Under --json
        every failure prints {"version":1,"diagnostics":[...]} on standard output.
        """

    /// The usage of one command, for `sift COMMAND --help`; nil for an unknown command.
    static func usage(of command: String) -> String? {
        let text: String
        switch command {
        case "parse":
            text = """
                USAGE: sift parse [TEXT | --file FILE | -] [--script] [--no-color]

                Prints the syntax tree of a query (with --script, of each query of a script).
                """
        case "check":
            text = """
                USAGE: sift check --schema FILE [--schema FILE] [TEXT | --file FILE | -] [--no-color]

                Type-checks a query against a schema and prints its typed tree. --schema names a model
                file or an SQLite database; given twice, a database and the model file that refines it.
                """
        case "schema":
            text = """
                USAGE: sift schema FILE [--schema FILE] [--no-color]

                Prints the models Sift sees in a model file or a database (or a database refined by a
                model file, given both), in model-file syntax.
                """
        case "compile":
            text = """
                USAGE: sift compile --schema FILE [--schema FILE] [TEXT | --file FILE | -] [--json] [--one-line]
                                    [--portable] [--dialect sqlite|postgresql] [--no-color]

                Prints the SQL of a query and its bindings. --schema names a model file, an SQLite
                database or a postgres:// URI; given twice, a database and the model file that refines
                it. --json prints the report tools read (README, "The sift command"); every failure
                then prints {"version":1,"diagnostics":[...]} on standard output. --one-line writes the
                SQL on one line. --portable writes SQL with SQLite's built-in functions only, relying on
                the facts the database's data proves (listed as assumptions), or refuses the query with
                portable-needs-extension where that has no exact form. --dialect postgresql writes
                PostgreSQL's SQL ($1 placeholders; docs/POSTGRESQL.md), the default when the schema is
                a postgres:// URI; with --portable it refuses a query that needs Sift's functions in
                the database (sift install-functions URI).
                """
        case "query":
            text = """
                USAGE: sift query DATABASE [TEXT | --file FILE | -] [--schema MODELS] [--param NAME=VALUE ...]
                                  [--mode box|table|line|csv|json] [--json] [--no-color]

                Runs a query on a database and prints its rows. --schema names a model file that refines
                what introspection finds; --param gives a parameter's value (repeat it for each).
                --json is --mode json; a failure then prints {"version":1,"diagnostics":[...]} on
                standard output.
                """
        case "repl":
            text = """
                USAGE: sift repl [DATABASE] [--schema MODELS] [--write] [--bail] [--no-color]
                       sift [DATABASE] [--schema MODELS] [--write] [--bail] [--no-color]

                Opens the REPL on a database (without one, the example database). --write opens it for
                writing; --bail stops at the first error (for scripts).
                """
        case "extension-path":
            text = ExtensionPathCommand.usage
        case "install-functions":
            text = InstallFunctionsCommand.usage
        case "help":
            text = """
                USAGE: sift help [COMMAND]

                Prints the overview, or the usage of one command.
                """
        default:
            return nil
        }
        return text + "\n\nEXIT STATUS: 0 on success, 1 when the input has errors, 2 on a usage error."
    }
}
