import SiftSyntax
import Testing

/// The XML reader behind Xcode data models: what it reads (as a printed tree of elements, their
/// attributes and text) and the exact rendered diagnostic of each malformed input.
@Suite struct XMLSyntaxParserTests {
    /// `name a="v" … "text"` per element, children indented; or the rendered diagnostics.
    static func read(_ text: String) -> String {
        let source = SourceFile(name: "contents", text: text)
        let parsed = XMLSyntaxParser.parse(source)
        guard let root = parsed.value else { return DiagnosticRenderer().render(parsed.diagnostics, in: source) }
        #expect(parsed.diagnostics.isEmpty)
        var lines: [String] = []
        func visit(_ element: XMLElementSyntax, depth: Int) {
            var line = String(repeating: "  ", count: depth) + element.name
            for attribute in element.attributes { line += " \(attribute.name)=\(attribute.value.debugDescription)" }
            if !element.text.allSatisfy(\.isWhitespace) { line += " text=\(element.text.debugDescription)" }
            lines.append(line)
            for child in element.children { visit(child, depth: depth + 1) }
        }
        visit(root, depth: 0)
        return lines.joined(separator: "\n")
    }

    @Test func readsElementsAttributesAndText() {
        #expect(
            Self.read(
                """
                <?xml version="1.0" encoding="UTF-8" standalone="yes"?>
                <!-- written by Xcode -->
                <model type="com.apple.IDECoreDataModeler.DataModel">
                    <entity name="User" representedClassName='User'>
                        <attribute name="age" attributeType="Integer 64"/>
                        <?editor ignored?>
                    </entity>
                    <elements/>
                </model>

                """) == """
                model type="com.apple.IDECoreDataModeler.DataModel"
                  entity name="User" representedClassName="User"
                    attribute name="age" attributeType="Integer 64"
                  elements
                """)
    }

    @Test func decodesReferencesCDATAAndNormalisesAttributeWhitespace() {
        #expect(
            Self.read(
                "<fetchRequest predicateString=\"a &lt; 5 &amp;&amp; b &gt; &quot;x&quot; &apos;y&apos; &#65;&#x42;&#x1F600;\" note=\"one\ttwo\nthree\">"
                    + "x &amp; y <![CDATA[<raw> & ]]> z</fetchRequest>") == """
                fetchRequest predicateString="a < 5 && b > \\"x\\" \\'y\\' AB😀" note="one two three" text="x & y <raw> &  z"
                """)
    }

    @Test func readsAPropertyListWithItsDoctype() {
        #expect(
            Self.read(
                """
                <?xml version="1.0" encoding="UTF-8"?>
                <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
                <plist version="1.0">
                <dict>
                \t<key>_XCCurrentVersionName</key>
                \t<string>Model 2.xcdatamodel</string>
                </dict>
                </plist>
                """) == """
                plist version="1.0"
                  dict
                    key text="_XCCurrentVersionName"
                    string text="Model 2.xcdatamodel"
                """)
    }

    @Test func nestingIsReadToTheLimitAndRefusedBeyond() {
        func nested(_ depth: Int) -> String { String(repeating: "<a>", count: depth) + String(repeating: "</a>", count: depth) }
        let deepest = XMLSyntaxParser.parse(SourceFile(text: nested(XMLSyntaxParser.maximumDepth)))
        #expect(deepest.diagnostics.isEmpty)
        var level = 0
        var element = deepest.value
        while let current = element {
            level += 1
            element = current.children.first
        }
        #expect(level == XMLSyntaxParser.maximumDepth)
        // Far deeper input is refused at the first element too deep, without a crash.
        let tooDeep = XMLSyntaxParser.parse(SourceFile(text: nested(1_000_000)))
        #expect(tooDeep.value == nil)
        #expect(tooDeep.diagnostics.map(\.message) == ["elements nested more than 256 deep are not read"])
        #expect(tooDeep.diagnostics.first?.range == SourceRange(start: 256 * 3 + 1, end: 256 * 3 + 2))
    }

    @Test func mismatchedEndTag() {
        #expect(
            Self.read("<model>\n  <entity name=\"User\">\n  </model>\n") == """
                contents:3:3: error: '</model>' does not close '<entity>'; write '</entity>'
                  </model>
                  ^~~~~~~~
                contents:2:4: note: '<entity>' starts here
                  <entity name="User">
                   ^~~~~~

                """)
    }

    @Test func unclosedElementAtTheEnd() {
        #expect(
            Self.read("<model>\n  <entity name=\"User\"/>\n") == """
                contents:3:1: error: expected '</model>' to close '<model>' before the end of the file

                ^
                contents:1:2: note: '<model>' starts here
                <model>
                 ^~~~~

                """)
    }

    @Test func unknownNamedEntity() {
        #expect(
            Self.read("<model name=\"a &nbsp; b\"/>") == """
                contents:1:16: error: unknown entity '&nbsp;'; only '&amp;', '&lt;', '&gt;', '&quot;', '&apos;' and numeric references are read
                <model name="a &nbsp; b"/>
                               ^~~~~~

                """)
    }

    @Test func bareAmpersand() {
        #expect(
            Self.read("<model name=\"Tom & Jerry\"/>") == """
                contents:1:18: error: '&' must begin a reference such as '&amp;' (a literal '&' is written '&amp;')
                <model name="Tom & Jerry"/>
                                 ^

                """)
    }

    @Test func duplicateAttribute() {
        #expect(
            Self.read("<attribute name=\"a\" optional=\"YES\" name=\"b\"/>") == """
                contents:1:36: error: '<attribute>' has the attribute 'name' twice; remove one
                <attribute name="a" optional="YES" name="b"/>
                                                   ^~~~
                contents:1:12: note: first written here
                <attribute name="a" optional="YES" name="b"/>
                           ^~~~

                """)
    }

    @Test func unquotedAttributeValue() {
        #expect(
            Self.read("<attribute name=age/>") == """
                contents:1:17: error: expected a quoted value after 'name=', such as name="…"
                <attribute name=age/>
                                ^

                """)
    }

    @Test func internalSubsetIsRefused() {
        #expect(
            Self.read("<!DOCTYPE model [<!ENTITY x \"xx\">]><model/>") == """
                contents:1:17: error: a '<!DOCTYPE' with an internal subset ('[ … ]') is not read; remove the subset
                <!DOCTYPE model [<!ENTITY x "xx">]><model/>
                                ^

                """)
    }

    @Test func textAfterTheRootElement() {
        #expect(
            Self.read("<model/>\ntrailing") == """
                contents:2:1: error: only comments and whitespace may follow the root element 'model'; remove this
                trailing
                ^

                """)
    }

    @Test func declarationOnlyAtTheStart() {
        #expect(
            Self.read("\n<?xml version=\"1.0\"?><model/>") == """
                contents:2:1: error: the '<?xml …?>' declaration may only begin the file
                <?xml version="1.0"?><model/>
                ^~~~~

                """)
    }

    @Test func unterminatedComment() {
        #expect(
            Self.read("<model><!-- no end</model>") == """
                contents:1:27: error: expected '-->' to end the comment
                <model><!-- no end</model>
                                          ^
                contents:1:8: note: the comment starts here
                <model><!-- no end</model>
                       ^~~~

                """)
    }

    @Test func emptyDocument() {
        #expect(
            Self.read("  \n") == """
                contents:2:1: error: the document is empty: expected a root element such as '<model>'

                ^

                """)
    }

    @Test func invalidCharacterReference() {
        #expect(
            Self.read("<a b=\"&#xD800;\"/>") == """
                contents:1:7: error: '&#xD800;' does not name a character XML allows
                <a b="&#xD800;"/>
                      ^~~~~~~~

                """)
    }
}
