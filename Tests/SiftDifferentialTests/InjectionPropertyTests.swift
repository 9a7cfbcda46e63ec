import Foundation
import Sift
import SiftSQLite
import SiftTestSupport
import Testing

/// Hostile strings, as string literals in the query text (escaped in each of Swift's literal
/// syntaxes) and as parameter values, never reach the SQL text: they are only ever bound.
///
/// For each string and query template:
/// (a) the SQL contains no fragment of the string longer than 2 characters that the SQL of the
///     same template with a harmless literal (ASCII or accented) does not also contain;
/// (b) the value is among the bound values (NFC-normalised, or inside a bound JSON array);
/// (c) SQLite and the in-memory evaluator select the same rows;
/// (d) the database is unchanged (read-only connection, no changes, same bytes, `users` intact).
@Suite("Injection: hostile strings are only ever bound")
struct InjectionPropertyTests {
    /// Query templates; `HOSTILE` is replaced by a string literal or by the parameter `searchString`.
    static let templates: [String] = [
        #"#Predicate<User> { $0.name == HOSTILE }"#,
        #"#Predicate<User> { $0.name.contains(HOSTILE) }"#,
        #"#Predicate<User> { $0.nickname != HOSTILE }"#,
        #"#Predicate<User> { $0.name.hasPrefix(HOSTILE) || $0.name.hasSuffix(HOSTILE) }"#,
        #"#Predicate<User> { $0.name.localizedStandardContains(HOSTILE) }"#,
        #"#Predicate<User> { ($0.nickname ?? HOSTILE) < $0.name }"#,
        #"#Predicate<User> { user in user.interests.contains { $0.title == HOSTILE || $0.category == HOSTILE } }"#,
        #"#Predicate<User> { $0.name.caseInsensitiveCompare(HOSTILE) == .orderedSame }"#,
        #"User where company?.name != HOSTILE && age > 20 sort by name limit 5"#,
        #"#Predicate<Reminder> { $0.notes.contains(HOSTILE) || $0.title.starts(with: HOSTILE) }"#,
        #"#Predicate<Tag> { [HOSTILE, "urgent"].contains($0.title) }"#,
        #"#Predicate<Company> { ($0.city ?? "") >= HOSTILE }"#,
    ]

    /// The fixed list: each classic trick once.
    static let fixed: [String] = [
        "'", "\"", "''", "'\"", "--", ";", "/* */", "*/", "/*", "'); DROP TABLE users; --", "\"); DROP TABLE \"users\"; --",
        "'; DELETE FROM users WHERE '1'='1", "' OR '1'='1", "1; ATTACH DATABASE '/tmp/x' AS x; --", "'; PRAGMA writable_schema = ON; --",
        "\0", "kim\0", "\0'; DROP TABLE users; --", "a\u{0}b", "?1", "?", ":name", "@x", "$0", "?NNN", "\\", "\\'", "back\\slash", "\\\"",
        "%", "_", "50%", "snake_case", "%_%", "\\%", "😀", "👨‍👩‍👧", "🇰🇷", "\u{202E}kim", "\u{200F}", "\u{200E}a\u{200F}", "\u{2066}x\u{2069}",
        "\u{FEFF}", "\u{200B}", "SELECT", "select * from users", "UNION ALL SELECT id FROM users", "NULL", "null", "TRUE",
        "\"users\"", "sift_nfc(", "char(39)", "X'00'", "\n", "\r\n", "\t", "Jose\u{301}", "김민준", "O'Brien", "", " ",
        "\\u{D800}", "\\(x)", "#\"", "\"#", "\"\"\"",
        String(repeating: "'); DROP TABLE users; -- ", count: 4_200),  // about 100 KB
    ]

    static let fragments: [String] = [
        "'", "\"", "--", ";", "/*", "*/", "'); DROP TABLE users; --", "\0", "\\", "%", "_", "😀", "👩‍💻", "\u{202E}", "\u{200F}", "\u{200B}",
        "SELECT", "DROP", "TABLE", "users", "OR 1=1", "UNION", "?", "?1", ":a", "@a", "$0", "\n", "\r", "\t", "é", "e\u{301}", "김",
        "ß", "İ", "kim", "KIM", " ", "x", "(", ")", ",", "\u{10FFFF}", "\u{7F}", "\u{1}", "\u{85}", "\u{2028}", "#", "\\u{41}", "`", "[", "]",
    ]

    /// `count` hostile strings from the seed: a few fragments glued together.
    static func generated(seed: UInt64, count: Int) -> [String] {
        var random = SplitMix64(seed: seed)
        return (0..<count).map { _ in
            (0..<random.int(in: 1...8)).map { _ in random.pick(fragments) }.joined()
        }
    }

    /// A Swift string literal for `value`, in one of three spellings: escaped, raw (`#"..."#`)
    /// when it can be, or every non-ASCII scalar as `\u{...}`.
    static func literal(_ value: String, style: Int) -> String {
        switch style {
        case 1 where !value.contains("\n") && !value.contains("\r") && !value.hasPrefix("\"")
            && !value.unicodeScalars.contains(where: { $0.value < 0x20 && $0 != "\t" }):
            // (`#"""#` would open a multi-line raw string, in Swift as here.)
            var hashes = "#"
            while value.contains("\"" + hashes) || value.contains("\\" + hashes) { hashes += "#" }
            return hashes + "\"" + value + "\"" + hashes
        case 2:
            var output = "\""
            for scalar in value.unicodeScalars {
                switch scalar {
                case "\\": output += "\\\\"
                case "\"": output += "\\\""
                default:
                    if scalar.value < 0x20 || scalar.value > 0x7E {
                        output += "\\u{" + String(scalar.value, radix: 16) + "}"
                    } else {
                        output.unicodeScalars.append(scalar)
                    }
                }
            }
            return output + "\""
        default:
            return GenNode.swiftLiteral(value)
        }
    }

    /// Fragments of `hostile` (in Unicode scalars, longer than 2) that are in `sql` but not in `baseline`.
    static func leaks(_ hostile: String, in sql: String, baseline: String) -> [String] {
        let scalars = Array(hostile.unicodeScalars)
        guard scalars.count > 2 else { return [] }
        let sqlScalars = Array(sql.unicodeScalars)
        var trigrams: Set<[UInt32]> = []
        if sqlScalars.count >= 3 {
            for index in 0...(sqlScalars.count - 3) { trigrams.insert(sqlScalars[index..<index + 3].map(\.value)) }
        }
        var found: [String] = []
        var index = 0
        while index + 3 <= scalars.count {
            if trigrams.contains(scalars[index..<index + 3].map(\.value)) {
                var end = index + 3
                func text(_ upper: Int) -> String {
                    var string = ""
                    string.unicodeScalars.append(contentsOf: scalars[index..<upper])
                    return string
                }
                while end < scalars.count, sql.contains(text(end + 1)) { end += 1 }
                let fragment = text(end)
                if sql.contains(fragment), !baseline.contains(fragment) { found.append(fragment) }
            }
            index += 1
        }
        return found
    }

    /// Whether `value` is one of the bound values (or an element of a bound JSON array).
    static func isBound(_ value: String, in bindings: [SQLValue]) -> Bool {
        let normalised = value.precomposedStringWithCanonicalMapping
        for binding in bindings {
            guard case .text(let text) = binding else { continue }
            if text == normalised || text == value || text == normalised + "\u{10FFFF}" { return true }
            if text.hasPrefix("["), let data = text.data(using: .utf8),
                let array = try? JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed]) as? [Any],
                array.contains(where: { ($0 as? String) == normalised })
            {
                return true
            }
        }
        return false
    }

    struct Outcome {
        var checked = 0
        var problems: [String] = []
        var known = 0
    }

    /// Checks one hostile string in one template, as a literal (in `style`) and as a parameter.
    static func check(_ hostile: String, template: String, style: Int, runner: DifferentialRunner, into outcome: inout Outcome) {
        let database = runner.database
        let ordered = template.contains(" sort by ")
        let parameters = ParameterSet(sql: ["searchString": .string(hostile)], evaluator: ["searchString": .string(hostile)])
        // Long values (the 100 KB string) are cut in reports, line by line.
        let describe = { (text: String) in
            text.split(separator: "\n", omittingEmptySubsequences: false)
                .map { $0.count > 400 ? String($0.prefix(400)) + "… (\($0.count) characters)" : String($0) }
                .joined(separator: "\n")
        }
        do {
            // The SQL's shape may depend on the literal (an accented one has two normal forms to
            // bind on a column holding both): a harmless ASCII and a harmless accented literal.
            let baselines = try ["\"b\"", "\"é\""].map {
                try database.compile(template.replacingOccurrences(of: "HOSTILE", with: $0), parameterTypes: ParameterSet.types).sql
            }
            // As a literal.
            let literalText = template.replacingOccurrences(of: "HOSTILE", with: literal(hostile, style: style))
            let compiled = try database.compile(literalText, parameterTypes: ParameterSet.types)
            let leaked = leaks(hostile, in: compiled.sql, baseline: baselines.joined(separator: "\n"))
            if !leaked.isEmpty { outcome.problems.append("(a) literal \(describe(literalText)): the SQL contains \(leaked)\n\(compiled.sql)") }
            let bindings = try compiled.bindings(for: [:], schema: database.schema)
            if !isBound(hostile, in: bindings) {
                outcome.problems.append("(b) literal \(describe(literalText)): the value is not among the bindings \(bindings.map { describe($0.description) })")
            }
            let known = KnownFailures.injectionEntry(template: template, value: hostile)
            if case .disagree(let disagreement) = runner.check(literalText, parameters: parameters, useFacts: false, ordered: ordered) {
                if known != nil {
                    outcome.known += 1
                } else {
                    outcome.problems.append("(c) literal: rows differ\n" + describe(disagreement.report()))
                }
            } else if let known {
                outcome.problems.append("fixed: \(literalText) now agrees; remove it from KnownFailures.injection (\(known.bug))")
            }
            // As a parameter value.
            let parameterText = template.replacingOccurrences(of: "HOSTILE", with: "searchString")
            let parameterized = try database.compile(parameterText, parameterTypes: ParameterSet.types)
            // (a) holds by construction for parameters: the SQL is written before any value is known,
            // so the only check is that it does not depend on one (it is the same for every value).
            if parameterized.sql != (try database.compile(parameterText, parameterTypes: ParameterSet.types)).sql {
                outcome.problems.append("(a) parameter in \(parameterText): the SQL is not deterministic")
            }
            let parameterBindings = try parameterized.bindings(for: parameters.sql, schema: database.schema)
            if !isBound(hostile, in: parameterBindings) {
                outcome.problems.append("(b) parameter \(describe(hostile.debugDescription)) in \(parameterText): not among the bindings")
            }
            if case .disagree(let disagreement) = runner.check(parameterText, parameters: parameters, useFacts: true, ordered: ordered) {
                if known != nil {
                    outcome.known += 1
                } else {
                    outcome.problems.append("(c) parameter \(describe(hostile.debugDescription)): rows differ\n" + describe(disagreement.report()))
                }
            }
            outcome.checked += 2
        } catch {
            outcome.problems.append("\(describe(hostile.debugDescription)) in \(template) (style \(style)) does not compile or run: \(describe(String(describing: error)))")
        }
    }

    static func fileDigest(_ path: String) throws -> [UInt8] {
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325  // FNV-1a
        for byte in data {
            hash ^= UInt64(byte)
            hash = hash &* 0x100_0000_01B3
        }
        return withUnsafeBytes(of: hash.bigEndian) { Array($0) } + withUnsafeBytes(of: UInt64(data.count).bigEndian) { Array($0) }
    }

    /// (d): nothing changed the database.
    static func expectUnchanged(_ world: ExampleWorld, _ runner: DifferentialRunner, digest: [UInt8]) throws {
        #expect(runner.database.connection.isReadOnly)
        #expect(runner.database.connection.totalChanges == 0)
        let check = try Connection(path: world.path)
        let users = try check.prepare("SELECT count(*) FROM users").rows()
        #expect(users.first?.first?.integerValue == Int64(ExampleWorld.userCount))
        let tables = try check.prepare("SELECT count(*) FROM sqlite_master WHERE type = 'table'").rows()
        #expect(tables.first?.first?.integerValue == 16)  // 11 tables, an FTS5 index and its 4 shadow tables
        #expect(try fileDigest(world.path) == digest, "the database file changed")
    }

    @Test("the fixed hostile strings, in every template, as literals and as parameters")
    func fixedHostileStrings() throws {
        let world = try ExampleWorld.shared()
        let digest = try Self.fileDigest(world.path)
        let runner = try DifferentialRunner(world: world)
        var outcome = Outcome()
        for (index, hostile) in Self.fixed.enumerated() {
            let isHuge = hostile.utf8.count > 10_000
            for (templateIndex, template) in Self.templates.enumerated() {
                // The 100 KB string: the cheap templates only (it is a needle for every row).
                if isHuge, templateIndex > 3 { continue }
                Self.check(hostile, template: template, style: (index + templateIndex) % 3, runner: runner, into: &outcome)
            }
        }
        for problem in outcome.problems { Issue.record(Comment(rawValue: problem)) }
        #expect(outcome.checked > 1_000)
        try Self.expectUnchanged(world, runner, digest: digest)
        print("injection: \(Self.fixed.count) fixed hostile strings, \(outcome.checked) queries, \(outcome.problems.count) problems, \(outcome.known) known failures skipped")
    }

    @Test("several hundred generated hostile strings, as literals and as parameters")
    func generatedHostileStrings() throws {
        let world = try ExampleWorld.shared()
        let digest = try Self.fileDigest(world.path)
        let runner = try DifferentialRunner(world: world)
        let seed = ProcessInfo.processInfo.environment["SIFT_INJECTION_SEED"].flatMap { UInt64($0) } ?? 1
        let strings = Self.generated(seed: seed, count: 400)
        var random = SplitMix64(seed: seed &+ 17)
        var outcome = Outcome()
        for hostile in strings {
            for _ in 0..<3 {
                Self.check(hostile, template: random.pick(Self.templates), style: random.below(3), runner: runner, into: &outcome)
            }
        }
        for problem in outcome.problems { Issue.record(Comment(rawValue: problem)) }
        try Self.expectUnchanged(world, runner, digest: digest)
        print("injection: \(strings.count) generated hostile strings (seed \(seed)), \(outcome.checked) queries, \(outcome.problems.count) problems, \(outcome.known) known failures skipped")
    }

    @Test(
        "invalid Unicode escapes are compile-time errors with a diagnostic",
        arguments: [#"\u{D800}"#, #"\u{DFFF}"#, #"\u{DBFF}\u{DC00}"#, #"\u{110000}"#, #"\u{}"#, #"\u{123456789}"#, #"\u{D800"#, #"\u"#, #"\q"#])
    func invalidEscapes(escape: String) throws {
        let runner = try DifferentialRunner(world: try ExampleWorld.shared())
        for template in [#"#Predicate<User> { $0.name == "aESCAPEb" }"#, #"User where name.contains("ESCAPE") || nickname == "'ESCAPE--""#] {
            let text = template.replacingOccurrences(of: "ESCAPE", with: escape)
            do {
                let compiled = try runner.database.compile(text)
                Issue.record("'\(text)' compiled to \(compiled.sql)")
            } catch let error as CompileError {
                #expect(error.diagnostics.contains { $0.severity == .error }, "no error diagnostic for \(text)")
                #expect(!error.description.isEmpty)
            }
        }
    }
}
