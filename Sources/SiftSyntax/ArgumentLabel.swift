/// The labels of one query form's argument list (`FetchDescriptor(predicate:sortBy:...)`), each
/// known by its spelling.
protocol KnownArgumentLabel: CaseIterable, Equatable {
    var spelling: StaticString { get }
}

/// An argument's label as a query form reads it: which of the form's labels it is, found from the
/// label's bytes, and its token. No `String` is made for it unless a message names it (making one
/// and comparing it with each label's would be most of the cost of reading an argument).
struct ArgumentLabel<Known: KnownArgumentLabel> {
    /// The label's name token; nil when the argument has no label.
    var token: Token?
    /// Which of the form's labels it is; nil without a label or for another name.
    var known: Known?
    /// The name's range (without back-quotes), and whether it is ASCII: found once, when the
    /// label is read, for ``Parser/isRepeated(_:among:)``.
    var nameRange = SourceRange.point(0)
    var isASCII = true
}

extension Parser {
    /// `label:` before an argument, consumed (any identifier or keyword can be a label), and which
    /// of `Known`'s labels it is.
    mutating func parseArgumentLabel<Known: KnownArgumentLabel>(_: Known.Type) -> ArgumentLabel<Known> {
        guard isMemberName(current), peek().kind == .colon else { return ArgumentLabel(token: nil, known: nil) }
        let token = advance()
        advance()
        let name = nameRange(of: token)
        // A label spelled with a known label's bytes is ASCII, as every spelling is.
        for label in Known.allCases where text(in: name, equals: label.spelling) {
            return ArgumentLabel(token: token, known: label, nameRange: name, isASCII: true)
        }
        // Names are equal as Swift compares them (canonically): a label spelled with other code
        // points (`K` as U+212A KELVIN SIGN) is still the label. Only a name that is not ASCII can be.
        guard isASCII(name) else {
            let spelled = source.text(in: name)
            let known = Known.allCases.first { spelled == $0.spelling.description }
            return ArgumentLabel(token: token, known: known, nameRange: name, isASCII: false)
        }
        return ArgumentLabel(token: token, known: nil, nameRange: name, isASCII: true)
    }

    /// Whether the source text in `range` is ASCII.
    func isASCII(_ range: SourceRange) -> Bool {
        guard range.start >= 0, range.end <= bytes.count else { return false }
        // Read in place: `contains` over a slice of the array goes through the generic sequence
        // path, a few times the cost of this loop for every label.
        return bytes.withUnsafeBufferPointer { bytes in
            for index in range.start..<range.end where bytes[index] >= 0x80 { return false }
            return true
        }
    }

    /// Notes that an argument (its label and value) does not change which rows a query returns.
    mutating func noteIgnoredArgument(_ label: Token?, value: SourceRange) {
        guard let label else { return }
        note(
            .ignoredArgument, "'\(name(of: label).name):' does not change the result of a query; it is ignored",
            at: label.range.union(value))
    }

    /// Whether a label was written before in the same list (as Swift compares names: by their
    /// bytes, canonically when either is not ASCII); records it if not. False without a label.
    // Mutating, though it only reads: a non-mutating call from the argument lists' mutating code
    // passed it a copy of the whole parser.
    mutating func isRepeated<Known>(_ label: ArgumentLabel<Known>, among seen: inout SeenLabels) -> Bool {
        guard label.token != nil else { return false }
        let name = label.nameRange
        for index in 0..<seen.count where sameText(seen[index], name) { return true }
        // Other bytes can be the same name only when one of the two is not ASCII.
        if !label.isASCII || !seen.allASCII {
            let spelled = source.text(in: name)
            for index in 0..<seen.count where source.text(in: seen[index]) == spelled { return true }
        }
        seen.append(name, isASCII: label.isASCII)
        return false
    }
}

/// The names of the argument labels of one call met so far, in order: the first four in place,
/// the others in a list (most calls have one to four labels, and a list is an allocation per call).
struct SeenLabels {
    private var first, second, third, fourth: SourceRange?
    private var more: [SourceRange] = []
    private(set) var count = 0
    /// Whether every name met so far is ASCII.
    private(set) var allASCII = true

    mutating func append(_ name: SourceRange, isASCII: Bool) {
        allASCII = allASCII && isASCII
        switch count {
        case 0: first = name
        case 1: second = name
        case 2: third = name
        case 3: fourth = name
        default: more.append(name)
        }
        count += 1
    }

    subscript(index: Int) -> SourceRange {
        let name: SourceRange?
        switch index {
        case 0: name = first
        case 1: name = second
        case 2: name = third
        case 3: name = fourth
        default: name = more[index - 4]
        }
        guard let name else { preconditionFailure("label \(index) of \(count)") }
        return name
    }
}

/// `SortDescriptor(\User.name, order: .reverse, comparator: .localizedStandard)`'s labels.
enum SortDescriptorLabel: KnownArgumentLabel {
    case order, comparator

    var spelling: StaticString {
        switch self {
        case .order: "order"
        case .comparator: "comparator"
        }
    }
}

/// `FetchDescriptor(predicate:sortBy:fetchLimit:fetchOffset:...)`'s labels.
enum FetchDescriptorLabel: KnownArgumentLabel {
    case predicate, sortBy, fetchLimit, fetchOffset
    /// Arguments that do not change which rows a query returns, or in which order.
    case includePendingChanges, propertiesToFetch, relationshipKeyPathsForPrefetching

    var spelling: StaticString {
        switch self {
        case .predicate: "predicate"
        case .sortBy: "sortBy"
        case .fetchLimit: "fetchLimit"
        case .fetchOffset: "fetchOffset"
        case .includePendingChanges: "includePendingChanges"
        case .propertiesToFetch: "propertiesToFetch"
        case .relationshipKeyPathsForPrefetching: "relationshipKeyPathsForPrefetching"
        }
    }
}

/// SwiftUI's `@Query(filter:sort:order:...)` labels.
enum QueryMacroLabel: KnownArgumentLabel {
    case filter, sort, order
    /// Arguments that do not change which rows a query returns, or in which order.
    case animation, transaction

    var spelling: StaticString {
        switch self {
        case .filter: "filter"
        case .sort: "sort"
        case .order: "order"
        case .animation: "animation"
        case .transaction: "transaction"
        }
    }
}
