import SiftSyntax

/// Prints a schema in model-file syntax, so what introspection found can be saved, edited and
/// passed back with `--schema`.
///
/// SwiftData-style models print as `@Model final class`, StructuredQueries-style and introspected
/// models as `@Table("table") struct`. In both, foreign keys print as `Target.ID`, relationships
/// declared as objects print so, and the relationships that follow from another declaration (a
/// foreign key, a join model) are listed in comments after them. A column group prints as its
/// `@Selection` struct and the one property that holds it. Storage is printed only where it
/// differs from the default. Reading the printed text gives the same schema, which prints the same.
public enum SchemaPrinter {
    /// `schema` in model-file syntax.
    public static func print(_ schema: Schema) -> String {
        var out = ""
        for enumType in schema.enums {
            let raw = enumType.rawType == .string ? "String" : "Int"
            let cases = enumType.cases.map { enumCase -> String in
                switch enumCase.rawValue {
                case .int(let value): "\(swiftName(enumCase.name)) = \(value)"
                case .string(let value): value == enumCase.name ? swiftName(enumCase.name) : "\(swiftName(enumCase.name)) = \(SwiftLiteral.quote(value))"
                }
            }
            let body = cases.isEmpty ? "" : "    case \(cases.joined(separator: ", "))\n"
            out += "enum \(swiftName(enumType.name)): \(raw) {\n\(body)}\n\n"
        }
        // Each `@Selection` struct once, before the tables that hold it.
        var printedGroups: Set<String> = []
        for model in schema.models {
            // In the order of their columns (the outer of two groups first), which reading keeps.
            let position = Dictionary(model.attributes.enumerated().map { ($1.name, $0) }, uniquingKeysWith: { first, _ in first })
            let ordered = model.columnGroups.enumerated().sorted { a, b in
                let (x, y) = (a.element, b.element)
                let (px, py) = (x.attributeNames.first.flatMap { position[$0] } ?? .max, y.attributeNames.first.flatMap { position[$0] } ?? .max)
                if px != py { return px < py }
                if x.attributeNames.count != y.attributeNames.count { return x.attributeNames.count > y.attributeNames.count }
                return a.offset < b.offset
            }.map(\.element)
            for group in ordered where printedGroups.insert(group.typeName).inserted {
                out += "@Selection struct \(swiftName(group.typeName)) {\n"
                out += groupMembers(group.attributeNames, holder: group, of: model, in: schema, optional: isOptional(group, in: model))
                out += "}\n\n"
            }
        }
        // Each `@Selection` enum once (the structs its cases hold first), before the tables.
        var printedEnums: Set<String> = []
        for model in schema.models {
            for group in model.enumColumnGroups where printedEnums.insert(group.typeName).inserted {
                out += selectionEnum(group, of: model, in: schema, printedStructs: &printedGroups)
            }
        }
        for (index, model) in schema.models.enumerated() {
            out += print(model, in: schema)
            if index < schema.models.count - 1 { out += "\n" }
        }
        return out
    }

    static func print(_ model: Model, in schema: Schema) -> String {
        let isModel = model.style == .model
        var out = ""
        if isModel {
            if model.tableName != Naming.tableName(forModel: model.name) { out += "// table \(SwiftLiteral.quote(model.tableName))\n" }
            // A Core Data sub-entity: its parent's members are printed among its own.
            if let parent = model.parent { out += "// parent entity \(commentName(parent))\n" }
            out += "@Model final class \(swiftName(model.name)) {\n"
        } else {
            // An FTS5 table conforms to `FTS5`, as StructuredQueries declares it.
            out += "@Table(\(SwiftLiteral.quote(model.tableName))) struct \(swiftName(model.name))\(model.isFullTextTable ? ": FTS5" : "") {\n"
        }
        let foreignKeyColumns: [String: Relationship] = Dictionary(
            model.relationships.compactMap { relationship in
                if case .foreignKey(let column, _) = relationship.link { return (column, relationship) }
                return nil
            }, uniquingKeysWith: { first, _ in first })
        for attribute in model.attributes {
            // An enum's columns print as its one property, where its first column is.
            if let group = model.enumColumnGroups.first(where: { $0.attributeNames.contains(attribute.name) }) {
                if group.attributeNames.first == attribute.name {
                    out += "    var \(swiftName(group.name)): \(swiftName(group.typeName))\(group.isOptional ? "?" : "")\n"
                }
                continue
            }
            // A column group's columns print as its one property, where its first column is.
            if let group = enclosingGroup(of: attribute.name, within: nil, in: model) {
                if group.attributeNames.first == attribute.name { out += groupProperty(group) }
                continue
            }
            out += attributeLine(attribute, of: model, in: schema, foreignKeyColumns: foreignKeyColumns) + "\n"
        }
        for group in model.columnGroups where group.attributeNames.isEmpty && parent(of: group, in: model) == nil {
            out += groupProperty(group)
        }
        let printedColumns = Set(model.attributes.map(\.columnName))
        // A relationship the reader derives from another declaration prints as a comment: reading
        // the printed schema derives it again from that declaration, printed too. The comments
        // come after the declared relationships, where reading puts the relationships it derives.
        let (declared, implied) = model.relationships.reduce(into: ([Relationship](), [Relationship]())) { parts, relationship in
            let isWrittenAsObject = !relationship.isToMany && {
                if case .foreignKey(let column, _) = relationship.link { return !printedColumns.contains(column) }
                return false
            }()
            if isImplied(relationship, in: model) && !isWrittenAsObject {
                parts.1.append(relationship)
            } else {
                parts.0.append(relationship)
            }
        }
        for relationship in declared {
            var line = "    "
            if case .foreignKey(let column, _) = relationship.link, column != relationship.name + "ID" {
                line += "@Column(\(SwiftLiteral.quote(column))) "
            }
            if let inverse = relationship.inverse, relationship.isToMany {
                line += "@Relationship(inverse: \\\(swiftName(relationship.target)).\(swiftName(inverse))) "
            }
            line += "var \(swiftName(relationship.name)): \(swiftTypeDescription(relationship))"
            if relationship.isToMany { line += " = []" }
            if relationship.isOrdered { line += "  // ordered" }
            out += line + "\n"
        }
        for relationship in implied {
            out += "    // \(relationship.name): \(relationship.typeDescription)\(describe(relationship.link))\n"
        }
        for member in model.unqueryableMembers {
            out += "    // \(member.name): not queryable, \(member.reason)\n"
        }
        return out + "}\n"
    }


    /// `@Selection enum Kind { case link(URL) ... }`, after the `@Selection` structs its cases
    /// hold (each once). A case's value prints as its column was declared: not optional, with
    /// `@Column("name")` and `@Storage(...)` where they differ from the defaults.
    static func selectionEnum(_ group: EnumColumnGroup, of model: Model, in schema: Schema, printedStructs: inout Set<String>) -> String {
        var out = ""
        for enumCase in group.cases {
            guard let structName = enumCase.structName, printedStructs.insert(structName).inserted else { continue }
            out += "@Selection struct \(swiftName(structName)) {\n"
            for name in enumCase.attributeNames {
                guard var attribute = model.attribute(named: name) else { continue }
                attribute.isOptional = enumCase.optionalAttributeNames.contains(name)
                attribute.name = group.declaredName(of: name, in: enumCase)
                out += attributeLine(attribute, of: model, in: schema, foreignKeyColumns: [:]) + "\n"
            }
            out += "}\n\n"
        }
        out += "@Selection enum \(swiftName(group.typeName)) {\n"
        for enumCase in group.cases {
            let label = enumCase.label.map { "\(swiftName($0)): " } ?? ""
            if let structName = enumCase.structName {
                out += "    case \(swiftName(enumCase.name))(\(label)\(swiftName(structName)))\n"
                continue
            }
            guard let name = enumCase.attributeNames.first, var attribute = model.attribute(named: name) else { continue }
            attribute.isOptional = false
            attribute.name = enumCase.name
            // The case's column, declared as a property would be, then moved onto the case.
            let line = attributeLine(attribute, of: model, in: schema, foreignKeyColumns: [:])
            guard let declaration = line.firstRange(of: "var \(swiftName(attribute.name)): ") else { continue }
            let attributes = line[line.startIndex..<declaration.lowerBound].dropFirst(4)
            let type = line[declaration.upperBound...]
            out += "    \(attributes)case \(swiftName(enumCase.name))(\(label)\(type))\n"
        }
        return out + "}\n\n"
    }

    /// `var timestamps: Timestamps`, indented for a type's body.
    static func groupProperty(_ group: ColumnGroup) -> String {
        "    var \(swiftName(group.name)): \(swiftName(group.typeName))\(group.isOptional ? "?" : "")\n"
    }

    /// The members of a `@Selection` struct: its columns, and the groups nested in it as their one
    /// property each. A column of an optional group (or of a group inside one) prints without its
    /// `?`: the group's makes it optional again when read.
    static func groupMembers(_ names: [String], holder: ColumnGroup, of model: Model, in schema: Schema, optional: Bool) -> String {
        var out = ""
        for name in names {
            if let nested = enclosingGroup(of: name, within: holder, in: model) {
                if nested.attributeNames.first == name { out += groupProperty(nested) }
                continue
            }
            guard var attribute = model.attribute(named: name) else { continue }
            if optional { attribute.isOptional = false }
            out += attributeLine(attribute, of: model, in: schema, foreignKeyColumns: [:]) + "\n"
        }
        for nested in model.columnGroups where nested.attributeNames.isEmpty && parent(of: nested, in: model) == holder {
            out += groupProperty(nested)
        }
        return out
    }

    /// The group directly inside `holder` (or at the table's top level, for nil) that holds the
    /// column `name`, if any.
    static func enclosingGroup(of name: String, within holder: ColumnGroup?, in model: Model) -> ColumnGroup? {
        model.columnGroups.first { $0 != holder && $0.attributeNames.contains(name) && parent(of: $0, in: model) == holder }
    }

    /// The group a group is nested in: the smallest other group holding all its columns (read
    /// nested, a group's columns are among its holder's, and the holder is recorded after it), or
    /// nil at the table's top level. An empty group is nested in none (its place is not recorded).
    static func parent(of group: ColumnGroup, in model: Model) -> ColumnGroup? {
        let groups = model.columnGroups
        guard !group.attributeNames.isEmpty, let index = groups.firstIndex(of: group) else { return nil }
        var best: ColumnGroup?
        for candidate in groups[(index + 1)...] where Set(group.attributeNames).isSubset(of: candidate.attributeNames) {
            if best == nil || candidate.attributeNames.count < best!.attributeNames.count { best = candidate }
        }
        return best
    }

    /// Whether a group's columns are optional through it or a group it is nested in.
    static func isOptional(_ group: ColumnGroup, in model: Model) -> Bool {
        var current: ColumnGroup? = group
        while let next = current {
            if next.isOptional { return true }
            current = parent(of: next, in: model)
        }
        return false
    }

    /// An attribute's declaration (`@Column("list_id") var remindersListID: RemindersList.ID`),
    /// indented for a type's body.
    static func attributeLine(_ attribute: Attribute, of model: Model, in schema: Schema, foreignKeyColumns: [String: Relationship]) -> String {
        let isModel = model.style == .model
        var line = "    "
        let isJoinTable = model.primaryKey.count == 2 && model.primaryKey.allSatisfy { foreignKeyColumns[$0] != nil }
        // `id`, and the `rowid` of a table keyed by it, are keys without saying so.
        let declaresKey =
            !isModel && attribute.isPrimaryKey && model.primaryKey != ["id"] && !isJoinTable
            && !(model.primaryKey == ["rowid"] && attribute.columnName == "rowid")
        if attribute.columnName != attribute.name || declaresKey || attribute.jsonRepresentation != nil {
            var arguments: [String] = []
            if attribute.columnName != attribute.name { arguments.append(SwiftLiteral.quote(attribute.columnName)) }
            // The library's representation of an optional value is the optional representation.
            if let json = attribute.jsonRepresentation { arguments.append("as: \(json).JSONRepresentation\(attribute.isOptional ? "?" : "").self") }
            if declaresKey { arguments.append("primaryKey: true") }
            line += "@Column(\(arguments.joined(separator: ", "))) "
        }
        if attribute.isUnique, !attribute.isPrimaryKey { line += "@Attribute(.unique) " }
        let enumRaw: ScalarType? = {
            if case .enumeration(let name) = attribute.type { return schema.enumType(named: name)?.rawType }
            return nil
        }()
        let style: ModelStyle = isModel ? .model : .table
        if attribute.storage != Storage.defaultStorage(for: attribute.type, enumRawType: enumRaw, modelStyle: style) {
            line += "@Storage(.\(attribute.storage.modelFileName)) "
        }
        var type = attribute.jsonRepresentation ?? attribute.type.description
        if case .enumeration(let name) = attribute.type { type = swiftName(name) }
        if let relationship = foreignKeyColumns[attribute.columnName], attribute.type == .integer(.int),
            !isModel || isImplied(relationship, byAttributeOf: model)
        {
            type = "\(swiftName(relationship.target)).ID"
        }
        line += "\(attribute.isPrimaryKey && !isModel ? "let" : "var") \(swiftName(attribute.name)): \(type)\(attribute.isOptional ? "?" : "")"
        return line
    }

    /// Whether the reader derives `relationship` from a declaration other than its own property:
    /// from a foreign key attribute of this model (`var listID: List.ID` gives `list`, with the
    /// attribute's declaration), or from another model (the to-many a foreign key or a join model
    /// gives its target, with no declaration). Introspected relationships have no declaration
    /// either: the `@Table` models they print as carry their foreign keys.
    static func isImplied(_ relationship: Relationship, in model: Model) -> Bool {
        guard relationship.declaration != nil else { return true }
        return isImplied(relationship, byAttributeOf: model)
    }

    /// Whether `relationship` is the to-one that one of `model`'s foreign key attributes gives.
    static func isImplied(_ relationship: Relationship, byAttributeOf model: Model) -> Bool {
        guard let declaration = relationship.declaration else { return false }
        return model.attributes.contains { $0.declaration == declaration }
    }

    /// A relationship's type as Swift writes it (`Company?`, `[Interest]`), names back-quoted.
    static func swiftTypeDescription(_ relationship: Relationship) -> String {
        switch relationship.cardinality {
        case .toOne(let isOptional): swiftName(relationship.target) + (isOptional ? "?" : "")
        case .toMany: "[\(swiftName(relationship.target))]"
        }
    }

    /// A name as Swift writes it: back-quoted when it is a keyword.
    static func swiftName(_ name: String) -> String {
        let keywords: Set<String> = [
            "associatedtype", "class", "deinit", "enum", "extension", "fileprivate", "func", "import", "init", "inout",
            "internal", "let", "open", "operator", "private", "precedencegroup", "protocol", "public", "rethrows", "static",
            "struct", "subscript", "typealias", "var", "break", "case", "catch", "continue", "default", "defer", "do", "else",
            "fallthrough", "for", "guard", "if", "in", "repeat", "return", "throw", "switch", "where", "while", "Any", "as",
            "await", "false", "is", "nil", "self", "Self", "super", "throws", "true", "try",
        ]
        return keywords.contains(name) || !Naming.isIdentifier(name) ? "`\(name)`" : name
    }

    static func describe(_ link: Relationship.Link) -> String {
        switch link {
        case .foreignKey(let column, let target): " (\(commentName(column)) → \(commentName(target)))"
        case .inverseForeignKey(let column, _): " (through \(commentName(column)))"
        case .joinTable(let join):
            " (through \(commentName(join.table)).\(commentName(join.sourceColumn)), \(commentName(join.table)).\(commentName(join.targetColumn)))"
        }
    }

    /// A table or column name in a comment: as it is, or as a string literal when it has a control
    /// character (a line break would end the comment and leave the rest as code).
    static func commentName(_ name: String) -> String {
        name.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F } ? SwiftLiteral.quote(name) : name
    }
}
