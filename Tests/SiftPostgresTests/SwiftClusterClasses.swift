import Foundation

/// The class of every Unicode scalar in the segmentation of text into characters (extended grapheme
/// clusters, UAX #29, with the Indic conjunct rule GB9c), as Swift's own `Character` shows it: each
/// scalar is probed by counting the characters of short strings around it, so the classes are those
/// of the running toolchain's Unicode data, not a copy of a Unicode version's tables.
///
/// `sift.cluster_class` of the PostgreSQL functions is written from this table
/// (``SwiftClusterClasses/sqlFunctions``), and `PostgresClusterClassTests` compares it with
/// PostgreSQL's answer for every scalar.
enum SwiftClusterClass: String, CaseIterable, Sendable {
    case other = "Other"
    case cr = "CR"
    case lf = "LF"
    case control = "Control"
    case zwj = "ZWJ"
    case prepend = "Prepend"
    case l = "L"
    case v = "V"
    case t = "T"
    case lv = "LV"
    case lvt = "LVT"
    case regionalIndicator = "RI"
    /// Extended_Pictographic.
    case pictographic = "Pictographic"
    case spacingMark = "SpacingMark"
    /// Grapheme_Cluster_Break=Extend and Indic_Conjunct_Break=Extend: it continues both an emoji
    /// sequence (GB11) and an Indic conjunct (GB9c).
    case extend = "Extend"
    /// Indic_Conjunct_Break=Linker (a virama that links two consonants, GB9c); Extend too.
    case linker = "Linker"
    /// Grapheme_Cluster_Break=Extend without an Indic_Conjunct_Break class (ZWNJ): it continues an
    /// emoji sequence but ends an Indic conjunct.
    case otherExtend = "OtherExtend"
    /// Indic_Conjunct_Break=Consonant: it joins a consonant and a linker before it (GB9c).
    case consonant = "Consonant"

    /// Whether the characters of `parts` joined are one.
    private static func one(_ a: String, _ b: String) -> Bool { (a + b).count == 1 }
    private static func one(_ a: String, _ b: String, _ c: String) -> Bool { (a + b + c).count == 1 }

    /// The class of `scalar` by Swift's characters; nil when the probes disagree with every class
    /// (a scalar the rules listed here do not describe).
    ///
    /// After a letter, an Extend, SpacingMark or ZWJ joins it (GB9, GB9a); before a letter, a
    /// Prepend does (GB9b); before a combining mark, a control, CR or LF does not (GB4). Between an
    /// emoji and ZWJ + emoji, an Extend keeps the emoji sequence (GB11) where a SpacingMark breaks
    /// it. Inside क्‍क (U+0915 U+094D U+0915) an InCB Extend keeps the conjunct, and between two
    /// क a Linker makes one (GB9c). The other scalars are told by what joins them: L, V, T, LV and
    /// LVT by the Hangul jamo around them (GB6–GB8), a regional indicator by one before it (GB12),
    /// a pictograph by an emoji and ZWJ before it (GB11), a consonant by क and a virama before it.
    static func of(_ scalar: Unicode.Scalar) -> SwiftClusterClass? {
        let s = String(scalar)
        let joinsALetterBefore = one("a", s)
        let joinsALetterAfter = one(s, "a")
        let takesAMark = one(s, "\u{301}")
        if !takesAMark {
            if joinsALetterBefore || joinsALetterAfter { return nil }
            let cr = one(s, "\n")
            let lf = one("\r", s)
            return cr && lf ? nil : cr ? .cr : lf ? .lf : .control
        }
        if joinsALetterBefore {
            if joinsALetterAfter { return nil }
            let betweenEmoji = one("\u{1F600}", s, "\u{1F600}")
            let keepsAnEmojiSequence = one("\u{1F600}", s, "\u{200D}\u{1F600}")
            let links = one("\u{915}", s, "\u{915}")
            let keepsAConjunctAfterTheLinker = one("\u{915}\u{94D}", s, "\u{915}")
            let keepsAConjunctBeforeTheLinker = one("\u{915}", s, "\u{94D}\u{915}")
            guard keepsAConjunctAfterTheLinker == keepsAConjunctBeforeTheLinker else { return nil }
            let keepsAConjunct = keepsAConjunctAfterTheLinker
            if betweenEmoji { return keepsAConjunct && !links && !keepsAnEmojiSequence ? .zwj : nil }
            if !keepsAnEmojiSequence { return links || keepsAConjunct ? nil : .spacingMark }
            if links { return keepsAConjunct ? .linker : nil }
            return keepsAConjunct ? .extend : .otherExtend
        }
        if joinsALetterAfter { return .prepend }
        // Most scalars join none of these: one string of the eight probes, which LF (GB4, GB5)
        // keeps apart, says so at once.
        let probes =
            "\u{1100}" + s + "\n\u{1161}" + s + "\n\u{11A8}" + s + "\n" + s + "\u{1161}\n" + s + "\u{11A8}\n\u{1F1E6}" + s
            + "\n\u{1F600}\u{200D}" + s + "\n\u{915}\u{94D}" + s
        if probes.count == 8 * 2 + 7 { return .other }
        let joins = [
            one("\u{1100}", s), one("\u{1161}", s), one("\u{11A8}", s), one(s, "\u{1161}"), one(s, "\u{11A8}"),
            one("\u{1F1E6}", s), one("\u{1F600}\u{200D}", s), one("\u{915}\u{94D}", s),
        ]
        switch joins {
        // After L, after V, after T, before V, before T, after RI, after emoji ZWJ, after क्.
        case [true, false, false, true, false, false, false, false]: return .l
        case [true, true, false, true, true, false, false, false]: return .v
        case [false, true, true, false, true, false, false, false]: return .t
        case [true, false, false, true, true, false, false, false]: return .lv
        case [true, false, false, false, true, false, false, false]: return .lvt
        case [false, false, false, false, false, true, false, false]: return .regionalIndicator
        case [false, false, false, false, false, false, true, false]: return .pictographic
        case [false, false, false, false, false, false, false, true]: return .consonant
        default: return nil
        }
    }
}

/// A run of consecutive scalars (surrogates skipped) of one class.
struct ClusterClassRun: Equatable, Sendable {
    var first: UInt32
    var last: UInt32
    var cluster: SwiftClusterClass
}

/// Every scalar's ``SwiftClusterClass``, probed once per test process.
enum SwiftClusterClasses {
    /// The class of each scalar value (nil for the surrogates, which are no scalars).
    static let table: Result<[SwiftClusterClass?], UnclassifiedScalars> = {
        let chunkSize = 0x11000
        let chunks = 0x110000 / chunkSize
        let results = LockedChunks(count: chunks)
        DispatchQueue.concurrentPerform(iterations: chunks) { chunk in
            var classes: [SwiftClusterClass?] = []
            var unclassified: [UInt32] = []
            classes.reserveCapacity(chunkSize)
            for value in UInt32(chunk * chunkSize)..<UInt32((chunk + 1) * chunkSize) {
                guard let scalar = Unicode.Scalar(value) else {
                    classes.append(nil)
                    continue
                }
                let cluster = SwiftClusterClass.of(scalar)
                if cluster == nil { unclassified.append(value) }
                classes.append(cluster)
            }
            results.set(chunk, (classes, unclassified))
        }
        let all = results.all
        let unclassified = all.flatMap(\.1)
        if !unclassified.isEmpty { return .failure(UnclassifiedScalars(values: unclassified)) }
        return .success(all.flatMap(\.0))
    }()

    /// The runs of ``table``, in order; a run goes on over the surrogates.
    static func runs(_ table: [SwiftClusterClass?]) -> [ClusterClassRun] {
        var runs: [ClusterClassRun] = []
        for (value, cluster) in table.enumerated() {
            guard let cluster else { continue }
            if let last = runs.last, last.cluster == cluster {
                runs[runs.count - 1].last = UInt32(value)
            } else {
                runs.append(ClusterClassRun(first: UInt32(value), last: UInt32(value), cluster: cluster))
            }
        }
        return runs
    }

    /// The precomposed Hangul syllables, LV where `(c - 0xAC00) % 28 == 0` and LVT elsewhere: the
    /// SQL tells them apart by that arithmetic rather than by 11,172 ranges.
    static let syllables: ClosedRange<UInt32> = 0xAC00...0xD7A3

    static let classesInOrder = SwiftClusterClass.allCases

    /// The text of `sift.cluster_class` and `sift.is_prepend` for `table`, between the lines that
    /// mark them as written by this generator; nil where the syllables do not follow the rule.
    ///
    /// `sift.cluster_class(c)` finds the run of `c` by a binary search (`width_bucket` of the runs'
    /// first code points), reads its class's number in a byte string and names it, adding 1 in the
    /// syllables that are LVT. It is one expression of strict functions, so that the planner
    /// inlines it into the calling expression.
    static func sqlFunctions(_ table: [SwiftClusterClass?]) -> String? {
        for value in syllables {
            let expected: SwiftClusterClass = (value - syllables.lowerBound) % 28 == 0 ? .lv : .lvt
            if table[Int(value)] != expected { return nil }
        }
        var merged = table
        for value in syllables { merged[Int(value)] = .lv }
        let runs = runs(merged)
        let firsts = runs.map { String($0.first) }
        let codes = runs.map { run -> String in
            let number = classesInOrder.firstIndex(of: run.cluster)! + 1
            return String(format: "%02x", number)
        }
        // The first code point of each run of Prepend characters and the one after it: a code point
        // is a Prepend character where it falls in an odd bucket of these.
        let prependBounds = runs.filter { $0.cluster == .prepend }.flatMap { [String($0.first), String($0.last + 1)] }
        let names = classesInOrder.map(\.rawValue).joined(separator: ",")
        let lv = classesInOrder.firstIndex(of: .lv)! + 1
        precondition(classesInOrder[lv] == .lvt)
        return """
            \(beginMarker)
            CREATE OR REPLACE FUNCTION sift.cluster_class(c integer) RETURNS text
            LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
            SELECT ('{\(names)}'::text[])[
                get_byte('\\x\(wrapped(codes, separator: "", indent: "    ", width: 104))'::bytea,
                    width_bucket(c, '{\(wrapped(firsts, separator: ",", indent: "        ", width: 104))}'::integer[]) - 1)
                + ((c - \(syllables.lowerBound)) % 28 > 0)::integer * (c >= \(syllables.lowerBound))::integer * (c <= \(syllables.upperBound))::integer]
            $$;

            -- Whether code point `c` is a Prepend character, which joins what follows it (GB9b): the
            -- only code points that join a code point below U+0300 after them but CR (LF) and ZWJ (©, ®).
            -- A binary search of the bounds of their runs, which the planner counts as one operator
            -- (a list of them would count as many); all strict, so that it is inlined.
            CREATE OR REPLACE FUNCTION sift.is_prepend(c integer) RETURNS boolean
            LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
            SELECT width_bucket(c, '{\(wrapped(prependBounds, separator: ",", indent: "    ", width: 104))}'::integer[]) % 2 = 1
            $$;
            \(endMarker)
            """
    }

    static let beginMarker =
        "-- Written by SwiftClusterClasses (Tests/SiftPostgresTests) from Swift's `Character`: run the ClusterClass tests with SIFT_UPDATE_GOLDEN=1 to rewrite it."
    static let endMarker = "-- End of the code written from Swift's `Character`."

    /// `items` joined by `separator`, a line break and `indent` before an item that would pass
    /// `width` columns.
    static func wrapped(_ items: [String], separator: String, indent: String, width: Int) -> String {
        var text = ""
        var column = 0
        for (index, item) in items.enumerated() {
            let piece = index == 0 ? item : separator + item
            if column + piece.count > width && index > 0 {
                text += separator.trimmingCharacters(in: .whitespaces) + "\n" + indent + item
                column = indent.count + item.count
            } else {
                text += piece
                column += piece.count
            }
        }
        return text
    }
}

/// Scalars whose probes match no class.
struct UnclassifiedScalars: Error, CustomStringConvertible {
    var values: [UInt32]
    var description: String {
        "\(values.count) scalars match no class: " + values.prefix(20).map { String($0, radix: 16) }.joined(separator: " ")
    }
}

/// The chunks of a parallel computation, each set once.
private final class LockedChunks: @unchecked Sendable {
    private let lock = NSLock()
    private var chunks: [([SwiftClusterClass?], [UInt32])]

    init(count: Int) { chunks = Array(repeating: ([], []), count: count) }

    func set(_ index: Int, _ chunk: ([SwiftClusterClass?], [UInt32])) {
        lock.lock()
        chunks[index] = chunk
        lock.unlock()
    }

    var all: [([SwiftClusterClass?], [UInt32])] {
        lock.lock()
        defer { lock.unlock() }
        return chunks
    }
}
