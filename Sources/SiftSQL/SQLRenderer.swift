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
        // The dialect is opened once, not at each identifier (a call on the existential copied it:
        // 23 instructions per identifier), and Sift's own dialect gets code of its own.
        if let sqlite = dialect as? SQLiteDialect { return render(fragment, in: sqlite) }
        return render(fragment, in: dialect)
    }

    private func render(_ fragment: SQLFragment, in dialect: some SQLDialect) -> Rendered {
        // UTF-8 bytes, made into a String once: appending to a String costs hundreds of
        // instructions per call, appending to an array a copy.
        var text = ByteBuffer(capacity: fragment.bytes.count + 2 * fragment.slots.count + 64)
        var bindings: [BindingSlot] = []
        bindings.reserveCapacity(fragment.slots.count)
        // Only parameters are looked up: a literal always takes a new position.
        var parameterSlots: [BindingSlot: Int] = [:]
        var parameterPositions: [String: [Int]] = [:]
        var slot = 0
        fragment.bytes.withUnsafeBufferPointer { bytes in
            let count = bytes.count
            var index = 0
            var runStart = 0
            while index < count {
                let byte = bytes[index]
                if byte >= SQLFragment.Marker.end {
                    index += 1
                    continue
                }
                // A marker: the text before it first, in one copy.
                if runStart < index { text.append(UnsafeBufferPointer(rebasing: bytes[runStart..<index])) }
                switch byte {
                case SQLFragment.Marker.identifier:
                    let length = SQLFragment.identifierLength(at: index, in: bytes)
                    dialect.appendQuoted(identifierUTF8: UnsafeBufferPointer(rebasing: bytes[(index + 5)..<(index + 5 + length)]), to: &text)
                    index += 5 + length
                case SQLFragment.Marker.binding:
                    let binding = fragment.slots[slot]
                    slot += 1
                    index += 1
                    let position: Int
                    // A named parameter keeps one placeholder wherever it is used; each literal has its own.
                    if case .parameter(let name, _) = binding {
                        if let existing = parameterSlots[binding] {
                            position = existing
                        } else {
                            bindings.append(binding)
                            position = bindings.count
                            parameterSlots[binding] = position
                            parameterPositions[name, default: []].append(position)
                        }
                    } else {
                        bindings.append(binding)
                        position = bindings.count
                    }
                    dialect.appendPlaceholder(position, to: &text)
                default:  // a line break
                    let indent = Int(bytes[index + 1])
                    index += 2
                    if readable {
                        text.append(UInt8(ascii: "\n"))
                        for _ in 0..<indent * 2 { text.append(UInt8(ascii: " ")) }
                    } else {
                        text.append(UInt8(ascii: " "))
                    }
                }
                runStart = index
            }
            if runStart < count { text.append(UnsafeBufferPointer(rebasing: bytes[runStart..<count])) }
        }
        return Rendered(text: text.string, bindings: bindings, parameterPositions: parameterPositions)
    }
}
