import Foundation
import SiftChecker
import SiftSQL
import SiftSQLite
import SiftTestSupport
import Testing

@testable import SiftEvaluator

/// The in-memory evaluator's copies of SQLite's scalar functions (`round`, `substr`, `instr`,
/// `replace`) against SQLite itself, over generated inputs: halves and near-halves, large and
/// tiny numbers, every digit count and beyond; starts and counts negative, zero, past the end and
/// past 32 bits; multi-byte characters, empty needles, repeated patterns.
@Suite struct SQLiteFunctionEmulationTests {
    static func number(_ random: inout SplitMix64) -> Double {
        switch random.below(6) {
        case 0: return Double(random.int(in: -2000...2000)) / 8 + 0.005 * Double(random.int(in: -3...3))
        case 1: return Double(random.int(in: -100_000...100_000)) / 1000
        case 2: return Double(bitPattern: random.next() & 0x3FFF_FFFF_FFFF_FFFF | (random.chance(1, in: 2) ? 1 << 63 : 0))
        case 3: return Double(random.int(in: -9_999_999...9_999_999)) * pow(10, Double(random.int(in: -25...20)))
        case 4: return random.pick([2.675, 0.125, -0.5, 0.49999999999999994, 4503599627370497, 1e300, -1e-300, 0, 1.005, 8.345])
        default: return Double(random.int(in: -1_000_000...1_000_000)) / Double(random.pick([3, 7, 9, 11, 100, 1024]))
        }
    }

    @Test func roundGivesSQLitesAnswer() throws {
        let connection = try Connection.inMemory()
        let statement = try connection.prepare("SELECT round(?1, ?2)")
        var random = SplitMix64(seed: 0x0034_0001)
        var failures: [String] = []
        for _ in 0..<30_000 {
            let x = Self.number(&random)
            let digits = random.int(in: -2...33)
            guard x.isFinite else { continue }
            guard case .real(let expected) = try statement.rows(bindings: [.real(x), .integer(Int64(digits))]).first?.first else {
                failures.append("round(\(x), \(digits)): SQLite gave no REAL")
                continue
            }
            let mine = SQLiteRounding.round(x, digits: min(max(digits, 0), 30))
            if mine.bitPattern != expected.bitPattern, !(mine == 0 && expected == 0) {
                failures.append("round(\(x), \(digits)): SQLite \(expected), evaluator \(mine)")
            }
        }
        #expect(failures.isEmpty, "\(failures.count) differ: \(failures.prefix(5).joined(separator: "; "))")
    }

    static let texts = ["", "a", "Gym", "héllo wörld", "한국어 텍스트", "aaaa", "abcabcabc", "😀x😀", "  pad  ", "x\u{301}y"]

    @Test func textFunctionsGiveSQLitesAnswer() throws {
        let connection = try Connection.inMemory()
        let substr2 = try connection.prepare("SELECT substr(?1, ?2)")
        let substr3 = try connection.prepare("SELECT substr(?1, ?2, ?3)")
        let instr = try connection.prepare("SELECT instr(?1, ?2)")
        let replace = try connection.prepare("SELECT replace(?1, ?2, ?3)")
        var random = SplitMix64(seed: 0x0034_0002)
        var failures: [String] = []
        func integer() -> Int64 {
            random.chance(1, in: 8) ? Int64(random.pick([4_294_967_297, -4_294_967_295, Int(Int32.max), Int(Int32.min)])) : Int64(random.int(in: -14...14))
        }
        for _ in 0..<5000 {
            let text = random.pick(Self.texts)
            let start = integer()
            let count = integer()
            if case .text(let expected)? = try substr3.rows(bindings: [.text(text), .integer(start), .integer(count)]).first?.first {
                if Array(SQLiteText.substr(text, start: start, count: count).utf8) != Array(expected.utf8) {
                    failures.append("substr(\(text.debugDescription), \(start), \(count)): SQLite \(expected.debugDescription)")
                }
            } else {
                failures.append("substr(\(text.debugDescription), \(start), \(count)): SQLite gave no TEXT")
            }
            if case .text(let expected)? = try substr2.rows(bindings: [.text(text), .integer(start)]).first?.first {
                if Array(SQLiteText.substr(text, start: start, count: nil).utf8) != Array(expected.utf8) {
                    failures.append("substr(\(text.debugDescription), \(start)): SQLite \(expected.debugDescription)")
                }
            } else {
                failures.append("substr(\(text.debugDescription), \(start)): SQLite gave no TEXT")
            }
            let other = random.pick(Self.texts + ["a", "b", "c", "ö", "😀", "bc", "aa"])
            if case .integer(let expected)? = try instr.rows(bindings: [.text(text), .text(other)]).first?.first {
                if SQLiteText.instr(Array(text.utf8), Array(other.utf8)) != expected {
                    failures.append("instr(\(text.debugDescription), \(other.debugDescription)): SQLite \(expected)")
                }
            } else {
                failures.append("instr(\(text.debugDescription), \(other.debugDescription)): SQLite gave no INTEGER")
            }
            let replacement = random.pick(["", "-", "xyz", "é"])
            if case .text(let expected)? = try replace.rows(bindings: [.text(text), .text(other), .text(replacement)]).first?.first {
                if Array(SQLiteText.replace(text, other, with: replacement).utf8) != Array(expected.utf8) {
                    failures.append("replace(\(text.debugDescription), \(other.debugDescription), \(replacement.debugDescription)): SQLite \(expected.debugDescription)")
                }
            } else {
                failures.append("replace(\(text.debugDescription), \(other.debugDescription), \(replacement.debugDescription)): SQLite gave no TEXT")
            }
        }
        #expect(failures.isEmpty, "\(failures.count) differ: \(failures.prefix(5).joined(separator: "; "))")
    }

    @Test func bitwiseOperatorsGiveSQLitesAnswer() throws {
        let connection = try Connection.inMemory()
        var random = SplitMix64(seed: 0x0034_0003)
        var failures: [String] = []
        func integer() -> Int64 {
            switch random.below(4) {
            case 0: Int64(random.int(in: -70...70))
            case 1: random.pick([Int64.min, Int64.max, -1, 0, 1, 63, 64, -64, 65])
            default: Int64(bitPattern: random.next())
            }
        }
        for op in SQLBitwiseOperator.allCases {
            let statement = try connection.prepare("SELECT ?1 \(op.rawValue) ?2")
            for _ in 0..<2000 {
                let (a, b) = (integer(), integer())
                guard case .integer(let expected)? = try statement.rows(bindings: [.integer(a), .integer(b)]).first?.first else {
                    failures.append("\(a) \(op.rawValue) \(b): SQLite gave no INTEGER")
                    continue
                }
                let mine = SQLiteBits.apply(op, a, b)
                if mine != expected { failures.append("\(a) \(op.rawValue) \(b): SQLite \(expected), evaluator \(mine)") }
            }
        }
        #expect(failures.isEmpty, "\(failures.count) differ: \(failures.prefix(5).joined(separator: "; "))")
    }

    @Test func dateFormatsGiveSQLitesAnswer() throws {
        let connection = try Connection.inMemory()
        let statement = try connection.prepare("SELECT strftime(?1, ?2 / 1000.0, 'unixepoch')")
        var random = SplitMix64(seed: 0x0034_0004)
        var failures: [String] = []
        let format = "%Y-%m-%d %H:%M:%S %f %w %W %j %s %%"
        for _ in 0..<5000 {
            // SQLite's range (4713 BC, a year before 1 written `-044`, to 9999-12-31), and the days
            // around New Year and leap days.
            let milliseconds = random.chance(1, in: 2)
                ? Int64(random.int(in: -210_866_760_000_000...253_402_300_799_000))
                : Int64(random.int(in: -3...3)) * 86_400_000 + Int64(random.pick([951_782_400_000, 1_704_067_199_999, -2_203_891_200_000, 0]))
            guard case .text(let expected)? = try statement.rows(bindings: [.text(format), .integer(milliseconds)]).first?.first else {
                failures.append("\(milliseconds): SQLite gave no TEXT")
                continue
            }
            let mine = SQLiteTime(milliseconds: milliseconds).format(format)
            if mine != expected { failures.append("\(milliseconds): SQLite \(expected), evaluator \(mine ?? "NULL")") }
        }
        #expect(SQLiteTime(milliseconds: 0).format("%Q") == nil)
        #expect(SQLiteTime(milliseconds: 0).format("100%") == nil)
        #expect(failures.isEmpty, "\(failures.count) differ: \(failures.prefix(5).joined(separator: "; "))")
    }
}

/// The evaluator's date modifiers (StructuredQueries' `$0.dueDate(.days(1))`) and JSON functions
/// (`json`, `json_array_length`) against SQLite itself, over generated inputs.
@Suite struct SQLiteDateModifierAndJSONEmulationTests {
    /// A modifier as the checker writes StructuredQueries' (`'1 days'`, `'-1.500 seconds'`, `'weekday 0'`).
    static func modifier(_ random: inout SplitMix64) -> String {
        switch random.below(10) {
        case 0: return "\(random.pick([random.int(in: -400...400), 5_373_484, -5_373_484, 5_373_485, 3_000_000])) days"
        case 1: return "\(random.int(in: -100_000...100_000)) \(random.pick(["hours", "minutes"]))"
        case 2: return "\(random.pick([1.5, -0.0005, 0.0005, 59.9995, -1.5, 86400.0, 1e-05, 0.1, 4.6427e14, -2.25])) seconds"
        case 3:
            let count = random.int(in: -100_000...100_000)
            let fraction = String(String(count.magnitude % 1000 + 1000).dropFirst())
            return "\(count < 0 ? "-" : "")\(count.magnitude / 1000).\(fraction) seconds"
        case 4: return "\(random.pick([random.int(in: -30...30), 176_545, -176_545, 176_546, 120_000])) months"
        case 5: return "\(random.pick([random.int(in: -20...20), 14_712, 9_999, -9_999, 14_713])) years"
        case 6, 7: return random.pick(["start of day", "start of month", "start of year"])
        default: return "weekday \(random.int(in: 0...6))"
        }
    }

    @Test func dateModifiersGiveSQLitesAnswer() throws {
        let connection = try Connection.inMemory()
        // The date as a column holds it (ISO-8601 text), moved as Sift writes it: strftime to the millisecond.
        let statements = try (1...3).map { count in
            try connection.prepare(
                "SELECT strftime('%Y-%m-%d %H:%M:%f', strftime('%Y-%m-%d %H:%M:%f', ?1 / 1000.0, 'unixepoch')"
                    + (2...(count + 1)).map { ", ?\($0)" }.joined() + ")")
        }
        var random = SplitMix64(seed: 0x0034_0010)
        var failures: [String] = []
        var compared = 0
        for _ in 0..<20_000 {
            let milliseconds =
                random.chance(1, in: 2)
                ? Int64(random.int(in: -62_167_219_200_000...253_402_300_799_999))
                : Int64(random.int(in: -3...3)) * 86_400_000 + Int64(random.int(in: -1000...1000))
                    + Int64(random.pick([951_782_400_000, 1_798_675_200_000, 1_706_659_200_000, 0, -62_167_219_200_000, 253_402_214_400_000]))
            guard milliseconds >= -62_167_219_200_000, milliseconds <= 253_402_300_799_999 else { continue }
            let modifiers = (0..<random.int(in: 1...3)).map { _ in Self.modifier(&random) }
            let row = try statements[modifiers.count - 1].rows(bindings: [.integer(milliseconds)] + modifiers.map { .text($0) }).first?.first
            var time: SQLiteTime? = SQLiteTime(milliseconds: milliseconds)
            for modifier in modifiers { time = try time?.applying(modifier: modifier) }
            let mine: String?
            do {
                if let time, case .date(let date) = try time.storedValue(storage: .dateISO8601) {
                    mine = SQLiteTime(milliseconds: Int64((date.timeIntervalSince1970 * 1000).rounded())).format("%Y-%m-%d %H:%M:%f")
                } else {
                    mine = nil
                }
            } catch EvaluationError.needsDatabase {
                continue  // before the year 0000: left to SQLite
            }
            let expected: String? = if case .text(let text)? = row { text } else { nil }
            compared += 1
            if mine != expected { failures.append("\(milliseconds) \(modifiers): SQLite \(expected ?? "NULL"), evaluator \(mine ?? "NULL")") }
        }
        #expect(compared > 15_000)
        #expect(failures.isEmpty, "\(failures.count) differ: \(failures.prefix(5).joined(separator: "; "))")
    }

    /// Whole seconds since 1970, as `unixepoch(date, 'unixepoch', ...)` gives them.
    @Test func unixTimeModifiersGiveSQLitesAnswer() throws {
        let connection = try Connection.inMemory()
        let statement = try connection.prepare("SELECT unixepoch(?1, 'unixepoch', ?2, ?3)")
        var random = SplitMix64(seed: 0x0034_0011)
        var failures: [String] = []
        for _ in 0..<5_000 {
            let seconds = Double(random.int(in: -62_167_219_200...253_402_300_799)) + Double(random.int(in: 0...999)) / 1000
            let modifiers = [Self.modifier(&random), Self.modifier(&random)]
            let row = try statement.rows(bindings: [.real(seconds)] + modifiers.map { .text($0) }).first?.first
            let value = try ExpressionEvaluator.unixTimeModified(seconds: seconds, modifiers: modifiers)
            let mine: Int64? = if case .date(let date) = value { Int64(date.timeIntervalSince1970) } else { nil }
            let expected: Int64? = if case .integer(let integer)? = row { integer } else { nil }
            if mine != expected { failures.append("\(seconds) \(modifiers): SQLite \(expected.map(String.init) ?? "NULL"), evaluator \(mine.map(String.init) ?? "NULL")") }
        }
        #expect(failures.isEmpty, "\(failures.count) differ: \(failures.prefix(5).joined(separator: "; "))")
    }

    /// JSON texts, valid and broken: what `json(x)` writes and `json_array_length(x)` counts, or
    /// SQLite's "malformed JSON".
    static func jsonValue(_ random: inout SplitMix64, depth: Int) -> String {
        let blank = { (random: inout SplitMix64) in random.pick(["", "", " ", "\n", "\t", " \r\n "]) }
        switch random.below(depth > 3 ? 4 : 7) {
        case 0: return random.pick(["0", "-0", "12", "-3.25", "1e5", "2E-3", "1.5e+10", "123456789012345678901234567890", "0.0"])
        case 1: return random.pick(["true", "false", "null"])
        case 2, 3:
            return "\"" + random.pick(["", "a", "milk", "say \\\"hi\\\"", "back\\\\slash", "tab\\tstop", "\\u00e9", "\\uD83D\\uDE00", "우유", "é", "\\/", "\\b\\f\\n\\r"]) + "\""
        case 4, 5:
            let count = random.int(in: 0...4)
            return "[" + (0..<count).map { _ in blank(&random) + jsonValue(&random, depth: depth + 1) + blank(&random) }.joined(separator: ",") + "]"
        default:
            let count = random.int(in: 0...3)
            return "{" + (0..<count).map { index in blank(&random) + "\"k\(index)\"" + blank(&random) + ":" + blank(&random) + jsonValue(&random, depth: depth + 1) }.joined(separator: ",") + "}"
        }
    }

    /// What the evaluator leaves to SQLite instead of trapping: JSON nested deeper than its
    /// scanner reads, and a chain of moves past 64-bit milliseconds.
    @Test func deepJSONAndOverflowingMovesAreLeftToSQLite() throws {
        let deep = String(repeating: "[", count: SQLiteJSON.maximumDepth + 50) + String(repeating: "]", count: SQLiteJSON.maximumDepth + 50)
        guard case .tooDeep = SQLiteJSON.read(deep) else {
            Issue.record("JSON \(SQLiteJSON.maximumDepth + 50) levels deep was read")
            return
        }
        let shallow = String(repeating: "[", count: SQLiteJSON.maximumDepth) + String(repeating: "]", count: SQLiteJSON.maximumDepth)
        #expect(SQLiteJSON(shallow)?.arrayLength == 1)
        // Past SQLite's last day: NULL, as `unixepoch(0, 'unixepoch', '5373484 days', ...)` is.
        #expect(try ExpressionEvaluator.unixTimeModified(seconds: 0, modifiers: Array(repeating: "5373484 days", count: 30)) == .null)
        // Past 64-bit milliseconds (about 20,000 such moves): not computed.
        #expect(throws: EvaluationError.self) {
            try ExpressionEvaluator.unixTimeModified(seconds: 0, modifiers: Array(repeating: "5373484 days", count: 20_000))
        }
        // Out of SQLite's days and back in: SQLite answers (no field was read in between).
        let back = try ExpressionEvaluator.unixTimeModified(seconds: 0, modifiers: ["5373484 days", "5373484 days", "-5373484 days", "-5373484 days"])
        #expect(back == .date(Date(timeIntervalSince1970: 0)))
    }

    @Test func jsonFunctionsGiveSQLitesAnswer() throws {
        let connection = try Connection.inMemory()
        let statement = try connection.prepare("SELECT json(?1), json_array_length(?1)")
        var random = SplitMix64(seed: 0x0034_0012)
        var failures: [String] = []
        var malformed = 0
        for _ in 0..<20_000 {
            var text = Self.jsonValue(&random, depth: 0)
            if random.chance(1, in: 3), !text.isEmpty {
                // Broken: a character dropped, doubled or replaced (a comma, a quote, a control character, a letter).
                var scalars = Array(text.unicodeScalars)
                let index = random.below(scalars.count)
                switch random.below(3) {
                case 0: scalars.remove(at: index)
                case 1: scalars.insert(scalars[index], at: index)
                default: scalars[index] = random.pick([",", "\"", "\u{1}", "x", "]", "}", "0", " ", "\\"])
                }
                text = String(String.UnicodeScalarView(scalars))
            }
            let expected: (String, Int64)?
            do {
                guard let row = try statement.rows(bindings: [.text(text)]).first, case .text(let json) = row[0], case .integer(let length) = row[1] else {
                    failures.append("\(text): SQLite gave no text and integer")
                    continue
                }
                expected = (json, length)
            } catch {
                expected = nil
                malformed += 1
            }
            let mine = SQLiteJSON(text).map { ($0.minified, Int64($0.arrayLength)) }
            if mine?.0 != expected?.0 || mine?.1 != expected?.1 {
                failures.append("\(text): SQLite \(expected.map { "\($0.0) \($0.1)" } ?? "malformed"), evaluator \(mine.map { "\($0.0) \($0.1)" } ?? "malformed")")
            }
        }
        #expect(malformed > 1000)
        #expect(failures.isEmpty, "\(failures.count) differ: \(failures.prefix(5).joined(separator: "; "))")
    }
}
