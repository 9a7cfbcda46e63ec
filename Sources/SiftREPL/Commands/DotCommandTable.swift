/// The dot-commands, in the order `.help` lists them. The handlers live in the
/// `REPLSession+…Commands` files.
extension DotCommand {
    public static let all: [DotCommand] = [
        DotCommand("help", "[PATTERN]", "show the commands (those matching PATTERN)", completion: .commandNames) {
            try $0.help($1)
        },
        DotCommand("open", "FILE [--schema MODEL] [--write]", "open another database, a file or a postgres:// URI (read-only unless --write), refined by MODEL", completion: .fileNames) {
            try $0.open($1)
        },
        DotCommand("reload", "", "read the database's schema again (after it changed)") { try $0.reload($1) },
        DotCommand("schema", "[Model]", "show the models (or one) in model-file syntax", completion: .modelNames) {
            try $0.schema($1)
        },
        DotCommand("models", "", "list the models and their tables") { try $0.models($1) },
        DotCommand("ast", "[QUERY]", "show the syntax tree of QUERY (default: the last query)", completion: .query) {
            try $0.ast($1)
        },
        DotCommand("typed", "[QUERY]", "show the type-checked tree of QUERY", completion: .query) { try $0.typed($1) },
        DotCommand("sql", "[QUERY]", "show the SQL and bindings of QUERY without running it", completion: .query) {
            try $0.sql($1)
        },
        DotCommand("plan", "[QUERY]", "show the database's query plan for QUERY as a tree", completion: .query) {
            try $0.plan($1)
        },
        DotCommand("param", "set NAME VALUE|list|unset NAME|clear", "manage named parameters (VALUE: \"text\", 42, 1.5, true, nil, 2026-01-01)", completion: .parameterCommand) {
            try $0.param($1)
        },
        DotCommand("mode", "[box|table|line|csv|json]", "set (or show) how results are printed", completion: .outputModes) {
            try $0.mode($1)
        },
        DotCommand("headers", "on|off", "show column names in box, table and csv modes", completion: .onOff) {
            try $0.headers($1)
        },
        DotCommand("timer", "on|off", "show compile and run times after each query", completion: .onOff) {
            try $0.timer($1)
        },
        DotCommand("portable", "[on|off]", "lower to SQL with the database's built-in functions only (or show the setting)", completion: .onOff) {
            try $0.portable($1)
        },
        DotCommand("timeout", "MS|off", "stop any query that runs longer than MS milliseconds") { try $0.timeout($1) },
        DotCommand("nullvalue", "TEXT", "show nil as TEXT (not in json, which says null)") { try $0.nullValue($1) },
        DotCommand("limit", "[N|off]", "show at most N rows of a result (default 1000)") { try $0.limit($1) },
        DotCommand("read", "FILE", "run the queries and commands in FILE", completion: .fileNames) { try $0.read($1) },
        DotCommand("once", "FILE", "write the next output to FILE", completion: .fileNames) { try $0.once($1) },
        DotCommand("output", "[FILE]", "write all output to FILE (no FILE: back to the screen)", completion: .fileNames) {
            try $0.output($1)
        },
        DotCommand("history", "", "list the inputs entered so far") { try $0.showHistory($1) },
        DotCommand("quit", "", "leave sift (so does Control-D)") { session, _ in session.quit() },
        DotCommand("exit", "", "leave sift") { session, _ in session.quit() },
    ]
}
