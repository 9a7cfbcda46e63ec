import Foundation
import SiftChecker
import SiftSchema

/// SQLite's scalar functions as StructuredQueries calls them (``SQLScalarFunction``), computed on
/// the values the rows hold with SQLite's answer (its `func.c`, 3.40): NULL in, NULL out (`quote`
/// gives the text `NULL`, `hex` the empty text); texts as UTF-8, counted in characters where
/// SQLite counts characters and read up to the first NUL where SQLite reads them as C strings;
/// `lower`/`upper` fold ASCII letters only; integer arguments read as SQLite's 32-bit `int`.
extension ExpressionEvaluator {
    func sqlFunction(_ function: SQLScalarFunction, _ operands: [TypedExpr]) throws -> Value {
        let first = try evaluate(operands[0])
        var values = [Self.plain(first)]
        for operand in operands.dropFirst() { values.append(Self.plain(try evaluate(operand))) }
        switch function {
        case .likely, .unlikely:
            return first
        case .zeroblob:
            // `sqlite3_value_int64`: NULL is 0, a negative count none.
            guard case .int(let count) = values[0] else { return .data(Data()) }
            guard count <= 1_000_000 else { throw EvaluationError.needsDatabase("zeroblob of more than a million bytes") }
            return .data(Data(count: Int(max(0, count))))
        case .randomblob:
            throw EvaluationError.needsDatabase("randomblob")
        case .quote:
            guard case .string(let text) = values[0] else { return values[0] == .null ? .string("NULL") : .null }
            let quoted = String(text.unicodeScalars.prefix { $0 != "\0" }).replacingOccurrences(of: "'", with: "''")
            return .string("'" + quoted + "'")
        case .hex:
            guard case .data(let data) = values[0] else { return .string("") }
            return .string(data.map { String(format: "%02X", $0) }.joined())
        case .nullif:
            guard let x = SQLScalar(values[0]) else { return .null }
            guard let y = SQLScalar(values[1]) else { return first }
            let collation = explicitCollation(operands[0]) ?? explicitCollation(operands[1])
            return SQLScalar.compare(x, y, collation: collation) == 0 ? .null : first
        default:
            break
        }
        if values.contains(.null) { return .null }
        switch function {
        case .abs:
            switch values[0] {
            case .int(let x):
                guard x != .min else { throw EvaluationError.sqlFailure("integer overflow (abs of \(x), the smallest integer)") }
                return .int(Swift.abs(x))
            case .double(let x): return .double(Swift.abs(x))
            default: return values[0]
            }
        case .sign:
            switch values[0] {
            case .int(let x): return .int(x.signum())
            case .double(let x): return .int(x > 0 ? 1 : x < 0 ? -1 : 0)  // SQLite's `sign` of a REAL is an integer
            default: return values[0]
            }
        case .round:
            guard case .double(let x) = values[0] else { return values[0] }
            var digits = 0
            if values.count > 1, case .int(let n) = values[1] { digits = Int(Int32(truncatingIfNeeded: n)) }
            return .double(SQLiteRounding.round(x, digits: min(max(digits, 0), 30)))
        case .length:
            if case .data(let data) = values[0] { return .int(Int64(data.count)) }
            guard case .string(let text) = values[0] else { return .null }
            return .int(Int64(text.unicodeScalars.prefix { $0 != "\0" }.count))
        case .octetLength:
            guard case .string(let text) = values[0] else { return .null }
            return .int(Int64(text.utf8.count))
        case .unicode:
            guard case .string(let text) = values[0], let scalar = text.unicodeScalars.first, scalar != "\0" else { return .null }
            return .int(Int64(scalar.value))
        default:
            break
        }
        let texts = values.map { value -> String in if case .string(let text) = value { text } else { "" } }
        switch function {
        case .lower, .upper:
            var scalars = String.UnicodeScalarView()
            for scalar in texts[0].unicodeScalars {
                let value = scalar.value
                if function == .lower, (65...90).contains(value) {
                    scalars.append(Unicode.Scalar(value + 32)!)
                } else if function == .upper, (97...122).contains(value) {
                    scalars.append(Unicode.Scalar(value - 32)!)
                } else {
                    scalars.append(scalar)
                }
            }
            return .string(String(scalars))
        case .trim, .ltrim, .rtrim:
            let removed = Set((texts.count > 1 ? texts[1] : " ").unicodeScalars)
            var scalars = Substring(texts[0]).unicodeScalars
            if function != .rtrim { while let first = scalars.first, removed.contains(first) { scalars.removeFirst() } }
            if function != .ltrim { while let last = scalars.last, removed.contains(last) { scalars.removeLast() } }
            return .string(String(scalars))
        case .instr:
            return .int(SQLiteText.instr(Array(texts[0].utf8), Array(texts[1].utf8)))
        case .replace:
            return .string(SQLiteText.replace(texts[0], texts[1], with: texts[2]))
        case .substr:
            guard case .int(let start) = values[1] else { return .null }
            var count: Int64?
            if values.count > 2, case .int(let given) = values[2] { count = given }
            return .string(SQLiteText.substr(texts[0], start: start, count: count))
        default:
            throw EvaluationError.malformedTree("SQL function \(function.rawValue) of \(values)")
        }
    }

    /// A value without the optional around it.
    static func plain(_ value: Value) -> Value {
        if case .some(let inner) = value { return plain(inner) }
        return value
    }
}

/// SQLite's text functions over UTF-8 bytes.
enum SQLiteText {
    /// The character position (from 1) of the first `needle` in `haystack`, 0 when none; 1 for
    /// an empty needle.
    static func instr(_ haystack: [UInt8], _ needle: [UInt8]) -> Int64 {
        var position: Int64 = 1
        var start = 0
        while needle.count <= haystack.count - start {
            if haystack[start..<start + needle.count].elementsEqual(needle) { return position }
            position += 1
            start += 1
            while start < haystack.count, haystack[start] & 0xC0 == 0x80 { start += 1 }
        }
        return 0
    }

    /// Every `pattern` in `text` replaced, left to right; `text` itself for an empty pattern.
    static func replace(_ text: String, _ pattern: String, with replacement: String) -> String {
        let bytes = Array(text.utf8)
        let pattern = Array(pattern.utf8)
        guard !pattern.isEmpty else { return text }
        let replacement = Array(replacement.utf8)
        var result: [UInt8] = []
        var index = 0
        while index < bytes.count {
            if index + pattern.count <= bytes.count, bytes[index..<index + pattern.count].elementsEqual(pattern) {
                result += replacement
                index += pattern.count
            } else {
                result.append(bytes[index])
                index += 1
            }
        }
        return String(decoding: result, as: UTF8.self)
    }

    /// `substr(text, start, count)` as SQLite's `substrFunc` computes it, on the characters before
    /// the first NUL; `start` and `count` read as 32-bit integers.
    static func substr(_ text: String, start: Int64, count: Int64?) -> String {
        let characters = Array(text.unicodeScalars.prefix { $0 != "\0" })
        var p1 = Int64(Int32(truncatingIfNeeded: start))
        var p2: Int64
        var negativeCount = false
        if let count {
            p2 = Int64(Int32(truncatingIfNeeded: count))
            if p2 < 0 {
                p2 = -p2
                negativeCount = true
            }
        } else {
            p2 = 1_000_000_000  // SQLITE_LIMIT_LENGTH's default
        }
        if p1 < 0 {
            p1 += Int64(characters.count)
            if p1 < 0 {
                p2 += p1
                if p2 < 0 { p2 = 0 }
                p1 = 0
            }
        } else if p1 > 0 {
            p1 -= 1
        } else if p2 > 0 {
            p2 -= 1
        }
        if negativeCount {
            p1 -= p2
            if p1 < 0 {
                p2 += p1
                p1 = 0
            }
        }
        let from = Int(min(p1, Int64(characters.count)))
        let to = Int(min(Int64(from) + max(p2, 0), Int64(characters.count)))
        var scalars = String.UnicodeScalarView()
        scalars.append(contentsOf: characters[from..<to])
        return String(scalars)
    }
}

/// SQLite's `round(x, digits)` (3.40): halves away from zero; with digits, its own
/// `printf("%.*f")` (80-bit arithmetic, 16 significant digits, a rounder of half the last digit
/// and a little more) read back with `sqlite3AtoF`.
enum SQLiteRounding {
    static func round(_ r: Double, digits: Int) -> Double {
        if r < -4503599627370496.0 || r > 4503599627370496.0 { return r }
        if digits == 0 { return Double(Int64(r + (r < 0 ? -0.5 : 0.5))) }
        #if arch(x86_64) || arch(i386)
            return read(printed(r, precision: digits))
        #else
            return Double(String(format: "%.*f", digits, r)) ?? r
        #endif
    }

    #if arch(x86_64) || arch(i386)
        /// The digits `%.*f` writes: a sign, then the decimal digits with the point's place.
        private static func printed(_ value: Double, precision: Int) -> (negative: Bool, digits: [Int], fractionDigits: Int) {
            var real = Float80(value)
            let negative = real < 0
            if negative { real = -real }
            var rounder = SQLiteRealText.rounder(places: precision)
            let exponent = Int((value.bitPattern >> 52) & 0x7ff) - 1023
            if precision + exponent / 3 < 15 { rounder += real * Float80(3e-16) }
            real += rounder
            var exp = 0
            if real > 0 { exp = SQLiteRealText.scaledToOneDigit(&real) }
            var significant = 16
            func digit() -> Int {
                guard significant > 0 else { return 0 }
                significant -= 1
                let d = Int(real)
                real = (real - Float80(d)) * 10
                return d
            }
            var digits: [Int] = []
            var e2 = exp
            if e2 < 0 {
                digits.append(0)
            } else {
                while e2 >= 0 {
                    digits.append(digit())
                    e2 -= 1
                }
            }
            var remaining = precision
            e2 += 1
            while e2 < 0 {
                digits.append(0)
                remaining -= 1
                e2 += 1
            }
            while remaining > 0 {
                digits.append(digit())
                remaining -= 1
            }
            return (negative, digits, precision)
        }

        /// `sqlite3AtoF` of the digits: an integer of at most 18 digits over a power of ten, in
        /// 80-bit arithmetic, then rounded to a `Double`.
        private static func read(_ number: (negative: Bool, digits: [Int], fractionDigits: Int)) -> Double {
            var significand: UInt64 = 0
            var exponent = 0
            let integerDigits = number.digits.count - number.fractionDigits
            for (index, digit) in number.digits.enumerated() {
                if index < integerDigits {
                    if significand < (UInt64(Int64.max) - 9) / 10 {
                        significand = significand * 10 + UInt64(digit)
                    } else {
                        exponent += 1
                    }
                } else if significand < (UInt64(Int64.max) - 9) / 10 {
                    significand = significand * 10 + UInt64(digit)
                    exponent -= 1
                }
            }
            if exponent < 0 {
                while significand % 10 == 0, exponent < 0, significand != 0 {
                    significand /= 10
                    exponent += 1
                }
            }
            var e = Swift.abs(exponent)
            var scale: Float80 = 1
            while e % 22 != 0 {
                scale *= 10
                e -= 1
            }
            while e > 0 {
                scale *= Float80(1.0e22)
                e -= 22
            }
            let magnitude = exponent < 0 ? Float80(significand) / scale : Float80(significand) * scale
            let result = Double(magnitude)
            return number.negative ? -result : result
        }
    #endif
}
