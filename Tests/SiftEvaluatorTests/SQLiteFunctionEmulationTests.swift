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
