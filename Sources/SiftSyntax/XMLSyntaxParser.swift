/// A small, strict reader of XML documents: elements, attributes, character data, the five
/// predefined entities and numeric character references, comments, CDATA sections, processing
/// instructions (the `<?xml …?>` declaration first of all) and a `<!DOCTYPE …>` without an
/// internal subset (a property list's). It reads what Xcode writes for a data model and refuses
/// anything else with one diagnostic at the first fault: a named entity other than the five, an
/// internal DTD subset (no entity is ever expanded, so no input grows), a mismatched end tag.
///
/// Open elements are kept on a heap-allocated stack, not the call stack; nesting deeper than
/// ``maximumDepth`` is refused, as a tree that deep would exhaust the stack when released.
package struct XMLSyntaxParser {
    /// The deepest nesting of elements read (a data model nests four deep).
    package static let maximumDepth = 256

    let source: SourceFile
    let bytes: [UInt8]
    var position = 0

    /// Thrown at the first fault; turned into the one diagnostic of the parse.
    struct Fault: Error {
        var message: String
        var range: SourceRange
        var notes: [Diagnostic.Note] = []
    }

    /// Parses a whole document: its root element, or nil with the diagnostic that says why not.
    package static func parse(_ source: SourceFile) -> Parsed<XMLElementSyntax?> {
        var parser = XMLSyntaxParser(source: source, bytes: source.bytes)
        do {
            let root = try parser.document()
            return Parsed(value: root, diagnostics: [])
        } catch let fault as Fault {
            return Parsed(value: nil, diagnostics: [.error(.malformedXML, fault.message, at: fault.range, notes: fault.notes)])
        } catch {
            return Parsed(value: nil, diagnostics: [.error(.malformedXML, "\(error)", at: .point(parser.position))])
        }
    }

    // MARK: Document

    mutating func document() throws -> XMLElementSyntax {
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { position = 3 }
        if isDeclaration() { try processingInstruction() }
        var root: XMLElementSyntax?
        while true {
            skipSpaces()
            guard position < bytes.count else { break }
            if starts(with: "<!--") {
                try comment()
            } else if starts(with: "<?") {
                if isDeclaration() { throw fault("the '<?xml …?>' declaration may only begin the file", length: 5) }
                try processingInstruction()
            } else if starts(with: "<!DOCTYPE") {
                guard root == nil else { throw fault("a '<!DOCTYPE' must come before the root element", length: 9) }
                try doctype()
            } else if bytes[position] == UInt8(ascii: "<"), root == nil {
                root = try element()
            } else if root != nil {
                throw fault("only comments and whitespace may follow the root element '\(root!.name)'; remove this", length: 1)
            } else {
                throw fault("expected '<' to begin the root element, found \(describeHere())", length: 1)
            }
        }
        guard let root else { throw fault("the document is empty: expected a root element such as '<model>'", length: 0) }
        return root
    }

    /// An element being read: its start tag is done, its content not yet.
    struct OpenElement {
        var element: XMLElementSyntax
        var start: Int
    }

    /// An element and all it contains (the start tag at `position`).
    mutating func element() throws -> XMLElementSyntax {
        var stack: [OpenElement] = []
        var (first, isEmpty) = try startTag()
        if isEmpty { return first.element }
        stack.append(first)
        while true {
            guard position < bytes.count else {
                let open = stack[stack.count - 1]
                throw Fault(
                    message: "expected '</\(open.element.name)>' to close '<\(open.element.name)>' before the end of the file",
                    range: .point(bytes.count), notes: [.init("'<\(open.element.name)>' starts here", at: open.element.nameRange)])
            }
            if starts(with: "</") {
                let close = try endTag()
                var open = stack.removeLast()
                guard close.name == open.element.name else {
                    throw Fault(
                        message: "'</\(close.name)>' does not close '<\(open.element.name)>'; write '</\(open.element.name)>'",
                        range: close.range, notes: [.init("'<\(open.element.name)>' starts here", at: open.element.nameRange)])
                }
                open.element.range = SourceRange(start: open.start, end: position)
                if stack.isEmpty { return open.element }
                stack[stack.count - 1].element.children.append(open.element)
            } else if starts(with: "<!--") {
                try comment()
            } else if starts(with: "<![CDATA[") {
                let text = try cdata()
                stack[stack.count - 1].element.text += text
            } else if starts(with: "<?") {
                if isDeclaration() { throw fault("the '<?xml …?>' declaration may only begin the file", length: 5) }
                try processingInstruction()
            } else if starts(with: "<!") {
                throw fault("expected an element, a comment or a CDATA section after '<!'", length: 2)
            } else if bytes[position] == UInt8(ascii: "<") {
                (first, isEmpty) = try startTag()
                if isEmpty {
                    stack[stack.count - 1].element.children.append(first.element)
                } else {
                    guard stack.count < Self.maximumDepth else {
                        throw Fault(
                            message: "elements nested more than \(Self.maximumDepth) deep are not read",
                            range: first.element.nameRange)
                    }
                    stack.append(first)
                }
            } else {
                let text = try characterData()
                stack[stack.count - 1].element.text += text
            }
        }
    }

    /// `<name attr="value" …>` or `<name … />`; `isEmpty` for the latter.
    mutating func startTag() throws -> (OpenElement, isEmpty: Bool) {
        let start = position
        position += 1
        let (name, nameRange) = try self.name(what: "an element name after '<'")
        var attributes: [XMLElementSyntax.Attribute] = []
        while true {
            let hadSpace = skipSpaces()
            guard position < bytes.count else {
                throw Fault(
                    message: "expected '>' to end the start tag of '<\(name)>'", range: .point(bytes.count),
                    notes: [.init("'<\(name)>' starts here", at: nameRange)])
            }
            if bytes[position] == UInt8(ascii: ">") {
                position += 1
                return (OpenElement(element: XMLElementSyntax(name: name, nameRange: nameRange, attributes: attributes, range: SourceRange(start: start, end: position)), start: start), false)
            }
            if starts(with: "/>") {
                position += 2
                return (OpenElement(element: XMLElementSyntax(name: name, nameRange: nameRange, attributes: attributes, range: SourceRange(start: start, end: position)), start: start), true)
            }
            guard hadSpace else {
                throw fault("expected a space, '>' or '/>' in the start tag of '<\(name)>', found \(describeHere())", length: 1)
            }
            let attribute = try self.attribute(in: name)
            if let previous = attributes.first(where: { $0.name == attribute.name }) {
                throw Fault(
                    message: "'<\(name)>' has the attribute '\(attribute.name)' twice; remove one",
                    range: attribute.nameRange, notes: [.init("first written here", at: previous.nameRange)])
            }
            attributes.append(attribute)
        }
    }

    /// `name="value"` or `name='value'`.
    mutating func attribute(in element: String) throws -> XMLElementSyntax.Attribute {
        let (name, nameRange) = try self.name(what: "an attribute name, '>' or '/>' in the start tag of '<\(element)>'")
        skipSpaces()
        guard position < bytes.count, bytes[position] == UInt8(ascii: "=") else {
            throw fault("expected '=' after the attribute name '\(name)', found \(describeHere())", length: 1)
        }
        position += 1
        skipSpaces()
        guard position < bytes.count, bytes[position] == UInt8(ascii: "\"") || bytes[position] == UInt8(ascii: "'") else {
            throw fault("expected a quoted value after '\(name)=', such as \(name)=\"…\"", length: 1)
        }
        let quote = bytes[position]
        position += 1
        let valueStart = position
        var value: [UInt8] = []
        while true {
            guard position < bytes.count else {
                throw Fault(
                    message: "expected a closing \(quote == UInt8(ascii: "\"") ? "'\"'" : "\"'\"") to end the value of '\(name)'",
                    range: .point(bytes.count), notes: [.init("the value starts here", at: .point(valueStart - 1))])
            }
            let byte = bytes[position]
            if byte == quote { break }
            if byte == UInt8(ascii: "<") {
                throw fault("an attribute value cannot contain '<'; write '&lt;'", length: 1)
            }
            if byte == UInt8(ascii: "&") {
                value.append(contentsOf: try reference())
                continue
            }
            // Attribute-value normalisation: each whitespace character becomes a space.
            if byte == UInt8(ascii: "\r") {
                value.append(UInt8(ascii: " "))
                position += 1
                if position < bytes.count, bytes[position] == UInt8(ascii: "\n") { position += 1 }
                continue
            }
            value.append(byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\t") ? UInt8(ascii: " ") : byte)
            position += 1
        }
        let valueRange = SourceRange(start: valueStart, end: position)
        position += 1
        return XMLElementSyntax.Attribute(name: name, value: String(decoding: value, as: UTF8.self), nameRange: nameRange, valueRange: valueRange)
    }

    /// `</name>`, returning the name and the tag's range.
    mutating func endTag() throws -> (name: String, range: SourceRange) {
        let start = position
        position += 2
        let (name, _) = try self.name(what: "an element name after '</'")
        skipSpaces()
        guard position < bytes.count, bytes[position] == UInt8(ascii: ">") else {
            throw fault("expected '>' to end '</\(name)', found \(describeHere())", length: 1)
        }
        position += 1
        return (name, SourceRange(start: start, end: position))
    }

    /// Text up to the next `<`, references decoded.
    mutating func characterData() throws -> String {
        var text: [UInt8] = []
        while position < bytes.count, bytes[position] != UInt8(ascii: "<") {
            if bytes[position] == UInt8(ascii: "&") {
                text.append(contentsOf: try reference())
                continue
            }
            if starts(with: "]]>") { throw fault("']]>' may not appear in text; write ']]&gt;'", length: 3) }
            text.append(bytes[position])
            position += 1
        }
        return String(decoding: text, as: UTF8.self)
    }

    /// `&amp;`, `&lt;`, `&gt;`, `&quot;`, `&apos;`, `&#65;` or `&#x41;`: the bytes it stands for.
    mutating func reference() throws -> [UInt8] {
        let start = position
        position += 1
        while position < bytes.count, bytes[position] != UInt8(ascii: ";"), position - start <= 32,
            isNameByte(bytes[position]) || bytes[position] == UInt8(ascii: "#")
        {
            position += 1
        }
        guard position < bytes.count, bytes[position] == UInt8(ascii: ";") else {
            position = start
            throw fault("'&' must begin a reference such as '&amp;' (a literal '&' is written '&amp;')", length: 1)
        }
        position += 1
        let range = SourceRange(start: start, end: position)
        let body = Array(bytes[(start + 1)..<(position - 1)])
        switch String(decoding: body, as: UTF8.self) {
        case "amp": return [UInt8(ascii: "&")]
        case "lt": return [UInt8(ascii: "<")]
        case "gt": return [UInt8(ascii: ">")]
        case "quot": return [UInt8(ascii: "\"")]
        case "apos": return [UInt8(ascii: "'")]
        default: break
        }
        guard body.first == UInt8(ascii: "#") else {
            throw Fault(
                message: "unknown entity '\(source.text(in: range))'; only '&amp;', '&lt;', '&gt;', '&quot;', '&apos;' and numeric references are read",
                range: range)
        }
        var digits = body.dropFirst()
        var radix: UInt32 = 10
        if digits.first == UInt8(ascii: "x") {
            radix = 16
            digits = digits.dropFirst()
        }
        var value: UInt32 = 0
        for digit in digits {
            guard let number = hexValue(digit), number < radix, value <= 0x10FFFF else {
                throw Fault(message: "'\(source.text(in: range))' is not a character reference; write '&#65;' or '&#x41;'", range: range)
            }
            value = value * radix + number
        }
        guard !digits.isEmpty, value != 0, let scalar = Unicode.Scalar(value) else {
            throw Fault(message: "'\(source.text(in: range))' does not name a character XML allows", range: range)
        }
        return Array(String(Character(scalar)).utf8)
    }

    // MARK: Markup that carries no data

    /// `<!-- … -->`; `--` may not appear inside.
    mutating func comment() throws {
        let start = position
        position += 4
        while position < bytes.count {
            if starts(with: "--") {
                guard starts(with: "-->") else { throw fault("'--' may not appear inside a comment", length: 2) }
                position += 3
                return
            }
            position += 1
        }
        throw Fault(message: "expected '-->' to end the comment", range: .point(bytes.count), notes: [.init("the comment starts here", at: SourceRange(start: start, end: start + 4))])
    }

    /// `<![CDATA[ … ]]>`: its text, as written.
    mutating func cdata() throws -> String {
        let start = position
        position += 9
        let textStart = position
        while position < bytes.count {
            if starts(with: "]]>") {
                let text = String(decoding: bytes[textStart..<position], as: UTF8.self)
                position += 3
                return text
            }
            position += 1
        }
        throw Fault(
            message: "expected ']]>' to end the CDATA section", range: .point(bytes.count),
            notes: [.init("the CDATA section starts here", at: SourceRange(start: start, end: start + 9))])
    }

    /// `<?target … ?>`, the `<?xml …?>` declaration included: skipped.
    mutating func processingInstruction() throws {
        let start = position
        position += 2
        while position < bytes.count {
            if starts(with: "?>") {
                position += 2
                return
            }
            position += 1
        }
        throw Fault(message: "expected '?>' to end '<?'", range: .point(bytes.count), notes: [.init("it starts here", at: SourceRange(start: start, end: start + 2))])
    }

    /// `<!DOCTYPE name PUBLIC "…" "…">`: skipped; an internal subset (`[ … ]`) is refused.
    mutating func doctype() throws {
        let start = position
        position += 9
        while position < bytes.count {
            let byte = bytes[position]
            if byte == UInt8(ascii: ">") {
                position += 1
                return
            }
            if byte == UInt8(ascii: "[") {
                throw fault("a '<!DOCTYPE' with an internal subset ('[ … ]') is not read; remove the subset", length: 1)
            }
            if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                position += 1
                while position < bytes.count, bytes[position] != byte { position += 1 }
            }
            position += 1
        }
        throw Fault(message: "expected '>' to end '<!DOCTYPE'", range: .point(bytes.count), notes: [.init("it starts here", at: SourceRange(start: start, end: start + 9))])
    }

    // MARK: Bytes

    /// Whether `<?xml` followed by a space or `?` (not `<?xml-stylesheet`) is at `position`.
    func isDeclaration() -> Bool {
        guard starts(with: "<?xml"), position + 5 < bytes.count else { return false }
        return isSpace(bytes[position + 5]) || bytes[position + 5] == UInt8(ascii: "?")
    }

    /// An XML name at `position`.
    mutating func name(what: String) throws -> (String, SourceRange) {
        let start = position
        guard position < bytes.count, isNameStartByte(bytes[position]) else {
            throw fault("expected \(what), found \(describeHere())", length: 1)
        }
        while position < bytes.count, isNameByte(bytes[position]) { position += 1 }
        let range = SourceRange(start: start, end: position)
        return (source.text(in: range), range)
    }

    func isNameStartByte(_ byte: UInt8) -> Bool {
        byte >= 0x80 || (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")) || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
            || byte == UInt8(ascii: "_") || byte == UInt8(ascii: ":")
    }

    func isNameByte(_ byte: UInt8) -> Bool {
        isNameStartByte(byte) || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || byte == UInt8(ascii: "-")
            || byte == UInt8(ascii: ".")
    }

    func isSpace(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\r")
    }

    func hexValue(_ byte: UInt8) -> UInt32? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt32(byte - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt32(byte - UInt8(ascii: "A") + 10)
        default: nil
        }
    }

    @discardableResult
    mutating func skipSpaces() -> Bool {
        let start = position
        while position < bytes.count, isSpace(bytes[position]) { position += 1 }
        return position > start
    }

    func starts(with text: StaticString) -> Bool {
        let count = text.utf8CodeUnitCount
        guard position + count <= bytes.count else { return false }
        return text.withUTF8Buffer { prefix in
            for index in 0..<count where bytes[position + index] != prefix[index] { return false }
            return true
        }
    }

    /// What is at `position`, for messages: `'x'` or "the end of the file".
    func describeHere() -> String {
        guard position < bytes.count else { return "the end of the file" }
        let byte = bytes[position]
        if byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r") { return "the end of the line" }
        if byte < 0x80 { return "'\(Character(Unicode.Scalar(byte)))'" }
        let length = byte >= 0xF0 ? 4 : byte >= 0xE0 ? 3 : 2
        return "'\(source.text(in: SourceRange(start: position, end: min(bytes.count, position + length))))'"
    }

    func fault(_ message: String, length: Int) -> Fault {
        Fault(message: message, range: SourceRange(start: position, end: min(bytes.count, position + length)))
    }
}

extension DiagnosticID {
    /// An XML file (an Xcode data model's `contents`, a property list) that is not well-formed.
    public static let malformedXML: DiagnosticID = "malformed-xml"
}
