// swift-tools-version: 6.0
import PackageDescription

/// Sift: a compiler from Swift-style predicate text to SQL with bound parameters.
///
/// The compiler core (`SiftSyntax` → `SiftSchema` → `SiftChecker` → `SiftSQL`, plus the
/// independent `SiftEvaluator`) has no C dependency and can be embedded anywhere. SQLite lives in
/// `SiftSQLite`, the read–eval loop in `SiftREPL`, and libedit in `SiftLineEditor`.
let strict: [SwiftSetting] = [.enableUpcomingFeature("ExistentialAny")]

let package = Package(
    name: "Sift",
    products: [
        .library(name: "Sift", targets: ["Sift"]),
        .library(name: "SiftSQLite", targets: ["SiftSQLite"]),
        .library(name: "SiftPostgres", targets: ["SiftPostgres"]),
        .executable(name: "sift", targets: ["SiftCommand"]),
        // The SQLite loadable extension with Sift's SQL functions (`make release` links it as libsift.so).
        .library(name: "SiftExtension", type: .dynamic, targets: ["SiftExtension"]),
        .executable(name: "sift-bench", targets: ["SiftBench"]),
        .executable(name: "sift-example", targets: ["SiftExample"]),
        // libFuzzer targets (`make fuzz`); a normal build gives a replay tool: `sift-fuzz-compiler FILE...`.
        .executable(name: "sift-fuzz-compiler", targets: ["SiftFuzzCompiler"]),
        .executable(name: "sift-fuzz-model-file", targets: ["SiftFuzzModelFile"]),
    ],
    targets: [
        // MARK: C libraries (Debian packages, through system-library targets)
        .systemLibrary(
            name: "CSQLite", path: "Sources/CSQLite", pkgConfig: "sqlite3",
            providers: [.apt(["libsqlite3-dev"])]),
        .systemLibrary(
            name: "CEditLine", path: "Sources/CEditLine", pkgConfig: "libedit",
            providers: [.apt(["libedit-dev"])]),
        .systemLibrary(
            name: "CLibPQ", path: "Sources/CLibPQ", pkgConfig: "libpq",
            providers: [.apt(["libpq-dev"])]),

        // The loadable extension's entry point and its SQLite calls, through the routines table the
        // host passes in: it includes <sqlite3ext.h> but does not link libsqlite3.
        .target(name: "CSiftExtension"),

        // MARK: The compiler core, one module per phase, no C dependency
        // Below the phases: deep recursion run on a thread with a large stack (libc only).
        .target(name: "SiftLargeStack", swiftSettings: strict),
        .target(name: "SiftSyntax", dependencies: ["SiftLargeStack"], swiftSettings: strict),
        .target(name: "SiftSchema", dependencies: ["SiftSyntax"], swiftSettings: strict),
        .target(name: "SiftChecker", dependencies: ["SiftLargeStack", "SiftSyntax", "SiftSchema"], swiftSettings: strict),
        .target(
            name: "SiftSQL", dependencies: ["SiftLargeStack", "SiftSyntax", "SiftSchema", "SiftChecker"],
            swiftSettings: strict),
        .target(
            name: "SiftEvaluator", dependencies: ["SiftLargeStack", "SiftSyntax", "SiftSchema", "SiftChecker"],
            swiftSettings: strict),
        .target(
            name: "Sift",
            dependencies: ["SiftSyntax", "SiftSchema", "SiftChecker", "SiftSQL", "SiftEvaluator"],
            swiftSettings: strict),

        // MARK: Runtimes and front doors
        .target(name: "SiftSQLite", dependencies: ["Sift", "CSQLite"], swiftSettings: strict),
        // PostgreSQL's runtime over libpq: connection, statements, decoding, introspection.
        .target(name: "SiftPostgres", dependencies: ["Sift", "SiftSQLite", "CLibPQ"], swiftSettings: strict),
        .target(name: "SiftREPL", dependencies: ["Sift", "SiftSQLite", "SiftPostgres"], swiftSettings: strict),
        .target(name: "SiftLineEditor", dependencies: ["CEditLine", "SiftREPL"], swiftSettings: strict),
        .executableTarget(
            name: "SiftCommand",
            dependencies: ["Sift", "SiftSQLite", "SiftPostgres", "SiftREPL", "SiftLineEditor"],
            swiftSettings: strict),
        // Sift's SQL functions for any SQLite host. A release build carries the Swift runtime inside
        // (static stdlib, so it loads where Swift is not installed); the shared object exports only
        // `sqlite3_sift_init` (its Swift runtime stays private even in a host that has another one) and
        // is never unloaded (the runtime's thread-exit hooks must not outlive its code).
        .target(
            name: "SiftExtension", dependencies: ["SiftSQL", "CSiftExtension"], exclude: ["exports.map"], swiftSettings: strict,
            linkerSettings: [
                .unsafeFlags(["-static-stdlib"], .when(configuration: .release)),
                .unsafeFlags([
                    "-Xlinker", "--version-script=\(Context.packageDirectory)/Sources/SiftExtension/exports.map",
                    "-Xlinker", "-z", "-Xlinker", "nodelete",
                ]),
            ]),
        .executableTarget(
            name: "SiftBench", dependencies: ["Sift", "SiftSQLite", "SiftPostgres", "SiftEvaluator", "CSQLite", "CLibPQ", "SiftTestSupport"], swiftSettings: strict),

        .executableTarget(
            name: "SiftExample", dependencies: ["Sift", "SiftSQLite"], path: "Examples/Library", swiftSettings: strict),

        // MARK: Fuzzing (libFuzzer entry points; `make fuzz` builds them with -DSIFT_LIBFUZZER and the sanitizers)
        .executableTarget(
            name: "SiftFuzzCompiler", dependencies: ["Sift"],
            swiftSettings: strict + [.unsafeFlags(["-parse-as-library"])]),
        .executableTarget(
            name: "SiftFuzzModelFile", dependencies: ["Sift"],
            swiftSettings: strict + [.unsafeFlags(["-parse-as-library"])]),

        // MARK: Tests
        .testTarget(name: "SiftSyntaxTests", dependencies: ["SiftLargeStack", "SiftSyntax", "SiftTestSupport"], swiftSettings: strict),
        .testTarget(
            name: "SiftSchemaTests", dependencies: ["SiftSchema", "Sift", "SiftSQLite", "SiftTestSupport"], swiftSettings: strict),
        .testTarget(
            name: "SiftCheckerTests", dependencies: ["SiftChecker", "Sift", "SiftSQLite", "SiftTestSupport"], exclude: ["Golden"],
            swiftSettings: strict),
        .testTarget(
            name: "SiftSQLTests", dependencies: ["SiftSyntax", "SiftChecker", "SiftSQL", "Sift", "SiftSQLite", "SiftTestSupport"],
            swiftSettings: strict),
        // Shared by the test targets: a seeded generator, temporary files, the example schemas and
        // golden-file paths (`Fixtures`), a dialect of its own for the renderer (`BracketDialect`), and a
        // private PostgreSQL server started on first use (`PostgresServer`, also the benchmark's server).
        .target(name: "SiftTestSupport", dependencies: ["Sift", "SiftSQL", "SiftSQLite", "CSQLite", "CLibPQ"], path: "Tests/SiftTestSupport", swiftSettings: strict),
        .testTarget(
            name: "SiftPostgresTests", dependencies: ["Sift", "SiftSQLite", "SiftPostgres", "SiftREPL", "SiftTestSupport"], exclude: ["Golden"],
            swiftSettings: strict),
        .testTarget(name: "SiftSQLiteTests", dependencies: ["Sift", "SiftSQLite", "CSQLite", "SiftTestSupport"], swiftSettings: strict),
        .testTarget(name: "SiftCommandTests", dependencies: ["Sift", "SiftTestSupport"], swiftSettings: strict),
        .testTarget(
            name: "SiftREPLTests", dependencies: ["SiftREPL", "Sift", "SiftSQLite", "SiftTestSupport"], exclude: ["Transcripts", "Fixture", "PseudoTerminal"],
            swiftSettings: strict),
        .testTarget(name: "SiftEvaluatorTests", dependencies: ["Sift", "SiftSQLite", "SiftTestSupport"], swiftSettings: strict),
        .testTarget(
            name: "SiftExtensionTests", dependencies: ["Sift", "SiftSQLite", "SiftTestSupport"], swiftSettings: strict),
        .testTarget(name: "SiftDifferentialTests", dependencies: ["Sift", "SiftSQLite", "CSQLite", "SiftTestSupport"], swiftSettings: strict),
        .testTarget(
            name: "SiftRobustnessTests", dependencies: ["Sift", "SiftSQLite", "SiftFuzzCompiler", "SiftFuzzModelFile", "SiftTestSupport"],
            swiftSettings: strict),
    ],
    swiftLanguageModes: [.v6]
)
