import Foundation

/// A `Double` as SQLite 3.40 writes a REAL into text and JSON (`printf("%!.15g")` in its
/// `printf.c`): 15 significant digits, trailing zeros dropped but one digit kept after the point
/// (`1.0`, `0.1`), the exponent form below 1e-4 and from 1e15 (`1.0e+20`, `1.0e-05`), no sign on
/// a negative zero; the digits computed in 80-bit arithmetic as SQLite computes them on x86.
enum SQLiteRealText {
    static func text(_ value: Double) -> String {
        if value.isNaN { return "NaN" }
        #if arch(x86_64) || arch(i386)
            return printed(value, precision: 15, alternateForm2: true)
        #else
            var text = String(format: "%.15g", value)
            if text == "-0" { text = "0" }
            let mantissaEnd = text.firstIndex(of: "e") ?? text.endIndex
            if !text[..<mantissaEnd].contains(".") { text.insert(contentsOf: ".0", at: mantissaEnd) }
            return text
        #endif
    }

    /// SQLite's `printf("%.16g")` of a `Double` (strftime's `%J`): 16 significant digits computed
    /// in 80-bit arithmetic as SQLite computes them on x86, trailing zeros and a bare point
    /// dropped, the exponent form below 1e-4 and from 1e16 (`1.157407407407407e-08`).
    static func general16(_ value: Double) -> String {
        #if arch(x86_64) || arch(i386)
            return printed(value, precision: 16, alternateForm2: false)
        #else
            return String(format: "%.16g", value)
        #endif
    }

    #if arch(x86_64) || arch(i386)
        /// SQLite's printf scaling of a positive `real` to one digit before the point, in steps
        /// of 1e100, 1e10 and 10 (and 1e-8, 10 upward) as its `printf.c` does; the decimal
        /// exponent, above 350 for an infinity.
        static func scaledToOneDigit(_ real: inout Float80) -> Int {
            var exp = 0
            var scale: Float80 = 1
            while real >= Float80(1e100) * scale, exp <= 350 {
                scale *= Float80(1e100)
                exp += 100
            }
            while real >= Float80(1e10) * scale, exp <= 350 {
                scale *= Float80(1e10)
                exp += 10
            }
            while real >= 10 * scale, exp <= 350 {
                scale *= 10
                exp += 1
            }
            real /= scale
            while real < Float80(1e-8) {
                real *= Float80(1e8)
                exp -= 8
            }
            while real < 1 {
                real *= 10
                exp -= 1
            }
            return exp
        }

        /// Half a unit of the `places`-th decimal place, as SQLite's printf computes its rounder:
        /// a `Double` of its table, times 1e-10 in 80-bit arithmetic for each further ten places.
        static func rounder(places: Int) -> Float80 {
            let halves: [Double] = [5.0e-01, 5.0e-02, 5.0e-03, 5.0e-04, 5.0e-05, 5.0e-06, 5.0e-07, 5.0e-08, 5.0e-09, 5.0e-10]
            var index = places & 0xfff
            var rounder = Float80(halves[index % 10])
            while index >= 10 {
                rounder *= Float80(1.0e-10)
                index -= 10
            }
            return rounder
        }

        /// SQLite's `%g` of a `Double` with `precision` significant digits; `alternateForm2` is
        /// its `!` flag (26 significant digits computed instead of 16, a `.0` kept).
        private static func printed(_ value: Double, precision significantDigits: Int, alternateForm2: Bool) -> String {
            var real = Float80(value)
            var out = ""
            if real < 0 {
                real = -real
                out = "-"
            }
            // `%g` keeps one digit fewer than its precision after the first.
            var precision = significantDigits - 1
            let rounder = rounder(places: precision)
            var exp = 0
            if real > 0 {
                exp = scaledToOneDigit(&real)
                if exp > 350 { return out + "Inf" }
            }
            real += rounder
            if real >= 10 {
                real *= Float80(0.1)
                exp += 1
            }
            let exponential = exp < -4 || exp > precision
            if !exponential { precision -= exp }
            var e2 = exponential ? 0 : exp
            var significant = alternateForm2 ? 26 : 16
            func digit() -> Character {
                guard significant > 0 else { return "0" }
                significant -= 1
                let d = Int(real)
                real = (real - Float80(d)) * 10
                return Character(Unicode.Scalar(UInt8(48 + d)))
            }
            if e2 < 0 {
                out.append("0")
            } else {
                while e2 >= 0 {
                    out.append(digit())
                    e2 -= 1
                }
            }
            let point = precision > 0 || alternateForm2
            if point { out.append(".") }
            e2 += 1
            while e2 < 0 {
                out.append("0")
                precision -= 1
                e2 += 1
            }
            while precision > 0 {
                out.append(digit())
                precision -= 1
            }
            if point {
                while out.last == "0" { out.removeLast() }
                if out.last == "." {
                    if alternateForm2 { out.append("0") } else { out.removeLast() }
                }
            }
            if exponential {
                out.append("e")
                if exp < 0 {
                    out.append("-")
                    exp = -exp
                } else {
                    out.append("+")
                }
                if exp >= 100 {
                    out.append(String(exp / 100))
                    exp %= 100
                }
                out.append(String(exp / 10))
                out.append(String(exp % 10))
            }
            return out
        }
    #endif
}
