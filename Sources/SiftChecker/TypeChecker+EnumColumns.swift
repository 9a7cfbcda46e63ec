import SiftSchema
import SiftSyntax

/// StructuredQueries' `@Selection` enums with associated values (``EnumColumnGroup``): one table
/// for several kinds of rows. The library reads a case through the enum: `$0.kind.note` is the
/// case's column (NULL in the rows of other cases), `$0.kind.image.caption` a column of a case's
/// struct, `$0.kind.is(\.note)` and `$0.kind.image.isNot(nil)` test a row's case (a column of the
/// case is not NULL: the library's `(columns) IS NOT (NULL, ...)`), and `.select { $0.kind }` /
/// `.select { $0.kind.image }` select the columns of the enum / the case. Each case's column is an
/// optional attribute of the model, named by that path (`kind.note`), so a path reads it as any
/// column is read; `#Predicate` reads `$0.kind.note` the same way (Swift's case accessor, nil
/// unless the row is of that case), and the concise form reads `kind.note`.
extension TypeChecker {
    /// A path through a `@Selection` enum: the row it starts from, the enum, and the names
    /// after it (a case, a column of the case's struct).
    struct EnumColumnPath {
        var row: VariableID
        var rowRange: SourceRange
        var model: Model
        var group: EnumColumnGroup
        var names: [Identifier]
    }

    /// The enum path `expr` is, when it starts at a row holding a `@Selection` enum (`$0.kind...`,
    /// `$1.kind...`, a closure's named row, or `kind...` in the concise form); nil otherwise.
    /// Nothing is checked and nothing reported.
    mutating func enumColumnPath(_ expr: Expr, member: Identifier? = nil) -> EnumColumnPath? {
        // Asked at every member access: a schema without such enums answers at once.
        let groupNames = schema.enumColumnGroupNames
        if groupNames.isEmpty { return nil }
        var names: [Identifier] = member.map { [$0] } ?? []
        var current = expr
        // `$0.kind.image?.caption`, Swift's spelling (a case's accessor is optional), reads the
        // same column as `$0.kind.image.caption`: the column is NULL unless the row is of the case.
        while true {
            if case .member(let base, let name) = tree[current] {
                names.insert(name, at: 0)
                current = base
            } else if case .bindOptional(let base) = tree[current], case .member = tree[base] {
                current = base
            } else {
                break
            }
        }
        let row: VariableID
        switch tree[current] {
        case .anonymousParameter(let index):
            guard let scope = anonymousScope else { return nil }
            if index == 0 {
                if let named = scopes.last, named.id == scope { return nil }
                row = scope
            } else {
                guard !builderRows.isEmpty, builderRows[0] == scope, index < builderRows.count else { return nil }
                row = builderRows[index]
            }
        case .identifier(let name):
            if let variable = resolveVariable(name.name) {
                row = variable
            } else if let implicitSelf, isImplicitMember(name.name) || anonymousScope == nil {
                // `kind.note` in the concise form: a member of the implicit row.
                row = implicitSelf
                names.insert(name, at: 0)
            } else {
                return nil
            }
        default:
            return nil
        }
        guard let first = names.first, groupNames.contains(first.name), case .model(let modelName) = variables[row.index].type.unwrapped.kind,
            let model = model(named: modelName), let group = model.enumColumnGroups.first(where: { $0.name == first.name })
        else { return nil }
        return EnumColumnPath(row: row, rowRange: current.range, model: model, group: group, names: Array(names.dropFirst()))
    }

    /// `$0.kind.note`, `$0.kind.image.caption`: the case's column, optional. The enum alone or a
    /// case of several columns used as one value is reported with the ways to read it. Nil when
    /// `expr` is not an enum path, or goes on past a column (its members are then read as any).
    mutating func checkEnumColumnMember(base: Expr, name: Identifier, at range: SourceRange) -> TypedExpr? {
        guard let path = enumColumnPath(base, member: name) else { return nil }
        let enumText = text(SourceRange(start: path.rowRange.start, end: path.rowRange.end)) + ".\(path.group.name)"
        guard let caseName = path.names.first else {
            let first = path.group.cases[0].name
            let test = "'\(enumText).\(first) != nil'"
            error(
                .unsupportedConstruct,
                "'\(text(range))' is the '@Selection' enum '\(path.group.typeName)', stored in several columns; read a case's value, as in '\(enumText).\(first)' (nil unless the row is of that case), or test the case, as in \(test)",
                at: range)
            return make(.error, .error, at: range)
        }
        guard let enumCase = path.group.enumCase(named: caseName.name) else {
            reportUnknownCase(caseName, of: path)
            return make(.error, .error, at: range)
        }
        let attributeName: String
        if enumCase.structName == nil {
            guard path.names.count == 1 else { return nil }
            attributeName = enumCase.attributeNames[0]
        } else {
            guard path.names.count >= 2 else {
                let columns = enumCase.attributeNames.map { "'\(enumText).\(enumCase.name).\(path.group.declaredName(of: $0, in: enumCase))'" }
                error(
                    .unsupportedConstruct,
                    "'\(text(range))' is the case '\(enumCase.name)' of '\(path.group.typeName)', a group of columns; read one of them ("
                        + columns.joined(separator: ", ") + "), test the case with '.isNot(nil)', or select it whole",
                    at: range)
                return make(.error, .error, at: range)
            }
            guard path.names.count == 2 else { return nil }
            let column = path.names[1]
            guard let name = enumCase.attributeNames.first(where: { path.group.declaredName(of: $0, in: enumCase) == column.name }) else {
                let columns = enumCase.attributeNames.map { path.group.declaredName(of: $0, in: enumCase) }
                let suggestion = Suggestions.closest(to: column.name, among: columns).first
                error(
                    .unknownMember,
                    "the case '\(enumCase.name)' of '\(path.group.typeName)' has no column '\(column.name)'; its columns are "
                        + columns.map { "'\($0)'" }.joined(separator: ", "),
                    at: column.range, fixIts: suggestion.map { [.init(replace: column.range, with: $0)] } ?? [])
                return make(.error, .error, at: range)
            }
            attributeName = name
        }
        return enumAttribute(attributeName, of: path, at: range)
    }

    /// The attribute `name` of the path's row (optional when the row is: a left join's `$1`).
    mutating func enumAttribute(_ name: String, of path: EnumColumnPath, at range: SourceRange) -> TypedExpr {
        let identifier = Identifier(name, at: range)
        let rowType = variables[path.row.index].type
        guard rowType.isOptional else {
            return member(of: reference(path.row, at: path.rowRange), name: identifier, baseRange: path.rowRange, at: range)
        }
        let source = reference(path.row, at: path.rowRange)
        let bound = declare("\(text(path.rowRange))?", type: rowType.unwrapped, origin: .binding, at: path.rowRange)
        let body = member(of: reference(bound, at: path.rowRange), name: identifier, baseRange: path.rowRange, at: range)
        if body.type.isError { return body }
        return make(.optionalMap(source: source, variable: bound, body: body), body.type.isOptional ? body.type : .optional(body.type), at: range)
    }

    mutating func reportUnknownCase(_ name: Identifier, of path: EnumColumnPath) {
        let cases = path.group.cases.map(\.name)
        let suggestion = Suggestions.closest(to: name.name, among: cases).first
        error(
            .unknownMember,
            "'\(path.group.typeName)' has no case '\(name.name)'; its cases are " + cases.map { "'\($0)'" }.joined(separator: ", "),
            at: name.range, fixIts: suggestion.map { [.init(replace: name.range, with: $0)] } ?? [])
    }

    /// `$0.kind.is(\.note)`, `$0.kind.image.isNot(nil)` (or `== nil`, `!= nil`), `$0.time.is(nil)`
    /// of an optional enum: whether the row is of the case (some column of it is not NULL), or of
    /// none. The library writes `(columns) IS NOT (NULL, ...)`; Sift writes each column's
    /// `IS NOT NULL` joined by `OR` (`IS NULL` by `AND`), which is the same test. Nil when `lhs`
    /// is not an enum, or a case of one column (then it is any column's `IS`).
    mutating func checkEnumCaseTest(_ lhs: Expr, _ rhs: Expr, negated: Bool, method: String?, at range: SourceRange) -> TypedExpr? {
        guard let path = enumColumnPath(lhs) else { return nil }
        let isNil = isNilLiteral(rhs)
        var attributeNames: [String]
        var testsPresence: Bool
        switch path.names.count {
        case 0:
            if case .keyPath(let keyPath) = tree[rhs], method == "is" {
                guard keyPath.root == nil, keyPath.components.count == 1 else {
                    error(.unsupportedConstruct, "'is' takes a key path to a case of '\(path.group.typeName)', such as '\\.\(path.group.cases[0].name)'", at: keyPath.range)
                    return make(.error, .error, at: range)
                }
                guard let enumCase = path.group.enumCase(named: keyPath.components[0].name.name) else {
                    reportUnknownCase(keyPath.components[0].name, of: path)
                    return make(.error, .error, at: range)
                }
                attributeNames = enumCase.attributeNames
                testsPresence = true
            } else if isNil, path.group.isOptional {
                attributeNames = path.group.attributeNames
                testsPresence = negated
            } else {
                error(
                    .unsupportedConstruct,
                    "'\(text(lhs.range))' is the '@Selection' enum '\(path.group.typeName)'; test a row's case with a key path, as in '.is(\\.\(path.group.cases[0].name))'"
                        + (path.group.isOptional ? ", or whether it has none with '.is(nil)'" : ""),
                    at: range)
                return make(.error, .error, at: range)
            }
        case 1:
            guard let enumCase = path.group.enumCase(named: path.names[0].name) else {
                reportUnknownCase(path.names[0], of: path)
                return make(.error, .error, at: range)
            }
            guard enumCase.structName != nil else { return nil }
            guard isNil else {
                error(
                    .unsupportedConstruct,
                    "'\(text(lhs.range))' is a group of columns; compare one of its columns, or test the case with '.isNot(nil)'",
                    at: range)
                return make(.error, .error, at: range)
            }
            attributeNames = enumCase.attributeNames
            testsPresence = negated
        default:
            return nil
        }
        let tests = attributeNames.map { name -> TypedExpr in
            let column = enumAttribute(name, of: path, at: lhs.range)
            let null = make(.constant(.null), column.type.isError ? .error : column.type, at: rhs.range)
            return make(.sql(.isIdentical(negated: testsPresence), [column, null]), .bool, at: range)
        }
        if tests.contains(where: { $0.type.isError }) { return make(.error, .error, at: range) }
        if tests.count == 1 { return tests[0] }
        return make(.sql(.logical(testsPresence ? .or : .and), tests), .bool, at: range)
    }

    /// `.select { $0.kind }`, `.select { $0.kind.image }`: each column of the enum, or of the
    /// case's struct, named after the path (`$0.kind.note`, `$0.kind.image.caption`). False when
    /// `element` is not such a path.
    mutating func appendEnumColumns(_ element: Expr, to columns: inout [SelectedColumn]) -> Bool {
        guard let path = enumColumnPath(element) else { return false }
        let names: [String]
        switch path.names.count {
        case 0:
            names = path.group.attributeNames
        case 1:
            guard let enumCase = path.group.enumCase(named: path.names[0].name), enumCase.structName != nil else { return false }
            names = enumCase.attributeNames
        default:
            return false
        }
        let prefix = text(element.range)
        let dropped = path.names.isEmpty ? path.group.name : "\(path.group.name).\(path.names[0].name)"
        for name in names {
            let value = enumAttribute(name, of: path, at: element.range)
            if value.type.isError { continue }
            appendColumn(named: prefix + name.dropFirst(dropped.count), value: value, to: &columns)
        }
        return true
    }

    /// A key path's components with a path through one of `model`'s enums (`kind`, `image`,
    /// `caption`) as the one attribute it names (`kind.image.caption`): `sort by kind.note`,
    /// `SortDescriptor(\Attachment.kind.note)`. Other key paths are returned as they are.
    static func mergingEnumPath(_ components: [KeyPathComponent], in model: Model) -> [KeyPathComponent] {
        guard components.count >= 2, model.enumColumnGroups.contains(where: { $0.name == components[0].name.name }) else { return components }
        for length in stride(from: min(3, components.count), through: 2, by: -1) {
            let name = components[..<length].map(\.name.name).joined(separator: ".")
            guard model.attribute(named: name) != nil else { continue }
            let range = components[0].name.range.union(components[length - 1].name.range)
            let last = components[length - 1]
            let merged = KeyPathComponent(name: Identifier(name, at: range), isOptionalChained: last.isOptionalChained, isForceUnwrapped: last.isForceUnwrapped)
            return [merged] + components[length...]
        }
        return components
    }

    /// `.select(\.kind)`, `.select(\.kind.image)`: each column of the enum, or of the case's struct,
    /// named by its attribute (`kind.image.caption`). False when the key path names no such group.
    mutating func appendEnumColumns(_ keyPath: KeyPath, model: Model, root: VariableID, to columns: inout [SelectedColumn]) -> Bool {
        let names = keyPath.components.map(\.name.name)
        guard keyPath.root == nil, (1...2).contains(names.count), let group = model.enumColumnGroups.first(where: { $0.name == names[0] }) else {
            return false
        }
        let attributeNames: [String]
        if names.count == 1 {
            attributeNames = group.attributeNames
        } else {
            guard let enumCase = group.enumCase(named: names[1]), enumCase.structName != nil else { return false }
            attributeNames = enumCase.attributeNames
        }
        for name in attributeNames {
            let value = member(of: reference(root, at: keyPath.range), name: Identifier(name, at: keyPath.range), baseRange: keyPath.range, at: keyPath.range)
            if value.type.isError { continue }
            appendColumn(named: name, value: value, to: &columns)
        }
        return true
    }

    /// `\.kind.note`, `\.kind.image.caption`: the column a key path through an enum names; nil when
    /// the key path does not start with one of the model's enums.
    mutating func enumColumnOfKeyPath(_ keyPath: KeyPath, model: Model, root: VariableID, what: String) -> TypedExpr?? {
        guard keyPath.components.count >= 2, model.enumColumnGroups.contains(where: { $0.name == keyPath.components[0].name.name }) else { return nil }
        let name = keyPath.components.map(\.name.name).joined(separator: ".")
        guard model.attribute(named: name) != nil else {
            error(
                .unsupportedConstruct,
                "\(what) takes a key path to one column, such as '\\.\(model.enumColumnGroups.first { $0.name == keyPath.components[0].name.name }!.attributeNames[0])'; '\(text(keyPath.range))' is not one",
                at: keyPath.range)
            return .some(nil)
        }
        let row = reference(root, at: keyPath.range)
        return member(of: row, name: Identifier(name, at: keyPath.range), baseRange: keyPath.range, at: keyPath.range)
    }
}
