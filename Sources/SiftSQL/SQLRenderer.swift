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
        // UTF-8 bytes, made into a String once: appending to a String costs hundreds of
        // instructions per call, appending to an array a copy.
        var text: [UInt8] = []
        text.reserveCapacity(fragment.bytes.count + 16)
        var bindings: [BindingSlot] = []
        bindings.reserveCapacity(fragment.slots.count)
        // Only parameters are looked up: a literal always takes a new position.
        var parameterSlots: [BindingSlot: Int] = [:]
        var parameterPositions: [String: [Int]] = [:]
        fragment.forEachPart(
            text: { text.append(contentsOf: $0) },
            identifier: { dialect.appendQuoted(identifierUTF8: $0, to: &text) },
            binding: { slot in
                let position: Int
                // A named parameter keeps one placeholder wherever it is used; each literal has its own.
                if case .parameter(let name, _) = slot {
                    if let existing = parameterSlots[slot] {
                        position = existing
                    } else {
                        bindings.append(slot)
                        position = bindings.count
                        parameterSlots[slot] = position
                        parameterPositions[name, default: []].append(position)
                    }
                } else {
                    bindings.append(slot)
                    position = bindings.count
                }
                dialect.appendPlaceholder(position, to: &text)
            },
            newline: { indent in
                if readable {
                    text.append(UInt8(ascii: "\n"))
                    for _ in 0..<indent * 2 { text.append(UInt8(ascii: " ")) }
                } else {
                    text.append(UInt8(ascii: " "))
                }
            })
        return Rendered(text: String(decoding: text, as: UTF8.self), bindings: bindings, parameterPositions: parameterPositions)
    }
}
