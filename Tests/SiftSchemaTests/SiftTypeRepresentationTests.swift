import Sift
import SiftTestSupport
import Testing

/// A ``SiftType`` is packed into bits: a base and up to ten wrappers in place, deeper types through
/// a process-wide table. Whatever the depth, taking a type apart with `kind` must give back what
/// built it, equal types must be equal (and hash alike) however they were built, and different
/// types must differ. The expectations are written out independently of the packing: a type is
/// also built as a plain recursive description, and the two must agree.
@Suite struct SiftTypeRepresentationTests {
    /// A type as a plain tree, the reference the packed value is checked against.
    indirect enum Reference: Hashable, Sendable {
        case base(SiftType, String)
        case optional(Reference)
        case array(Reference)
        case range(Reference, closed: Bool)

        var type: SiftType {
            switch self {
            case .base(let type, _): type
            case .optional(let wrapped): .optional(wrapped.type)
            case .array(let element): .array(element.type)
            case .range(let bound, let closed): .range(bound.type, closed: closed)
            }
        }

        /// Swift's spelling, as ``SiftType/description`` must print it.
        var spelling: String {
            switch self {
            case .base(_, let name): name
            case .optional(.range(let bound, let closed)): "(\(Reference.range(bound, closed: closed).spelling))?"
            case .optional(let wrapped): "\(wrapped.spelling)?"
            case .array(let element): "[\(element.spelling)]"
            case .range(let bound, let closed): closed ? "ClosedRange<\(bound.spelling)>" : "Range<\(bound.spelling)>"
            }
        }
    }

    static let bases: [Reference] = [
        .base(.bool, "Bool"), .base(.int, "Int"), .base(.integer(.int8), "Int8"), .base(.integer(.uint64), "UInt64"),
        .base(.integer(.uint), "UInt"), .base(.double, "Double"), .base(.float, "Float"), .base(.string, "String"),
        .base(.date, "Date"), .base(.uuid, "UUID"), .base(.data, "Data"), .base(.url, "URL"),
        .base(.model("User"), "User"), .base(.model("Company"), "Company"), .base(.enumeration("Status"), "Status"),
        .base(.comparisonResult, "ComparisonResult"), .base(.nilLiteral, "nil"), .base(.error, "<<error type>>"),
    ]

    /// Every wrapper sequence up to `depth` around every base.
    static func references(depth: Int) -> [Reference] {
        var all = bases
        var layer = bases
        for _ in 0..<depth {
            layer = layer.flatMap { [.optional($0), .array($0), .range($0, closed: true), .range($0, closed: false)] }
            all += layer
        }
        return all
    }

    /// Takes a packed type apart with `kind` down to its base, rebuilding the reference.
    static func decompose(_ type: SiftType, bases: [Reference]) -> Reference? {
        switch type.kind {
        case .optional(let wrapped): decompose(wrapped, bases: bases).map { .optional($0) }
        case .array(let element): decompose(element, bases: bases).map { .array($0) }
        case .range(let bound, let closed): decompose(bound, bases: bases).map { .range($0, closed: closed) }
        default: bases.first { $0.type == type }
        }
    }

    @Test func shallowTypesComeApartAsBuiltAndCompareByStructure() {
        let references = Self.references(depth: 3)
        var seen: [SiftType: Reference] = [:]
        for reference in references {
            let type = reference.type
            #expect(Self.decompose(type, bases: Self.bases) == reference)
            #expect(type.description == reference.spelling)
            #expect(type == reference.type, "built twice, \(reference.spelling) must be equal")
            if let other = seen[type] { Issue.record("\(reference.spelling) packs like \(other.spelling)") }
            seen[type] = reference
        }
        #expect(seen.count == references.count)
    }

    /// Deeper than the ten wrappers the bits hold: the table takes over, still one value per type.
    @Test func deepTypesComeApartAsBuiltAndCompareByStructure() {
        let wrappers: [(Reference) -> Reference] = [
            { .optional($0) }, { .array($0) }, { .range($0, closed: true) }, { .array($0) }, { .range($0, closed: false) },
        ]
        var references: [Reference] = []
        for base in [Self.bases[1], Self.bases[12], Self.bases[14]] {
            for start in wrappers.indices {
                var reference = base
                for depth in 0..<26 {
                    reference = wrappers[(start + depth) % wrappers.count](reference)
                    references.append(reference)
                }
            }
        }
        var seen: Set<SiftType> = []
        for reference in references {
            let type = reference.type
            #expect(Self.decompose(type, bases: Self.bases) == reference, "\(reference.spelling)")
            #expect(type.description == reference.spelling)
            #expect(type == reference.type)
            seen.insert(type)
        }
        // Equal types hash alike: a set of them has one entry per distinct reference.
        #expect(seen.count == Set(references).count)
    }

    @Test func questionsAnsweredFromTheBitsMatchTheStructure() {
        // 11 and 22 wrappers: the outermost is the table's, with none in the bits above it.
        let deep = [10, 12, 21].map { Self.deep(.base(.int, "Int"), $0) } + [Self.deep(.optional(.base(.int, "Int")), 12)]
        for reference in Self.references(depth: 2) + deep + deep.map({ .array($0) }) {
            let type = reference.type
            if case .optional = reference {
                #expect(type.isOptional, "\(reference.spelling)")
                #expect(type.optionalFlattened == type)
            } else {
                #expect(!type.isOptional, "\(reference.spelling)")
                #expect(type.optionalFlattened == (type.isError ? type : .optional(type)))
            }
            let isInteger = [SiftType.int, .integer(.int8), .integer(.uint64), .integer(.uint)].contains(type)
            #expect(type.isInteger == isInteger, "\(reference.spelling)")
            #expect((type.integerKind != nil) == isInteger)
            var unwrapped = reference
            while case .optional(let wrapped) = unwrapped { unwrapped = wrapped }
            #expect(type.unwrapped == unwrapped.type)
        }
        #expect(SiftType.integer(.int16).integerKind == .int16)
        #expect(SiftType.optional(.int).integerKind == nil)
    }

    /// `reference` inside `depth` more arrays and an optional, past the bits' ten wrappers.
    static func deep(_ reference: Reference, _ depth: Int) -> Reference {
        var result = reference
        for _ in 0..<depth { result = .array(result) }
        return .optional(result)
    }

    @Test func namesAreComparedAsSwiftComparesStrings() {
        #expect(SiftType.model("User") == .model("User"))
        #expect(SiftType.model("User") != .model("Users"))
        #expect(SiftType.model("User") != .enumeration("User"))
        // Canonically equivalent names are one name, as `String`'s `==` has it.
        #expect(SiftType.model("Caf\u{E9}") == .model("Cafe\u{301}"))
        guard case .model(let name) = SiftType.model("Company").kind else {
            Issue.record("a model type must come apart as a model")
            return
        }
        #expect(name.string == "Company")
        #expect(name == TypeName("Company"))
        #expect(name != TypeName("Companies"))
    }

    /// A query's types go through the checker unchanged: a nested array literal deeper than the
    /// bits hold prints its type in full.
    @Test func theCheckerPrintsADeepTypeInFull() throws {
        let compilation = Compiler(schema: try Fixtures.exampleModels.get()).check(
            "#Predicate<User> { [[[[[[[[[[[[$0.age]]]]]]]]]]]].count == 1 }")
        #expect(!compilation.hasErrors)
        guard let checked = compilation.checked, let filter = checked.filter, case .comparison(_, let count, _) = checked[filter],
            case .count(let array) = checked[count]
        else {
            Issue.record("expected a comparison of a count")
            return
        }
        #expect(array.type.description == "[[[[[[[[[[[[Int]]]]]]]]]]]]")
    }
}
