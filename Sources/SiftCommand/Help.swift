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
               sift check --schema FILE [TEXT | --file FILE]
                                                       type-check a query and print its typed tree
               sift schema FILE                        print the models of a model file or database
               sift compile --schema FILE [TEXT | --file FILE] [--json] [--one-line]
                                                       print the SQL and its bindings (JSON for tools)
               sift query DATABASE [TEXT | --file FILE] [--schema FILE] [--param NAME=VALUE ...]
                          [--mode box|table|line|csv|json]
                                                       run a query and print its rows

        A query is any of:
          #Predicate<User> { $0.age > 20 && $0.name.contains("kim") }
          SortDescriptor(\\User.birth, order: .reverse)
          FetchDescriptor<User>(predicate: #Predicate { $0.age > 20 }, sortBy: [SortDescriptor(\\.name)])
          @Query(filter: #Predicate<User> { $0.isActive }, sort: \\User.age, order: .reverse)
          User where age > 20 && name.contains("kim") sort by birth desc, name limit 10 offset 20
        TEXT may be '-' (or omitted) to read standard input.

        OPTIONS:
          --schema FILE   a model file (Swift syntax) or an SQLite database; with a DATABASE,
                          a model file that refines what introspection found
          --write         open the database for writing (read-only by default)
          --bail          in the REPL, stop at the first error (for scripts)
          --file FILE     read the query from FILE
          --no-color      never colour diagnostics (NO_COLOR is honoured too)
          -h, --help      show this help
          --version       show the version

        EXIT STATUS: 0 on success, 1 when the input has errors, 2 on a usage error. An interactive
        REPL session exits with 0 whatever failed in it, unless --bail ended it (1).
        """
}
