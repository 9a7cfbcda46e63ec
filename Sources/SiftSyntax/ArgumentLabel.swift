/// The labels of one query form's argument list (`FetchDescriptor(predicate:sortBy:...)`), each
/// known by its spelling.
protocol KnownArgumentLabel: CaseIterable, Equatable {
    var spelling: StaticString { get }
}

/// An argument's label as a query form reads it: which of the form's labels it is, found from the
/// label's bytes, and its token. No `String` is made for it unless a message names it (making one
/// and comparing it with each label's cost about 400 instructions per argument).
struct ArgumentLabel<Known: KnownArgumentLabel> {
    /// The label's name token; nil when the argument has no label.
    var token: Token?
    /// Which of the form's labels it is; nil without a label or for another name.
    var known: Known?
}

extension Parser {
    /// `label:` before an argument, consumed (any identifier or keyword can be a label), and which
    /// of `Known`'s labels it is.
    mutating func parseArgumentLabel<Known: KnownArgumentLabel>(_: Known.Type) -> ArgumentLabel<Known> {
        guard isMemberName(current), peek().kind == .colon else { return ArgumentLabel(token: nil, known: nil) }
        let token = advance()
        advance()
        let name = nameRange(of: token)
        for label in Known.allCases where text(in: name, equals: label.spelling) { return ArgumentLabel(token: token, known: label) }
        // Names are equal as Swift compares them (canonically): a label spelled with other code
        // points (`K` as U+212A KELVIN SIGN) is still the label. Only a name that is not ASCII can be.
        if !isASCII(name) {
            let spelled = self.name(of: token).name
            for label in Known.allCases where spelled == label.spelling.description { return ArgumentLabel(token: token, known: label) }
        }
        return ArgumentLabel(token: token, known: nil)
    }

    /// Whether the source text in `range` is ASCII.
    func isASCII(_ range: SourceRange) -> Bool {
        range.end <= bytes.count && !bytes[range.start..<range.end].contains { $0 >= 0x80 }
    }

    /// Notes that an argument (its label and value) does not change which rows a query returns.
    mutating func noteIgnoredArgument(_ label: Token?, value: SourceRange) {
        guard let label else { return }
        note(
            .ignoredArgument, "'\(name(of: label).name):' does not change the result of a query; it is ignored",
            at: label.range.union(value))
    }

    /// Whether a label was written before in the same list (as Swift compares names: by their
    /// bytes, canonically when either is not ASCII); records it if not.
    func isRepeated(_ label: Token, among seen: inout SeenLabels) -> Bool {
        let name = nameRange(of: label)
        let ascii = isASCII(name)
        for index in 0..<seen.count {
            let earlier = seen[index]
            let earlierName = nameRange(of: earlier)
            if sameText(earlierName, name) { return true }
            if !ascii || !isASCII(earlierName), self.name(of: earlier).name == self.name(of: label).name { return true }
        }
        seen.append(label)
        return false
    }
}

/// The argument labels of one call met so far, in order: the first four in place, the others
/// in a list (most calls have one to four labels, and a list was an allocation per call).
struct SeenLabels {
    private var first, second, third, fourth: Token?
    private var more: [Token] = []
    private(set) var count = 0

    mutating func append(_ label: Token) {
        switch count {
        case 0: first = label
        case 1: second = label
        case 2: third = label
        case 3: fourth = label
        default: more.append(label)
        }
        count += 1
    }

    subscript(index: Int) -> Token {
        let label: Token?
        switch index {
        case 0: label = first
        case 1: label = second
        case 2: label = third
        case 3: label = fourth
        default: label = more[index - 4]
        }
        guard let label else { preconditionFailure("label \(index) of \(count)") }
        return label
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
