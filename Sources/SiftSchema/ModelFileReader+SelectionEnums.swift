import SiftSyntax

/// `@Selection enum Kind { case link(URL); case image(Attachment.Image) }` held by a `@Table`'s
/// property: one table for several kinds of rows. Each case holds one associated value, stored in
/// a column of the table named after the case (or `@Column("name")`), or an `@Selection` struct,
/// stored in the struct's columns (named as the struct declares them). Every such column is an
/// optional attribute of the table's model; ``EnumColumnGroup`` records which belong to which case.
/// What StructuredQueries' macro rejects (a case without a value or with several, a case that is
/// ephemeral or a primary key) and what a column cannot store (an optional value, a table, an
/// enum of columns inside a case) is reported at the case.
extension ModelFileReader {
    mutating func collectSelectionEnum(_ declaration: EnumDeclaration) {
        if isReserved(declaration.name, kind: "an enum") {
            rejectedEnums.insert(declaration.name.name)
            return
        }
        if selectionEnums[declaration.name.name] != nil || enums[declaration.name.name] != nil {
            error(.duplicateModel, "the enum '\(declaration.name.name)' is declared twice", at: declaration.name.range)
            return
        }
        selectionEnums[declaration.name.name] = declaration
    }

    mutating func readEnumColumnGroup(
        _ declaration: EnumDeclaration, property: PropertyDeclaration, isOptional: Bool, style: ModelStyle, into model: inout Model
    ) {
        let enumName = declaration.name.name
        guard style == .table else {
            error(
                .badEnum, "'@Selection' enum '\(enumName)' is StructuredQueries' enum of columns; hold it in a '@Table' struct, not a '@Model' class",
                at: property.range)
            return
        }
        var cases: [EnumColumnGroup.Case] = []
        var seen: [String: SourceRange] = [:]
        // Whether some case has the one associated value StructuredQueries requires (its columns
        // may still be refused): without one, the enum itself is reported.
        var declaresAValue = false
        for enumCase in declaration.cases {
            if isReserved(enumCase.name, kind: "an enum case") { continue }
            let caseName = enumCase.name.name
            if let previous = seen[caseName] {
                error(
                    .duplicateMember, "the case '\(caseName)' is declared twice", at: enumCase.name.range,
                    notes: [.init("first declared here", at: previous)])
                continue
            }
            seen[caseName] = enumCase.name.range
            guard enumCase.casesInDeclaration == 1, let values = enumCase.associatedValues, values.count == 1, let value = values.first else {
                let why =
                    enumCase.casesInDeclaration > 1
                    ? "declare each case of '@Selection' enum '\(enumName)' with its own 'case'"
                    : "the case '\(caseName)' of '@Selection' enum '\(enumName)' must hold one associated value: a column's value, as in 'case \(caseName)(String)', or an '@Selection' struct of columns"
                error(.badEnum, why, at: enumCase.range)
                continue
            }
            declaresAValue = true
            guard checkCaseAttributes(enumCase, enumName: enumName) else { continue }
            guard let type = value.type else {
                error(
                    .unknownType, "the value of case '\(caseName)' cannot be stored in a column; use a scalar, a raw-value enum or an '@Selection' struct",
                    at: value.range)
                continue
            }
            switch type.kind {
            case .optional(let wrapped), .implicitlyUnwrappedOptional(let wrapped):
                error(
                    .badEnum,
                    "the value of case '\(caseName)' cannot be optional: a NULL column says that a row is of another case; write '\(source.text(in: wrapped.range))'",
                    at: type.range, fixIts: [.init(replace: type.range, with: source.text(in: wrapped.range))])
                continue
            default:
                break
            }
            guard case .named(let typeName, let generics) = type.kind, generics.isEmpty else {
                error(
                    .unknownType, "the value of case '\(caseName)' cannot be stored in a column; use a scalar, a raw-value enum or an '@Selection' struct",
                    at: type.range)
                continue
            }
            let written = typeName.name.split(separator: ".").last.map(String.init) ?? typeName.name
            let label = value.label?.name
            if let group = selectionGroups[written], !typeName.name.hasSuffix(".ID") {
                if let read = readCaseStruct(group, caseName: caseName, label: label, property: property, style: style, into: &model) {
                    cases.append(read)
                }
                continue
            }
            if selectionEnums[written] != nil || isModelName(written) || typeName.name.hasSuffix(".ID") {
                let what = selectionEnums[written] != nil ? "another '@Selection' enum" : "a table"
                error(
                    .unknownType,
                    "the value of case '\(caseName)' is \(what); a case holds a column's value or an '@Selection' struct of columns\(typeName.name.hasSuffix(".ID") ? " (store the key as 'Int')" : "")",
                    at: type.range)
                continue
            }
            let column = PropertyDeclaration(
                attributes: enumCase.attributes, modifiers: [], isLet: false, name: enumCase.name, type: type, initializer: nil,
                isComputed: false, range: enumCase.range)
            guard let names = readCaseColumns([column], caseName: caseName, isStruct: false, property: property, style: style, into: &model), names.count == 1 else {
                continue
            }
            cases.append(.init(name: caseName, label: label, attributeNames: names))
        }
        guard !cases.isEmpty else {
            if declaresAValue { return }
            error(
                .badEnum, "'@Selection' enum '\(enumName)' has no case with a value to store; StructuredQueries requires at least one, as in 'case note(String)'",
                at: declaration.name.range)
            return
        }
        model.enumColumnGroups.append(EnumColumnGroup(name: property.name.name, typeName: enumName, isOptional: isOptional, cases: cases))
    }

    /// The attributes a case may have: `@Column("name")`, `@Column(as: ...)`, `@Storage(...)`.
    /// What StructuredQueries rejects on a case is reported; false when the case is left out.
    mutating func checkCaseAttributes(_ enumCase: EnumCaseSyntax, enumName: String) -> Bool {
        var valid = true
        for attribute in enumCase.attributes {
            switch attribute.name.name {
            case "Ephemeral":
                error(
                    .badAttribute, "a case of '@Selection' enum '\(enumName)' cannot be ephemeral: each case is stored", at: attribute.range,
                    fixIts: [.init(replace: attribute.range, with: "")])
                valid = false
            case "Column", "Columns":
                for argument in attribute.arguments ?? [] {
                    guard let label = argument.label?.name, label != "as" else { continue }
                    error(.badAttribute, "'\(label):' is not supported on the columns of an enum's cases", at: argument.range)
                    valid = false
                }
            default:
                break
            }
        }
        return valid
    }

    /// A case holding an `@Selection` struct: the struct's columns, each optional.
    mutating func readCaseStruct(
        _ group: TypeDeclaration, caseName: String, label: String?, property: PropertyDeclaration, style: ModelStyle, into model: inout Model
    ) -> EnumColumnGroup.Case? {
        var columns: [PropertyDeclaration] = []
        var optional: [String] = []
        for member in group.members {
            guard case .property(let inner) = member, !inner.isComputed,
                !inner.modifiers.contains(where: { $0.name == "static" }),
                attribute(named: "Transient", in: inner.attributes) == nil, attribute(named: "Ephemeral", in: inner.attributes) == nil
            else { continue }
            if let type = inner.type {
                if case .optional = type.kind { optional.append(inner.name.name) }
                if case .implicitlyUnwrappedOptional = type.kind { optional.append(inner.name.name) }
            }
            columns.append(inner)
        }
        guard !columns.isEmpty else {
            error(.badEnum, "the struct '\(group.name.name)' of case '\(caseName)' has no column", at: group.name.range)
            return nil
        }
        guard let names = readCaseColumns(columns, caseName: caseName, isStruct: true, property: property, style: style, into: &model) else { return nil }
        return .init(name: caseName, label: label, attributeNames: names, structName: group.name.name, optionalAttributeNames: zip(columns, names).filter { optional.contains($0.0.name.name) }.map(\.1))
    }

    /// A column declared after an enum's case whose column has its name would store both in
    /// one column (a query of the case would test the other): it is reported at the later
    /// declaration and dropped. (A case's column declared after another column of its name is
    /// reported as the case is read.)
    mutating func reportColumnsAfterEnumCasesOfTheirName(in model: inout Model) {
        let caseColumns = Set(model.enumColumnGroups.flatMap(\.attributeNames))
        guard !caseColumns.isEmpty else { return }
        var earlierCaseColumns: [String: Attribute] = [:]
        var index = model.members.startIndex
        while index < model.members.endIndex {
            guard case .attribute(let attribute) = model.members[index] else {
                index += 1
                continue
            }
            if caseColumns.contains(attribute.name) {
                if earlierCaseColumns[attribute.columnName] == nil { earlierCaseColumns[attribute.columnName] = attribute }
            } else if let other = earlierCaseColumns[attribute.columnName] {
                // Both are declared in the file being read (a case's column is declared at its property).
                if let range = attribute.declaration ?? other.declaration {
                    error(
                        .duplicateMember,
                        "'\(model.name)' has two columns named '\(attribute.columnName)': '\(other.name)' and '\(attribute.name)'; name one with '@Column(\"...\")'",
                        at: range, notes: other.declaration.map { [.init("the other is declared here", at: $0)] } ?? [])
                }
                model.members.remove(at: index)
                continue
            }
            index += 1
        }
    }

    /// Reads `columns` as optional attributes of `model` declared where `property` is, named
    /// `kind.note` (a case's value) or `kind.image.caption` (a column of a case's struct); nil
    /// (and nothing added) when one is not a column's value.
    mutating func readCaseColumns(
        _ columns: [PropertyDeclaration], caseName: String, isStruct: Bool, property: PropertyDeclaration, style: ModelStyle, into model: inout Model
    ) -> [String]? {
        var names: [String] = []
        let start = model.members.count
        for column in columns {
            // `kind.note`, `kind.image.caption`: named by the path a query reads it through, so
            // that the cases' columns never meet each other's names or the table's.
            let qualified = "\(property.name.name).\(caseName)" + (isStruct ? ".\(column.name.name)" : "")
            if let existing = model.member(named: qualified) {
                error(
                    .duplicateMember,
                    "'\(model.name)' has two members named '\(qualified)'",
                    at: property.name.range,
                    notes: [.init("declared here", at: column.name.range)] + (existing.declaration.map { [.init("and here", at: $0)] } ?? []))
                continue
            }
            if let type = column.type, case .named(let name, _) = (type.kind.wrappedIfOptional ?? type).kind {
                let written = name.name.split(separator: ".").last.map(String.init) ?? name.name
                if selectionGroups[written] != nil || selectionEnums[written] != nil || isModelName(written) || name.name.hasSuffix(".ID") {
                    error(
                        .unknownType,
                        "'\(column.name.name)' of case '\(caseName)' is not a column's value; a case's struct holds columns only (a table's key as 'Int')",
                        at: type.range)
                    continue
                }
            }
            let before = model.members.count
            var relationships: [RelationshipDraft] = []
            var foreignKeys: [(Attribute, String, SourceRange)] = []
            readProperty(column, style: style, into: &model, relationships: &relationships, foreignKeys: &foreignKeys)
            guard model.members.count == before + 1, case .attribute(var attribute) = model.members[before] else {
                model.members.removeSubrange(before...)
                continue
            }
            if let other = model.attributes.dropLast().first(where: { $0.columnName == attribute.columnName }) {
                error(
                    .duplicateMember,
                    "'\(model.name)' has two columns named '\(attribute.columnName)': '\(other.name)' and '\(qualified)'; name one with '@Column(\"...\")'",
                    at: column.name.range, notes: other.declaration.map { [.init("the other is declared here", at: $0)] } ?? [])
                model.members.removeSubrange(before...)
                continue
            }
            attribute.name = qualified
            attribute.isOptional = true
            attribute.isPrimaryKey = false
            attribute.isUnique = false
            attribute.declaration = property.name.range
            model.members[before] = .attribute(attribute)
            names.append(attribute.name)
        }
        guard names.count == columns.count else {
            model.members.removeSubrange(start...)
            return nil
        }
        return names
    }
}

extension TypeSyntax.Kind {
    /// The wrapped type of an optional (`T?`, `T!`); nil for any other.
    var wrappedIfOptional: TypeSyntax? {
        switch self {
        case .optional(let wrapped), .implicitlyUnwrappedOptional(let wrapped): wrapped
        default: nil
        }
    }
}
