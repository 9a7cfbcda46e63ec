/// Greedy shrinking over the generator's tree: replace a subtree by a smaller one of the same
/// type (a descendant, or the simplest literal), drop operands of `&&` / `||`, simplify literals,
/// drop sort keys, limit and offset. Keeps a change when the query still compiles and the back
/// ends still disagree; stops when no change helps or after `budget` attempts.
struct Shrinker {
    /// Whether a candidate still shows the failure (and compiles).
    let stillFails: (GeneratedQuery) -> Bool
    var budget = 4000

    func shrink(_ query: GeneratedQuery) -> (query: GeneratedQuery, attempts: Int) {
        var current = query
        var attempts = 0
        var improved = true
        while improved, attempts < budget {
            improved = false
            for candidate in candidates(current) where smaller(candidate, than: current) {
                attempts += 1
                if stillFails(candidate) {
                    current = candidate
                    improved = true
                    break
                }
                if attempts >= budget { break }
            }
        }
        return (current, attempts)
    }

    func measure(_ query: GeneratedQuery) -> (Int, Int) {
        ((query.filter?.size ?? 0) + query.sort.count + (query.limit == nil ? 0 : 1) + (query.offset == nil ? 0 : 1), query.render().count)
    }

    func smaller(_ a: GeneratedQuery, than b: GeneratedQuery) -> Bool {
        let (sizeA, lengthA) = measure(a)
        let (sizeB, lengthB) = measure(b)
        return sizeA < sizeB || (sizeA == sizeB && lengthA < lengthB)
    }

    func candidates(_ query: GeneratedQuery) -> [GeneratedQuery] {
        var result: [GeneratedQuery] = []
        if query.limit != nil { result.append(with(query) { $0.limit = nil }) }
        if query.offset != nil { result.append(with(query) { $0.offset = nil }) }
        for index in query.sort.indices {
            result.append(with(query) { $0.sort.remove(at: index) })
            if query.sort[index].localizedStandard { result.append(with(query) { $0.sort[index].localizedStandard = false }) }
            if query.sort[index].reverse { result.append(with(query) { $0.sort[index].reverse = false }) }
        }
        if query.form == .fetchDescriptor, query.sort.isEmpty, query.limit == nil, query.offset == nil, query.filter != nil {
            result.append(with(query) { $0.form = .predicate })
        }
        if let filter = query.filter {
            if query.form != .predicate { result.append(with(query) { $0.filter = nil }) }
            for variant in variants(filter) { result.append(with(query) { $0.filter = variant }) }
        }
        return result
    }

    private func with(_ query: GeneratedQuery, _ change: (inout GeneratedQuery) -> Void) -> GeneratedQuery {
        var copy = query
        change(&copy)
        return copy
    }

    /// Every tree with one edit, the largest reductions first.
    func variants(_ node: GenNode) -> [GenNode] {
        var result: [GenNode] = []
        result += simplest(node.type).filter { $0.render() != node.render() }
        var descendants: [GenNode] = []
        collect(node, into: &descendants)
        result += descendants.filter { $0.type == node.type }.sorted { $0.size > $1.size }
        if case .logical(let op) = node.role, node.children.count > 2 {
            for index in node.children.indices {
                var operands = node.children
                operands.remove(at: index)
                result.append(GenNode(.bool, PredicateGenerator.logicalPieces(op, count: operands.count), operands, level: 0, role: node.role))
            }
        }
        result += simplerLiterals(node)
        for (index, child) in node.children.enumerated() {
            for variant in variants(child) {
                var copy = node
                copy.children[index] = variant
                copy.needsContext = false
                result.append(copy)
            }
        }
        return result
    }

    private func collect(_ node: GenNode, into result: inout [GenNode]) {
        for child in node.children {
            result.append(child)
            collect(child, into: &result)
        }
    }

    func simplest(_ type: GenType) -> [GenNode] {
        switch type {
        case .bool: [.bool(true), .bool(false)]
        case .int: [.int(0), .int(1)]
        case .double: [.double(0), .double(1)]
        case .string: [.string(""), .string("a")]
        case .optional: [.leaf("nil", type, needsContext: true)]
        case .priority: [.leaf(".low", type, needsContext: true)]
        case .status: [.leaf(".todo", type, needsContext: true)]
        default: []
        }
    }

    func simplerLiterals(_ node: GenNode) -> [GenNode] {
        switch node.role {
        case .intLiteral(let value):
            guard value != Int64.min else { return [.int(Int64.max), .int(-1)] }
            return [value / 2, value > 0 ? value - 1 : value + 1, -value].filter { $0 != value }.map { .int($0) }
        case .doubleLiteral(let value):
            return [value.rounded(.towardZero), value / 2].filter { $0 != value }.map { .double($0) }
        case .stringLiteral(let value):
            guard !value.isEmpty else { return [] }
            var shorter = [String(value.dropFirst()), String(value.dropLast())]
            if value.unicodeScalars.count > 1 { shorter.append(String(value.unicodeScalars.prefix(value.unicodeScalars.count - 1))) }
            return shorter.map { .string($0) }
        default:
            return []
        }
    }
}
