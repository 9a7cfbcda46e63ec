import SiftSyntax

/// A model: a Swift type whose objects are the rows of one table.
public struct Model: Sendable, Hashable {
    /// A queryable member: an attribute or a relationship.
    public enum Member: Sendable, Hashable {
        case attribute(Attribute)
        case relationship(Relationship)

        public var name: String {
            switch self {
            case .attribute(let attribute): attribute.name
            case .relationship(let relationship): relationship.name
            }
        }

        public var declaration: SourceRange? {
            switch self {
            case .attribute(let attribute): attribute.declaration
            case .relationship(let relationship): relationship.declaration
            }
        }

        public var typeDescription: String {
            switch self {
            case .attribute(let attribute): attribute.typeDescription
            case .relationship(let relationship): relationship.typeDescription
            }
        }
    }

    /// A member that exists in Swift but is not stored (`@Transient`, computed): naming it in a
    /// query is an error that says why.
    public struct UnqueryableMember: Sendable, Hashable {
        public var name: String
        /// Why it cannot be queried, e.g. "it is marked @Transient, so it is not stored".
        public var reason: String
        public var declaration: SourceRange?

        public init(name: String, reason: String, declaration: SourceRange? = nil) {
            self.name = name
            self.reason = reason
            self.declaration = declaration
        }
    }

    /// The Swift name (`User`).
    public var name: String
    /// The table (`users`).
    public var tableName: String
    /// The column(s) that identify a row; `["rowid"]` for a table without a declared key.
    public var primaryKey: [String]
    public var members: [Member] {
        didSet {
            memberNames = members.map(\.name)
            attributes = Self.attributes(of: members)
        }
    }
    /// The members' names, in order: looking a member up compares names without copying members.
    public private(set) var memberNames: [String]
    /// The attributes among the members, in order (kept, not built per use: a query's columns
    /// read them on every compilation).
    public private(set) var attributes: [Attribute]
    public var unqueryableMembers: [UnqueryableMember]
    public var style: ModelStyle
    public var declaration: SourceRange?

    public init(
        name: String, tableName: String, primaryKey: [String], members: [Member] = [],
        unqueryableMembers: [UnqueryableMember] = [], style: ModelStyle, declaration: SourceRange? = nil
    ) {
        self.name = name
        self.tableName = tableName
        self.primaryKey = primaryKey
        self.members = members
        self.memberNames = members.map(\.name)
        self.attributes = Self.attributes(of: members)
        self.unqueryableMembers = unqueryableMembers
        self.style = style
        self.declaration = declaration
    }

    public func member(named name: String) -> Member? { memberNames.firstIndex(of: name).map { members[$0] } }

    public func attribute(named name: String) -> Attribute? {
        if case .attribute(let attribute)? = member(named: name) { return attribute }
        return nil
    }

    public func relationship(named name: String) -> Relationship? {
        if case .relationship(let relationship)? = member(named: name) { return relationship }
        return nil
    }

    static func attributes(of members: [Member]) -> [Attribute] {
        members.compactMap { if case .attribute(let a) = $0 { a } else { nil } }
    }

    public var relationships: [Relationship] {
        members.compactMap { if case .relationship(let r) = $0 { r } else { nil } }
    }
}
