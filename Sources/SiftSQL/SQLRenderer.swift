/// Renders a fragment to SQL text: quotes identifiers, numbers bindings (`?1`, `?2`, ... in order
/// of appearance; a named parameter keeps one number wherever it is used), and lays
/// clauses out on lines for people, or on one line.
struct SQLRenderer {
    let dialect: any SQLDialect
    let readable: Bool

    struct Rendered {
        var text: String
        var bindings: [BindingSlot]
        var parameterPositions: [String: [Int]]
    }

    func render(_ fragment: SQLFragment) -> Rendered {
        var text = ""
        var bindings: [BindingSlot] = []
        var positions: [BindingSlot: Int] = [:]
        var parameterPositions: [String: [Int]] = [:]
        for segment in fragment.segments {
            switch segment {
            case .sql(let sql):
                text += sql
            case .identifier(let name):
                text += dialect.quote(identifier: name)
            case .binding(let slot):
                let position: Int
                // A named parameter keeps one placeholder wherever it is used; each literal has its own.
                if case .parameter = slot, let existing = positions[slot] {
                    position = existing
                } else {
                    bindings.append(slot)
                    position = bindings.count
                    positions[slot] = position
                    if case .parameter(let name, _) = slot { parameterPositions[name, default: []].append(position) }
                }
                text += dialect.placeholder(position)
            case .newline(let indent):
                text += readable ? "\n" + String(repeating: "  ", count: indent) : " "
            }
        }
        return Rendered(text: text, bindings: bindings, parameterPositions: parameterPositions)
    }
}
