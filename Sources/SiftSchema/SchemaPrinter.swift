import SiftSyntax

/// Prints a schema in model-file syntax, so what introspection found can be saved, edited and
/// passed back with `--schema`.
///
/// SwiftData-style models print as `@Model final class`, StructuredQueries-style and introspected
/// models as `@Table("table") struct`. In both, foreign keys print as `Target.ID`, relationships
/// declared as objects print so, and the relationships that follow from another declaration (a
/// foreign key, a join model) are listed in comments after them. Storage is printed only where it
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
            var line = "    "
            let isJoinTable = model.primaryKey.count == 2 && model.primaryKey.allSatisfy { foreignKeyColumns[$0] != nil }
            // `id`, and the `rowid` of a table keyed by it, are keys without saying so.
            let declaresKey =
                !isModel && attribute.isPrimaryKey && model.primaryKey != ["id"] && !isJoinTable
                && !(model.primaryKey == ["rowid"] && attribute.columnName == "rowid")
            if attribute.columnName != attribute.name || declaresKey {
                var arguments: [String] = []
                if attribute.columnName != attribute.name { arguments.append(SwiftLiteral.quote(attribute.columnName)) }
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
            var type = attribute.type.description
            if case .enumeration(let name) = attribute.type { type = swiftName(name) }
            if let relationship = foreignKeyColumns[attribute.columnName], attribute.type == .integer(.int),
                !isModel || isImplied(relationship, byAttributeOf: model)
            {
                type = "\(swiftName(relationship.target)).ID"
            }
            line += "\(attribute.isPrimaryKey && !isModel ? "let" : "var") \(swiftName(attribute.name)): \(type)\(attribute.isOptional ? "?" : "")"
            out += line + "\n"
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
