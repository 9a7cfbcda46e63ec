import Foundation
import SiftSQLite

/// Moments for `strftime`'s `%J` (the Julian day in days, which SQLite prints with its own
/// `printf("%.16g")` in 80-bit arithmetic), as SQLite holds them: milliseconds of a Julian day
/// (its `iJD`), and the columns a table stores them in (seconds since 1970 and since 2001, ISO-8601
/// text, and the other texts SQLite reads as a date).
public struct JulianDayMoments {
    /// Milliseconds whose Julian day SQLite prints otherwise than a correctly rounded `%.16g`
    /// (its digits computed in 80-bit arithmetic end one unit off): `909560.2579248958` where
    /// the exact value rounds to `...959`. The last eight are Julian days below 2.
    public static let unevenlyPrinted: [Int64] = [
        311_962_841_403_174, 85_452_635_057_605, 326_240_177_436_302, 72_617_075_571_155, 17_822_673_231_099, 343_641_618_088_624,
        255_264_096_953_199, 74_763_856_263_629, 7_656_467_343_316, 100_551_017_880_200, 447_142_057_082_596, 2_715_007_693_720,
        34_650_312_557_605, 290_779_055_502_927, 153_487_921_419_874, 43_259_233_611_749, 97_094_435_376_124, 198_659_462_044_849,
        405_121_606_346_850, 374_142_415_011_746, 277_429_342_675_951, 212_479_295_198_876, 409_784_407_515_279, 338_449_065_248_678,
        269_087_729_840_526, 370_015_382_306_929, 254_328_104_321_949, 83_748_548_515_577, 381_329_561_969_479, 76_256_273_124_054,
        275_234_178_930_299, 391_311_352_117_823, 82_689_611, 136_093_398, 80_235_220, 83_207_978, 89_572_330, 120_116_080,
        75_050_007, 152_239_466,
    ]

    /// The first and last milliseconds of SQLite's dates (-4713-11-24 12:00 and 9999-12-31
    /// 23:59:59.999), the first milliseconds (printed with an exponent below 8640), midnight and
    /// noon, the Unix epoch, 1582-10-15, 0000-01-01, 0001-01-01, 2001-01-01, 9999-12-31.
    public static let edges: [Int64] = [
        0, 1, 2, 7, 8639, 8640, 8641, 43_200_000, 86_399_999, 86_400_000, 86_400_001, 464_269_060_799_999, 464_269_060_799_998,
        210_866_760_000_000, 210_866_760_000_001, 210_866_759_999_999, 198_647_467_200_000, 148_699_540_800_000, 148_731_163_200_000,
        211_845_067_200_000, 211_845_110_399_999, 464_268_974_400_000,
    ]

    /// The moment's Julian day in milliseconds.
    public var julianMilliseconds: Int64
    /// Seconds since 1970 (`Date.UnixTimeRepresentation`): SQLite's `'unixepoch'` gives the same milliseconds back.
    public var unixSeconds: Double { Double(julianMilliseconds - 210_866_760_000_000) / 1000 }
    /// Seconds since 2001 (`Date.TimeIntervalSinceReferenceDateRepresentation`).
    public var referenceSeconds: Double { Double(julianMilliseconds - 210_866_760_000_000 - 978_307_200_000) / 1000 }
    /// ISO-8601 text to the millisecond, `YYYY-MM-DD HH:MM:SS.SSS`, as SQLite writes it.
    public var iso: String
    /// Another text SQLite reads as a date near the moment: `T` and `Z`, an offset, more
    /// fraction digits, minutes only, a time alone, 24:00, February 31st, a Julian day number.
    public var written: String

    /// `count` moments: the edges and the unevenly printed milliseconds first, then random ones
    /// over SQLite's whole range, years 0 to 9999 twice as often. Only years 0 to 9999 when
    /// `yearsFromZero` (ISO-8601 text Sift reads as a `Date`).
    public static func generate(count: Int, seed: UInt64, yearsFromZero: Bool = false) throws -> [JulianDayMoments] {
        let connection = try Connection.inMemory()
        let text = try connection.prepare("SELECT strftime('%Y-%m-%d %H:%M:%f', ?1 / 86400000.0)")
        var random = SplitMix64(seed: seed)
        let yearZero: Int64 = 148_699_540_800_000
        let firstOutside: Int64 = 464_269_060_800_000
        var milliseconds = (edges + unevenlyPrinted).filter { !yearsFromZero || $0 >= yearZero }
        while milliseconds.count < count {
            let from = yearsFromZero || random.chance(2, in: 3) ? yearZero : 0
            var value = from + Int64(random.next() % UInt64(firstOutside - from))
            // Whole seconds, minutes and days now and then.
            switch random.below(6) {
            case 0: value -= value % 1000
            case 1: value -= value % 86_400_000
            default: break
            }
            milliseconds.append(value)
        }
        return try milliseconds.prefix(count).map { value in
            guard case .text(let iso)? = try text.rows(bindings: [.integer(value)]).first?.first else {
                throw CocoaError(.formatting)
            }
            return JulianDayMoments(julianMilliseconds: value, iso: iso, written: writtenForm(of: iso, value, &random))
        }
    }

    /// One of SQLite's other texts for a moment written `iso` (`[-]YYYY-MM-DD HH:MM:SS.SSS`).
    static func writtenForm(of iso: String, _ milliseconds: Int64, _ random: inout SplitMix64) -> String {
        let dateEnd = iso.index(iso.startIndex, offsetBy: iso.hasPrefix("-") ? 11 : 10)
        let date = String(iso[..<dateEnd])
        let time = String(iso[iso.index(after: dateEnd)...])
        switch random.below(9) {
        case 0: return iso
        case 1: return date + "T" + time + random.pick(["Z", " Z", "z", ""])
        case 2: return iso + random.pick(["+05:30", "-14:00", "+14:00", "-00:45", " +01:00", "+00:00"])
        case 3: return iso + (0..<random.int(in: 1...9)).map { _ in String(random.below(10)) }.joined()
        case 4: return String(iso.prefix(iso.count - 7))
        case 5: return time
        case 6: return date + random.pick([" 24:00", " 24:00:00.000", "T24:00Z"])
        case 7: return String(date.dropLast(5)) + random.pick(["02-29", "02-30", "02-31", "04-31"]) + " " + time
        default: return "\(Double(milliseconds) / 86_400_000)"
        }
    }
}
