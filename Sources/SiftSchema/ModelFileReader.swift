import SiftSyntax

/// Reads a model file (SwiftData `@Model` classes, StructuredQueries `@Table` structs and raw-value
/// enums, in Swift syntax) into a ``Schema``, reporting inconsistencies as diagnostics on the file.
///
/// Conventions (documented in the README):
/// - The table is `@Table("name")` or ``Naming/tableName(forModel:)``; a column is `@Column("name")`,
///   `@Attribute(originalName: "name")`, or the property name.
/// - The primary key is the `id` property, or an implicit INTEGER `id` column when none is declared.
/// - `var company: Company?` is a to-one relationship stored in the column `companyID`.
/// - `var users: [User]` is a to-many relationship: through the target's to-one back to this model
///   when there is one (one-to-many), otherwise through a join table named after both models in
///   declaration order (`userInterests` with columns `userID`, `interestID`) when the target has a
///   to-many back (many-to-many).
/// - In a `@Table` struct, `var remindersListID: RemindersList.ID` is a foreign key: it stays an
///   attribute and also gives the to-one relationship `remindersList`, with the inverse
///   `reminders` on `RemindersList`; a `@Table` whose primary key is two such keys is a join table.
/// - Storage is declared with `@Column(as: Date.UnixTimeRepresentation.self)` (StructuredQueries) or
///   `@Storage(.unixTime)` (Sift), and otherwise defaults by type (see ``Storage``).
/// - `@Transient` and computed properties are not stored: naming them in a query is an error;
///   so is naming a Transformable property (`@Attribute(.transformable(by:))`) or a `Decimal`,
///   whose stored form SQL cannot compare as Swift compares the values.
public struct ModelFileReader {
    let source: SourceFile
    var diagnostics: [Diagnostic] = []
    var enums: [String: EnumType] = [:]
    var enumOrder: [String] = []
    /// Enums declared but not storable (already reported): their uses are not reported again.
    var rejectedEnums: Set<String> = []
    var typeDeclarations: [TypeDeclaration] = []
    /// `@Selection` structs: column groups, stored inline in the tables whose properties hold them.
    var selectionGroups: [String: TypeDeclaration] = [:]
    /// `@Selection` enums with associated values: one table for several kinds of rows, stored
    /// inline in the tables whose properties hold them.
    var selectionEnums: [String: EnumDeclaration] = [:]
    /// The groups being read, outermost first (a group that holds itself is reported, not followed).
    var openGroups: [String] = []
    /// The nodes of the file's expressions.
    var tree = SyntaxTree.empty
    /// Each model's ancestors (Core Data parent entities): a relationship inherited from one may
    /// have an inverse that points back to the ancestor.
    var ancestors: [String: Set<String>] = [:]

    /// Reads a parsed model file. Parse diagnostics are not repeated here.
    public static func read(_ file: ModelFileSyntax, source: SourceFile) -> (Schema, [Diagnostic]) {
        var reader = ModelFileReader(source: source)
        let schema = reader.read(file)
        return (schema, reader.diagnostics)
    }

    init(source: SourceFile) {
        self.source = source
    }

    mutating func error(_ id: DiagnosticID, _ message: String, at range: SourceRange, notes: [Diagnostic.Note] = [], fixIts: [Diagnostic.FixIt] = []) {
        diagnostics.append(.error(id, message, at: range, notes: notes, fixIts: fixIts))
    }

    /// Reports a name with the `$` prefix, which Swift reserves for the names it synthesizes (and
    /// rejects in a declaration); the declaration is then left out, as no printed model could
    /// declare it again.
    mutating func isReserved(_ name: Identifier, kind: String) -> Bool {
        guard name.name.hasPrefix("$") else { return false }
        let bare = String(name.name.dropFirst())
        error(
            .reservedName,
            "cannot declare \(kind) named '\(name.name)': Swift reserves the '$' prefix for the names it synthesizes; remove the '$'",
            at: name.range, fixIts: Naming.isIdentifier(bare) ? [.init(replace: name.range, with: bare)] : [])
        return true
    }

    mutating func warning(_ id: DiagnosticID, _ message: String, at range: SourceRange, notes: [Diagnostic.Note] = []) {
        diagnostics.append(.warning(id, message, at: range, notes: notes))
    }

    // MARK: Reading

    mutating func read(_ file: ModelFileSyntax) -> Schema {
        tree = file.tree
        collect(file.declarations)
        var seen: [String: SourceRange] = [:]
        var drafts: [ModelDraft] = []
        for declaration in typeDeclarations {
            if isReserved(declaration.name, kind: "a type") { continue }
            if let previous = seen[declaration.name.name] {
                error(
                    .duplicateModel, "the model '\(declaration.name.name)' is declared twice", at: declaration.name.range,
                    notes: [.init("first declared here", at: previous)])
                continue
            }
            seen[declaration.name.name] = declaration.name.range
            drafts.append(draft(for: declaration))
        }
        let models = link(drafts)
        return Schema(models: models, enums: enumOrder.compactMap { enums[$0] }, source: source)
    }

    /// Gathers enums first (properties may use them before their declaration) and the types.
    mutating func collect(_ declarations: [Declaration]) {
        for declaration in declarations {
            switch declaration {
            case .enumeration(let enumDeclaration):
                if attribute(named: "Selection", in: enumDeclaration.attributes) != nil {
                    collectSelectionEnum(enumDeclaration)
                    continue
                }
                guard let enumType = readEnum(enumDeclaration) else {
                    rejectedEnums.insert(enumDeclaration.name.name)
                    continue
                }
                if enums[enumType.name] != nil || selectionEnums[enumType.name] != nil {
                    error(.duplicateModel, "the enum '\(enumType.name)' is declared twice", at: enumDeclaration.name.range)
                } else {
                    enums[enumType.name] = enumType
                    enumOrder.append(enumType.name)
                }
            case .type(let typeDeclaration):
                if attribute(named: "Selection", in: typeDeclaration.attributes) != nil,
                    attribute(named: "Table", in: typeDeclaration.attributes) == nil
                {
                    selectionGroups[typeDeclaration.name.name] = typeDeclaration
                    continue
                }
                typeDeclarations.append(typeDeclaration)
                // Nested enums, and nested `@Selection` structs (`Attachment.Image`).
                collect(
                    typeDeclaration.members.filter {
                        switch $0 {
                        case .enumeration: true
                        case .type(let nested):
                            attribute(named: "Selection", in: nested.attributes) != nil && attribute(named: "Table", in: nested.attributes) == nil
                        default: false
                        }
                    })
            case .property(let property):
                warning(.badAttribute, "a top-level property is not part of any model; it is ignored", at: property.range)
            case .skipped:
                break
            }
        }
    }

    mutating func readEnum(_ declaration: EnumDeclaration) -> EnumType? {
        if isReserved(declaration.name, kind: "an enum") { return nil }
        guard let rawTypeSyntax = declaration.inheritance.first, case .named(let rawName, _) = rawTypeSyntax.kind,
            let rawType = ScalarType(swiftName: rawName.name), rawType == .string || rawType.isIntegerType
        else {
            error(
                .badEnum, "the enum '\(declaration.name.name)' needs an 'Int' or 'String' raw type to be stored, e.g. 'enum \(declaration.name.name): Int'",
                at: declaration.name.range)
            return nil
        }
        var cases: [EnumType.Case] = []
        var next: Int64 = 0
        var seen: Set<String> = []
        var seenValues: Set<EnumType.RawValue> = []
        for enumCase in declaration.cases {
            if isReserved(enumCase.name, kind: "an enum case") { continue }
            var value: EnumType.RawValue
            if rawType == .string {
                value = .string(enumCase.name.name)
                if let raw = enumCase.rawValue {
                    if case .stringLiteral(let text) = tree[raw] { value = .string(text) } else {
                        error(.badEnum, "the raw value of a 'String' enum case must be a string literal", at: raw.range)
                    }
                }
            } else {
                value = .int(next)
                if let raw = enumCase.rawValue {
                    if let number = integerValue(raw) { value = .int(number) } else {
                        error(.badEnum, "the raw value of an '\(rawName.name)' enum case must be an integer literal", at: raw.range)
                    }
                }
                if case .int(let number) = value { next = number &+ 1 }
            }
            if !seen.insert(enumCase.name.name).inserted {
                error(.duplicateMember, "the case '\(enumCase.name.name)' is declared twice", at: enumCase.name.range)
            }
            if !seenValues.insert(value).inserted {
                error(.badEnum, "the raw value \(value) is used by two cases", at: enumCase.range)
            }
            cases.append(EnumType.Case(name: enumCase.name.name, rawValue: value, declaration: enumCase.name.range))
        }
        let storedRawType: ScalarType = rawType == .string ? .string : .integer(.int)
        var comparison: EnumType.Comparison?
        let declaresComparable = declaration.inheritance.contains { type in
            if case .named(let name, _) = type.kind { return name.name == "Comparable" }
            return false
        }
        if declaresComparable {
            switch declaration.lessThan {
            case .rawValues?: comparison = .rawValues
            case .other(let range)?: comparison = .other(range)
            case nil: comparison = .withoutLessThan
            }
        }
        return EnumType(
            name: declaration.name.name, rawType: storedRawType, cases: cases, declaration: declaration.name.range, comparison: comparison)
    }

    func integerValue(_ expr: Expr) -> Int64? {
        switch tree[expr] {
        case .integerLiteral(let literal): return literal.magnitude.flatMap { Int64(exactly: $0) }
        case .prefix(let prefix) where prefix.op == .negate: return integerValue(prefix.operand).map { -$0 }
        case .paren(let inner): return integerValue(inner)
        default: return nil
        }
    }

    // MARK: Models

    /// A model being read, before relationships are linked across models.
    struct ModelDraft {
        var model: Model
        var relationships: [RelationshipDraft]
        var foreignKeys: [(attribute: Attribute, target: String, range: SourceRange)]
    }

    struct RelationshipDraft {
        var name: Identifier
        var target: String
        var targetRange: SourceRange
        var isToMany: Bool
        var isOptional: Bool
        var inverse: (model: String?, name: Identifier)?
        var columnName: String?
        var isOrdered = false
    }

    func attribute(named name: String, in attributes: [AttributeSyntax]) -> AttributeSyntax? {
        attributes.first { $0.name.name == name }
    }

    mutating func draft(for declaration: TypeDeclaration) -> ModelDraft {
        let isTable = attribute(named: "Table", in: declaration.attributes) != nil
        let style: ModelStyle = isTable ? .table : .model
        var tableName = Naming.tableName(forModel: declaration.name.name)
        if let table = attribute(named: "Table", in: declaration.attributes), let argument = table.arguments?.first {
            if case .stringLiteral(let name) = tree[argument.value] { tableName = name } else {
                error(.badAttribute, "'@Table' takes the table's name as a string literal", at: argument.range)
            }
        }
        var model = Model(name: declaration.name.name, tableName: tableName, primaryKey: ["id"], style: style, declaration: declaration.name.range)
        model.isFullTextTable = isTable && declaration.inheritance.contains { type in
            if case .named(let name, _) = type.kind { return name.name == "FTS5" }
            return false
        }
        var relationships: [RelationshipDraft] = []
        var foreignKeys: [(Attribute, String, SourceRange)] = []
        var seen: [String: SourceRange] = [:]
        for member in declaration.members {
            guard case .property(let property) = member else { continue }
            if property.modifiers.contains(where: { $0.name == "static" || $0.name == "class" }) { continue }
            let name = property.name.name
            if let previous = seen[name] {
                error(
                    .duplicateMember, "'\(declaration.name.name)' declares '\(name)' twice", at: property.name.range,
                    notes: [.init("first declared here", at: previous)])
                continue
            }
            seen[name] = property.name.range
            if isReserved(property.name, kind: "a property") { continue }
            if attribute(named: "Transient", in: property.attributes) != nil {
                model.unqueryableMembers.append(
                    .init(name: name, reason: "it is marked @Transient, so it is not stored in the database", declaration: property.name.range))
                continue
            }
            if property.isComputed {
                model.unqueryableMembers.append(
                    .init(name: name, reason: "it is a computed property, so it is not stored in the database", declaration: property.name.range))
                continue
            }
            readProperty(property, style: style, into: &model, relationships: &relationships, foreignKeys: &foreignKeys)
        }
        reportColumnsAfterEnumCasesOfTheirName(in: &model)
        // The primary key: columns declared with `@Column(primaryKey: true)`, else `id`, else (for
        // a `@Table` without either) the rowid; join tables are settled when linking.
        let declaredKeys = model.attributes.filter { $0.isPrimaryKey && $0.name != "id" }
        if !declaredKeys.isEmpty {
            model.primaryKey = declaredKeys.map(\.columnName)
            for index in model.members.indices {
                if case .attribute(var attribute) = model.members[index], attribute.name == "id", !declaredKeys.isEmpty {
                    attribute.isPrimaryKey = false
                    model.members[index] = .attribute(attribute)
                }
            }
        } else if let id = model.attribute(named: "id") {
            model.primaryKey = [id.columnName]
        } else if style == .table, foreignKeys.count < 2 {
            Self.keyByRowID(&model)
        }
        return ModelDraft(model: model, relationships: relationships, foreignKeys: foreignKeys)
    }

    /// The relationship of `target` that `relationship` (of `draft`) names as its inverse: one it
    /// declares, or the to-one a `@Table` foreign key implies (`listID` gives `list`); nil when none.
    func declaredInverse(of relationship: RelationshipDraft, in draft: ModelDraft, target: ModelDraft) -> RelationshipDraft? {
        guard let inverse = relationship.inverse else { return nil }
        if let declared = target.relationships.first(where: { $0.name.name == inverse.name.name }) { return declared }
        guard
            let foreignKey = target.foreignKeys.first(where: {
                $0.target == draft.model.name && (Naming.relationshipName(forForeignKeyColumn: $0.attribute.name) ?? "") == inverse.name.name
            })
        else { return nil }
        return RelationshipDraft(
            name: inverse.name, target: draft.model.name, targetRange: foreignKey.range, isToMany: false,
            isOptional: foreignKey.attribute.isOptional, inverse: nil, columnName: foreignKey.attribute.columnName)
    }

    /// A `@Table` without a declared key or `id` is keyed by the rowid; `let rowid: Int` (an FTS5
    /// table's key) is that key.
    static func keyByRowID(_ model: inout Model) {
        model.primaryKey = ["rowid"]
        for index in model.members.indices {
            if case .attribute(var attribute) = model.members[index], attribute.columnName == "rowid" {
                attribute.isPrimaryKey = true
                attribute.isUnique = true
                model.members[index] = .attribute(attribute)
            }
        }
    }

    /// The type written for a property, or inferred from its literal initializer.
    mutating func propertyType(_ property: PropertyDeclaration) -> TypeSyntax? {
        if let type = property.type { return type }
        if let initializer = property.initializer {
            let name: String?
            switch tree[initializer] {
            case .booleanLiteral: name = "Bool"
            case .integerLiteral: name = "Int"
            case .floatLiteral: name = "Double"
            case .stringLiteral: name = "String"
            case .prefix(let prefix) where prefix.op == .negate:
                if case .floatLiteral = tree[prefix.operand] { name = "Double" } else { name = "Int" }
            default: name = nil
            }
            if let name { return TypeSyntax(.named(Identifier(name, at: initializer.range), genericArguments: []), at: initializer.range) }
        }
        if property.initializer != nil {
            error(
                .missingTypeAnnotation, "the type of '\(property.name.name)' cannot be inferred from its initial value; write it, e.g. 'var \(property.name.name): String'",
                at: property.name.range)
        }
        // Without a type and without a value, the parser has already said so.
        return nil
    }

    mutating func readProperty(
        _ property: PropertyDeclaration, style: ModelStyle, into model: inout Model, relationships: inout [RelationshipDraft],
        foreignKeys: inout [(Attribute, String, SourceRange)]
    ) {
        guard let typeSyntax = propertyType(property) else { return }
        if let json = jsonRepresentation(property) {
            // StructuredQueries' JSON column: a Codable value stored as its JSON text.
            var isOptional = false
            if case .optional = typeSyntax.kind { isOptional = true }
            var attribute = Attribute(
                name: property.name.name, columnName: columnName(for: property), type: .string, isOptional: isOptional, storage: .text,
                declaration: property.name.range)
            attribute.jsonRepresentation = json
            model.members.append(.attribute(attribute))
            return
        }
        var isOptional = false
        var isArray = false
        var core = typeSyntax
        if case .optional(let wrapped) = core.kind {
            isOptional = true
            core = wrapped
        } else if case .implicitlyUnwrappedOptional(let wrapped) = core.kind {
            isOptional = true
            core = wrapped
        }
        if case .array(let element) = core.kind {
            isArray = true
            core = element
        }
        guard case .named(let typeName, _) = core.kind else {
            error(.unknownType, "the type '\(source.text(in: typeSyntax.range))' cannot be stored; use a scalar, an enum or a model", at: typeSyntax.range)
            return
        }
        var written = typeName.name
        // `RemindersList.ID` (StructuredQueries' foreign key) and qualified names (`Foundation.Date`).
        var foreignKeyTarget: String?
        if written.hasSuffix(".ID") {
            foreignKeyTarget = String(written.dropLast(3))
            written = "Int"
        } else if let dot = written.lastIndex(of: ".") {
            written = String(written[written.index(after: dot)...])
        }
        let columnName = columnName(for: property)
        // Values SQL cannot compare as Swift does: stored through a value transformer (archived
        // bytes), or a Decimal (stored as a floating-point number).
        let isTransformable = attribute(named: "Attribute", in: property.attributes)?.arguments?.contains {
            source.text(in: $0.value.range).hasPrefix(".transformable")
        } ?? false
        if isTransformable || (written == "Decimal" && foreignKeyTarget == nil) {
            let reason =
                isTransformable
                ? "it is Transformable: stored as the bytes its value transformer archives, which SQL cannot compare as values"
                : "it is a Decimal, which the store keeps as a floating-point number: SQL would not compare it exactly as Decimal does"
            model.unqueryableMembers.append(.init(name: property.name.name, reason: reason, declaration: property.name.range))
            return
        }
        if let group = selectionGroups[written], foreignKeyTarget == nil, !isArray {
            readColumnGroup(group, property: property, isOptional: isOptional, style: style, into: &model)
            return
        }
        if let enumeration = selectionEnums[written], foreignKeyTarget == nil, !isArray {
            readEnumColumnGroup(enumeration, property: property, isOptional: isOptional, style: style, into: &model)
            return
        }
        if isModelName(written) && foreignKeyTarget == nil {
            let relationship = attribute(named: "Relationship", in: property.attributes)
            var inverse: (String?, Identifier)?
            if let argument = relationship?.arguments?.first(where: { $0.label?.name == "inverse" }) {
                if case .keyPath(let keyPath) = tree[argument.value], let last = keyPath.components.last {
                    var root: String?
                    if let rootType = keyPath.root, case .named(let rootName, _) = rootType.kind { root = rootName.name }
                    inverse = (root, last.name)
                } else {
                    error(.badInverse, "'inverse:' takes a key path such as '\\\(written).\(Naming.lowercasingFirst(model.name))'", at: argument.value.range)
                }
            }
            relationships.append(
                RelationshipDraft(
                    name: property.name, target: written, targetRange: typeName.range, isToMany: isArray, isOptional: isOptional,
                    inverse: inverse, columnName: property.type == nil ? nil : explicitColumnName(for: property)))
            return
        }
        if rejectedEnums.contains(written) { return }
        let isKnownType = ScalarType(swiftName: written) != nil || enums[written] != nil
        if isArray, isKnownType {
            error(
                .unknownType, "an array of '\(written)' cannot be stored in a column; only arrays of models (to-many relationships) are supported",
                at: typeSyntax.range)
            return
        }
        let scalar: ScalarType
        var enumRawType: ScalarType?
        if let known = ScalarType(swiftName: written) {
            scalar = known
        } else if let enumType = enums[written] {
            scalar = .enumeration(written)
            enumRawType = enumType.rawType
        } else {
            let candidates = ["Bool", "Int", "Double", "Float", "String", "Date", "UUID", "Data", "URL"] + enums.keys.sorted()
                + typeDeclarations.map(\.name.name)
            let suggestion = Suggestions.closest(to: written, among: candidates).first
            error(
                .unknownType, "cannot find type '\(written)'" + (suggestion.map { "; did you mean '\($0)'?" } ?? ""),
                at: typeName.range, fixIts: suggestion.map { [.init(replace: typeName.range, with: $0)] } ?? [])
            return
        }
        var storage = Storage.defaultStorage(for: scalar, enumRawType: enumRawType, modelStyle: style)
        if let declared = declaredStorage(property) {
            if declared.fits(scalar, enumRawType: enumRawType) {
                storage = declared
            } else {
                error(.badStorage, "'\(written)' cannot be stored as '\(declared.modelFileName)'", at: property.range)
            }
        }
        let isUnique = attribute(named: "Attribute", in: property.attributes)?.arguments?.contains {
            if case .implicitMember(let name) = tree[$0.value] { return name.name == "unique" }
            return false
        } ?? false
        let isDeclaredKey =
            attribute(named: "Column", in: property.attributes)?.arguments?.contains {
                guard $0.label?.name == "primaryKey" else { return false }
                if case .booleanLiteral(true) = tree[$0.value] { return true }
                return false
            } ?? false
        let attributeValue = Attribute(
            name: property.name.name, columnName: columnName, type: scalar, isOptional: isOptional, storage: storage,
            isUnique: isUnique || property.name.name == "id", isPrimaryKey: isDeclaredKey || property.name.name == "id",
            declaration: property.name.range)
        model.members.append(.attribute(attributeValue))
        if let foreignKeyTarget {
            foreignKeys.append((attributeValue, foreignKeyTarget, typeName.range))
        }
    }

    /// `var timestamps: Timestamps` with `@Selection struct Timestamps { ... }`: the group's
    /// properties are columns of this table (optional when the group is), named as the group
    /// declares them.
    mutating func readColumnGroup(_ group: TypeDeclaration, property: PropertyDeclaration, isOptional: Bool, style: ModelStyle, into model: inout Model) {
        if openGroups.contains(group.name.name) {
            error(
                .unknownType, "the column group '\(group.name.name)' holds itself; a table's columns cannot be infinitely many",
                at: property.range)
            return
        }
        openGroups.append(group.name.name)
        defer { openGroups.removeLast() }
        let before = model.attributes.count
        var relationships: [RelationshipDraft] = []
        var foreignKeys: [(Attribute, String, SourceRange)] = []
        for member in group.members {
            guard case .property(let inner) = member, !inner.isComputed,
                !inner.modifiers.contains(where: { $0.name == "static" }),
                attribute(named: "Transient", in: inner.attributes) == nil
            else { continue }
            if let existing = model.member(named: inner.name.name) {
                error(
                    .duplicateMember,
                    "'\(model.name)' has two members named '\(inner.name.name)': the column group '\(property.name.name)' declares one",
                    at: property.name.range, notes: [.init("declared here", at: inner.name.range)] + (existing.declaration.map { [.init("and here", at: $0)] } ?? []))
                continue
            }
            if let type = inner.type, case .named(let name, _) = (type.kind.wrappedIfOptional ?? type).kind,
                let enumName = name.name.split(separator: ".").last.map(String.init), selectionEnums[enumName] != nil
            {
                error(
                    .badEnum,
                    "'\(inner.name.name)' of the column group '\(group.name.name)' is a '@Selection' enum, which Sift does not read inside a column group; declare 'var \(inner.name.name): \(enumName)' in the table itself",
                    at: inner.name.range, notes: [.init("the column group is used here", at: property.name.range)])
                continue
            }
            readProperty(inner, style: style, into: &model, relationships: &relationships, foreignKeys: &foreignKeys)
        }
        if !relationships.isEmpty || !foreignKeys.isEmpty {
            error(
                .unknownType, "the column group '\(group.name.name)' refers to another table; only columns are read in a column group",
                at: group.name.range)
        }
        var names: [String] = []
        var attributeNumber = 0
        for index in model.members.indices {
            guard case .attribute(var attribute) = model.members[index] else { continue }
            defer { attributeNumber += 1 }
            guard attributeNumber >= before else { continue }
            if isOptional { attribute.isOptional = true }
            // Declared, for this table, where the group is: members keep their declaration order.
            attribute.declaration = property.name.range
            attribute.isPrimaryKey = false
            attribute.isUnique = false
            model.members[index] = .attribute(attribute)
            names.append(attribute.name)
        }
        model.columnGroups.append(ColumnGroup(name: property.name.name, attributeNames: names, typeName: group.name.name, isOptional: isOptional))
    }

    func isModelName(_ name: String) -> Bool { typeDeclarations.contains { $0.name.name == name } }

    func explicitColumnName(for property: PropertyDeclaration) -> String? {
        if let column = attribute(named: "Column", in: property.attributes), let argument = column.arguments?.first(where: { $0.label == nil }),
            case .stringLiteral(let name) = tree[argument.value]
        {
            return name
        }
        if let attr = attribute(named: "Attribute", in: property.attributes),
            let argument = attr.arguments?.first(where: { $0.label?.name == "originalName" }),
            case .stringLiteral(let name) = tree[argument.value]
        {
            return name
        }
        return nil
    }

    func columnName(for property: PropertyDeclaration) -> String {
        explicitColumnName(for: property) ?? property.name.name
    }

    /// `[String]` of `@Column(as: [String].JSONRepresentation.self)` (or `...JSONRepresentation?.self`).
    func jsonRepresentation(_ property: PropertyDeclaration) -> String? {
        guard let column = attribute(named: "Column", in: property.attributes),
            let argument = column.arguments?.first(where: { $0.label?.name == "as" })
        else { return nil }
        let text = source.text(in: argument.value.range).filter { !$0.isWhitespace }
        for suffix in [".JSONRepresentation.self", ".JSONRepresentation?.self"] where text.hasSuffix(suffix) {
            return String(text.dropLast(suffix.count))
        }
        return nil
    }

    /// `@Column(as: Date.UnixTimeRepresentation.self)` or `@Storage(.unixTime)`.
    mutating func declaredStorage(_ property: PropertyDeclaration) -> Storage? {
        if let storageAttribute = attribute(named: "Storage", in: property.attributes) {
            guard let argument = storageAttribute.arguments?.first, case .implicitMember(let name) = tree[argument.value],
                let storage = Storage.allCases.first(where: { $0.modelFileName == name.name })
            else {
                error(
                    .badStorage, "'@Storage' takes one of " + Storage.allCases.map { ".\($0.modelFileName)" }.joined(separator: ", "),
                    at: storageAttribute.range)
                return nil
            }
            return storage
        }
        if let column = attribute(named: "Column", in: property.attributes),
            let argument = column.arguments?.first(where: { $0.label?.name == "as" })
        {
            let text = source.text(in: argument.value.range)
            let representations: [(String, Storage)] = [
                ("UnixTimeRepresentation", .dateUnixSeconds), ("ISO8601Representation", .dateISO8601),
                ("TimeIntervalSinceReferenceDateRepresentation", .dateReferenceSeconds),
                ("LowercasedRepresentation", .uuidLowercaseText), ("UppercasedRepresentation", .uuidUppercaseText),
                ("BytesRepresentation", .uuidBlob),
            ]
            if let match = representations.first(where: { text.contains($0.0) }) { return match.1 }
            error(.badStorage, "unknown column representation '\(text)'", at: argument.value.range)
        }
        return nil
    }

    // MARK: Linking relationships across models

    mutating func link(_ drafts: [ModelDraft]) -> [Model] {
        var models = drafts.map(\.model)
        var index: [String: Int] = [:]
        for (position, draft) in drafts.enumerated() { index[draft.model.name] = position }
        let order = Dictionary(uniqueKeysWithValues: drafts.enumerated().map { ($1.model.name, $0) })
        func key(of model: String) -> String { models[index[model]!].primaryKey.first ?? "id" }

        // A @Table whose key is two foreign keys is a join table: many-to-many on both sides. Its
        // key is settled first, as a foreign key to it refers to its key. A foreign key to a model
        // the file does not declare is an error and an `Int` column: it does not count (the printed
        // schema holds it as one, and must read back as the same table).
        func resolvedForeignKeyColumns(_ draft: ModelDraft) -> [String] {
            draft.foreignKeys.filter { index[$0.target] != nil }.map(\.attribute.columnName)
        }
        func isJoinTable(_ draft: ModelDraft) -> Bool {
            let keys = resolvedForeignKeyColumns(draft)
            return draft.model.style == .table && keys.count == 2 && draft.model.attribute(named: "id") == nil
                && (draft.model.primaryKey == ["id"] || draft.model.primaryKey == keys)
        }
        for (position, draft) in drafts.enumerated() where draft.model.style == .table && draft.model.primaryKey == ["id"] {
            // Two or more foreign keys and no key declared: a join table, or else keyed by the rowid.
            if draft.model.attribute(named: "id") == nil, !isJoinTable(draft) { Self.keyByRowID(&models[position]) }
        }
        for (position, draft) in drafts.enumerated() where isJoinTable(draft) {
            let keyColumns = resolvedForeignKeyColumns(draft)
            models[position].primaryKey = keyColumns
            for index in models[position].members.indices {
                if case .attribute(var attribute) = models[position].members[index], keyColumns.contains(attribute.columnName) {
                    attribute.isPrimaryKey = true
                    models[position].members[index] = .attribute(attribute)
                }
            }
        }

        // @Table foreign keys (`remindersListID: RemindersList.ID`) give to-one relationships and inverses.
        for (position, draft) in drafts.enumerated() {
            for foreignKey in draft.foreignKeys {
                guard let target = index[foreignKey.target] else {
                    error(.unknownType, "cannot find the model '\(foreignKey.target)' that '\(foreignKey.attribute.name)' refers to", at: foreignKey.range)
                    continue
                }
                var name = Naming.relationshipName(forForeignKeyColumn: foreignKey.attribute.name) ?? Naming.lowercasingFirst(foreignKey.target)
                if models[position].member(named: name) != nil { name += "Object" }
                var inverseName = Naming.lowercasingFirst(Naming.pluralize(draft.model.name))
                // The target may declare the inverse itself (`@Relationship(inverse: \Item.list) var items`).
                let declaredInverse = drafts[target].relationships.first {
                    $0.target == draft.model.name && $0.inverse?.name.name == name
                }
                if let declaredInverse { inverseName = declaredInverse.name.name }
                let sameTarget = draft.foreignKeys.filter { $0.target == foreignKey.target }.count
                if declaredInverse == nil, sameTarget > 1 || models[target].member(named: inverseName) != nil {
                    inverseName += "By" + Naming.capitalizingFirst(name)
                }
                models[position].members.append(
                    .relationship(
                        Relationship(
                            name: name, target: foreignKey.target, cardinality: .toOne(isOptional: foreignKey.attribute.isOptional),
                            link: .foreignKey(column: foreignKey.attribute.columnName, targetColumn: key(of: foreignKey.target)),
                            inverse: inverseName, declaration: foreignKey.attribute.declaration)))
                if declaredInverse != nil { continue }  // added with the target's own relationships
                models[target].members.append(
                    .relationship(
                        Relationship(
                            name: inverseName, target: draft.model.name, cardinality: .toMany,
                            link: .inverseForeignKey(targetColumn: foreignKey.attribute.columnName, sourceColumn: key(of: foreignKey.target)),
                            inverse: name, declaration: nil)))
            }
            if isJoinTable(draft) {
                let (a, b) = (draft.foreignKeys[0], draft.foreignKeys[1])
                guard let first = index[a.target], let second = index[b.target] else { continue }
                let forwardName = Naming.pluralize(Naming.relationshipName(forForeignKeyColumn: b.attribute.name) ?? Naming.lowercasingFirst(b.target))
                let backwardName = Naming.pluralize(Naming.relationshipName(forForeignKeyColumn: a.attribute.name) ?? Naming.lowercasingFirst(a.target))
                let table = draft.model.tableName
                if models[first].member(named: forwardName) == nil {
                    models[first].members.append(
                        .relationship(
                            Relationship(
                                name: forwardName, target: b.target, cardinality: .toMany,
                                link: .joinTable(
                                    .init(table: table, sourceColumn: a.attribute.columnName, sourceKey: key(of: a.target),
                                          targetColumn: b.attribute.columnName, targetKey: key(of: b.target))),
                                inverse: backwardName)))
                }
                if models[second].member(named: backwardName) == nil {
                    models[second].members.append(
                        .relationship(
                            Relationship(
                                name: backwardName, target: a.target, cardinality: .toMany,
                                link: .joinTable(
                                    .init(table: table, sourceColumn: b.attribute.columnName, sourceKey: key(of: b.target),
                                          targetColumn: a.attribute.columnName, targetKey: key(of: a.target))),
                                inverse: forwardName)))
                }
            }
        }

        // A written inverse that does not exist or does not point back is reported, and the
        // relationship is read as if none were written, on both sides: the schema printed from
        // this one (which writes no such inverse) must read back the same.
        var drafts = drafts
        for position in drafts.indices {
            for number in drafts[position].relationships.indices {
                let relationship = drafts[position].relationships[number]
                guard let inverse = relationship.inverse, let target = index[relationship.target] else { continue }
                let targetDraft = drafts[target]
                let draft = drafts[position]
                guard let back = declaredInverse(of: relationship, in: draft, target: targetDraft) else {
                    error(
                        .badInverse, "'\(relationship.target)' has no relationship '\(inverse.name.name)' to be the inverse of '\(relationship.name.name)'",
                        at: inverse.name.range,
                        notes: [.init("'\(relationship.target)' is declared here", at: targetDraft.model.declaration)])
                    drafts[position].relationships[number].inverse = nil
                    continue
                }
                if back.target != draft.model.name, ancestors[draft.model.name]?.contains(back.target) != true {
                    error(
                        .badInverse, "the inverse '\(inverse.name.name)' does not point back: it is a relationship to '\(back.target)', not to '\(draft.model.name)'",
                        at: inverse.name.range, notes: [.init("'\(inverse.name.name)' is declared here", at: back.name.range)])
                    drafts[position].relationships[number].inverse = nil
                }
            }
        }

        // @Model relationships, declared as objects.
        for (position, draft) in drafts.enumerated() {
            for relationship in draft.relationships {
                guard let target = index[relationship.target] else { continue }
                let targetDraft = drafts[target]
                // The relationship on the target that points back: the declared inverse, or the
                // target's inverse that names this one, or the only one to this model.
                var back: RelationshipDraft?
                if let inverse = relationship.inverse {
                    if let root = inverse.model, root != relationship.target {
                        error(
                            .badInverse, "the inverse '\\\(root).\(inverse.name.name)' must be a member of '\(relationship.target)'",
                            at: inverse.name.range)
                    }
                    back = declaredInverse(of: relationship, in: draft, target: targetDraft)
                } else {
                    let pointing = targetDraft.relationships.filter { $0.target == draft.model.name && ($0.inverse == nil || $0.inverse?.name.name == relationship.name.name) }
                    back = pointing.first { $0.inverse?.name.name == relationship.name.name } ?? (pointing.count == 1 ? pointing[0] : nil)
                    if position == target { back = pointing.first { $0.name.name != relationship.name.name && $0.inverse?.name.name == relationship.name.name } }
                }
                let link: Relationship.Link
                if !relationship.isToMany {
                    let column = relationship.columnName ?? (relationship.name.name + "ID")
                    link = .foreignKey(column: column, targetColumn: key(of: relationship.target))
                } else if let back, !back.isToMany {
                    let column = back.columnName ?? (back.name.name + "ID")
                    link = .inverseForeignKey(targetColumn: column, sourceColumn: key(of: draft.model.name))
                } else if let back {
                    // Many-to-many: the join table is named after the model declared first.
                    let firstIsSelf = (order[draft.model.name] ?? 0) < (order[relationship.target] ?? 0)
                        || (draft.model.name == relationship.target && relationship.name.name < back.name.name)
                    let (owner, other) = firstIsSelf ? (draft.model.name, relationship.target) : (relationship.target, draft.model.name)
                    let table = Naming.lowercasingFirst(owner) + Naming.pluralize(other)
                    var sourceColumn = Naming.lowercasingFirst(draft.model.name) + "ID"
                    var targetColumn = Naming.lowercasingFirst(relationship.target) + "ID"
                    if draft.model.name == relationship.target {
                        sourceColumn = Naming.lowercasingFirst(Naming.singularize(back.name.name)) + "ID"
                        targetColumn = Naming.lowercasingFirst(Naming.singularize(relationship.name.name)) + "ID"
                    }
                    link = .joinTable(
                        .init(table: table, sourceColumn: sourceColumn, sourceKey: key(of: draft.model.name),
                              targetColumn: targetColumn, targetKey: key(of: relationship.target)))
                } else {
                    link = .inverseForeignKey(targetColumn: Naming.lowercasingFirst(draft.model.name) + "ID", sourceColumn: key(of: draft.model.name))
                }
                let cardinality: Relationship.Cardinality = relationship.isToMany ? .toMany : .toOne(isOptional: relationship.isOptional)
                models[position].members.append(
                    .relationship(
                        Relationship(
                            name: relationship.name.name, target: relationship.target, cardinality: cardinality, link: link,
                            inverse: back?.name.name, declaration: relationship.name.range, isOrdered: relationship.isOrdered)))
            }
        }
        // Keep members in declaration order; members found by linking come after, in link order.
        for position in models.indices {
            models[position].members = models[position].members.enumerated()
                .sorted { ($0.element.declaration?.start ?? Int.max, $0.offset) < ($1.element.declaration?.start ?? Int.max, $1.offset) }
                .map(\.element)
        }
        return addKeyColumns(models)
    }

    /// The models with their key columns: the primary key `id` a `@Model` class does not declare
    /// (its table has it by the naming convention the links above follow), and the foreign-key
    /// column of each to-one relationship (`companyID` of `company`). They are not members — the
    /// Swift class has no such stored properties, and an in-memory object is identified and linked
    /// without them — but a query selects them, as it does with a database for schema, so that its
    /// rows say which row each is and what it links to.
    func addKeyColumns(_ models: [Model]) -> [Model] {
        var result = models
        for position in result.indices {
            var model = result[position]
            var columns = Set(model.attributes.map(\.columnName))
            var keyColumns: [Attribute] = []
            if model.primaryKey.count == 1, let key = model.primaryKey.first, key != "rowid", !columns.contains(key) {
                keyColumns.append(Attribute(name: key, type: .integer(.int), storage: .integer, isUnique: true, isPrimaryKey: true))
                columns.insert(key)
            }
            for relationship in model.relationships {
                guard case .foreignKey(let column, let targetColumn) = relationship.link, case .toOne(let isOptional) = relationship.cardinality,
                    !columns.contains(column)
                else { continue }
                // The target's key: a declared attribute (`var id: UUID`), else the implicit `Int`.
                let targetKey = models.first { $0.name == relationship.target }?.attributes.first { $0.columnName == targetColumn }
                keyColumns.append(
                    Attribute(name: column, type: targetKey?.type ?? .integer(.int), isOptional: isOptional, storage: targetKey?.storage ?? .integer))
                columns.insert(column)
            }
            model.keyColumns = keyColumns
            result[position] = model
        }
        return result
    }
}

extension ScalarType {
    var isIntegerType: Bool { if case .integer = self { true } else { false } }
}

extension ModelFileReader {
    /// Parses and reads a model file's text: the schema, and the parse and schema diagnostics.
    public static func read(_ source: SourceFile) -> (Schema, [Diagnostic]) {
        let parsed = Parser.parseModelFile(source)
        let (schema, diagnostics) = read(parsed.value, source: source)
        return (schema, parsed.diagnostics + diagnostics)
    }
}
