/// An element of an XML document (an Xcode data model's `contents`, a property list), with
/// where each of its parts is written, so that what is read from it can be reported at its place.
package struct XMLElementSyntax: Sendable, Hashable {
    /// `name="value"` in a start tag.
    package struct Attribute: Sendable, Hashable {
        /// The attribute's name.
        package var name: String
        /// Its value, references decoded (`&amp;` is `&`).
        package var value: String
        /// Where the name is written.
        package var nameRange: SourceRange
        /// Where the value is written, inside the quotes.
        package var valueRange: SourceRange

        /// An attribute `name="value"` written at these ranges.
        package init(name: String, value: String, nameRange: SourceRange, valueRange: SourceRange) {
            self.name = name
            self.value = value
            self.nameRange = nameRange
            self.valueRange = valueRange
        }
    }

    /// The element's name (`entity`).
    package var name: String
    /// Where the name is written in the start tag.
    package var nameRange: SourceRange
    /// The attributes, in the order written.
    package var attributes: [Attribute]
    /// The child elements, in order.
    package var children: [XMLElementSyntax]
    /// The character data directly inside the element (CDATA sections included), references
    /// decoded, the children's text left out.
    package var text: String
    /// From the start tag's `<` to the end of the end tag (or of `/>`).
    package var range: SourceRange

    /// An element named `name`.
    package init(
        name: String, nameRange: SourceRange, attributes: [Attribute] = [], children: [XMLElementSyntax] = [],
        text: String = "", range: SourceRange
    ) {
        self.name = name
        self.nameRange = nameRange
        self.attributes = attributes
        self.children = children
        self.text = text
        self.range = range
    }

    /// The attribute named `name`, if written.
    package func attribute(_ name: String) -> Attribute? { attributes.first { $0.name == name } }

    /// The child elements named `name`, in order.
    package func children(named name: String) -> [XMLElementSyntax] { children.filter { $0.name == name } }
}
