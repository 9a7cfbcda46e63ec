/// A StructuredQueries `@Selection` enum with associated values held by a table's property (`var
/// kind: Kind` with `@Selection enum Kind { case link(URL); case image(Attachment.Image) }`): one
/// table for several kinds of rows. Each case's value is stored in columns of the table that are
/// NULL in the rows of the other cases: a case of one value in one column (named after the case,
/// or `@Column("name")`), a case of an `@Selection` struct in the struct's columns. Every such
/// column is an optional attribute of the model holding the enum, named by the path a query
/// reads it through: `kind.note`, `kind.image.caption`.
///
/// A row's case is the first, in declaration order, whose value decodes (its column, or every
/// non-optional column of its struct, is not NULL); StructuredQueries reports a row where none
/// does as a decoding error (nil when the property is optional).
public struct EnumColumnGroup: Sendable, Hashable {
    /// One case of the enum.
    public struct Case: Sendable, Hashable {
        /// The case's name (`link`).
        public var name: String
        /// The associated value's label, when the declaration writes one (`startDate` in
        /// `case interval(startDate: Date)`).
        public var label: String?
        /// The attributes of the model that hold the case's value: one for a value (`kind.note`),
        /// the struct's columns in its declaration order for an `@Selection` struct
        /// (`kind.image.caption`, ...).
        public var attributeNames: [String]
        /// The `@Selection` struct the case holds (`Image`), nil for a single value.
        public var structName: String?
        /// The struct's columns that the struct itself declares optional: they do not decide the case.
        public var optionalAttributeNames: [String]

        /// A case `name` whose value is held by `attributeNames`.
        public init(name: String, label: String? = nil, attributeNames: [String], structName: String? = nil, optionalAttributeNames: [String] = []) {
            self.name = name
            self.label = label
            self.attributeNames = attributeNames
            self.structName = structName
            self.optionalAttributeNames = optionalAttributeNames
        }

        /// The attributes whose values decide whether a row is of this case: the single value's,
        /// or the struct's non-optional columns (all of them when every one is optional).
        public var requiredAttributeNames: [String] {
            let required = attributeNames.filter { !optionalAttributeNames.contains($0) }
            return required.isEmpty ? attributeNames : required
        }
    }

    /// The property of the model that holds the enum (`kind`).
    public var name: String
    /// The enum's name (`Kind`), as the model file declares it.
    public var typeName: String
    /// Whether the property is optional (`var kind: Kind?`): a row of no case is nil.
    public var isOptional: Bool
    /// The cases, in declaration order.
    public var cases: [Case]

    /// An enum `typeName` held by the property `name`.
    public init(name: String, typeName: String, isOptional: Bool = false, cases: [Case]) {
        self.name = name
        self.typeName = typeName
        self.isOptional = isOptional
        self.cases = cases
    }

    /// Every attribute of the enum's cases, in order.
    public var attributeNames: [String] { cases.flatMap(\.attributeNames) }

    /// The case named `name`.
    public func enumCase(named name: String) -> Case? { cases.first { $0.name == name } }

    /// The name a column of the case is declared with: the case's name for a single value
    /// (`note`), the struct's property for a struct's column (`caption`).
    public func declaredName(of attributeName: String, in enumCase: Case) -> String {
        let prefix = "\(name).\(enumCase.name)"
        return attributeName.count > prefix.count + 1 ? String(attributeName.dropFirst(prefix.count + 1)) : enumCase.name
    }
}
