import SiftSyntax

/// How Core Data (and SwiftData, which stores through it) lays objects out in SQLite, read back
/// into models:
///
/// - `Z_PRIMARYKEY` lists the entities: their number (`Z_ENT`), name (`Z_NAME`) and parent
///   (`Z_SUPER`, 0 for none). `Z_METADATA` and `Z_MODELCACHE` hold the store's own metadata.
/// - A root entity's objects, and its sub-entities', are the rows of one table, `Z<ROOT>` in
///   upper case; the column `Z_ENT` says which entity a row is. A model of a sub-entity selects
///   its own entity's rows and its descendants' (``EntitySelection``); a root's model reads them all,
///   as a fetch request includes sub-entities by default.
/// - `Z_PK` is the identity (the member `id`, or `Z_PK` when an attribute is named `id`);
///   `Z_OPT` counts saves: it is no member.
/// - An ordered to-many relationship keeps each element's position in a column `Z_FOK_<INVERSE>`
///   beside the element's to-one back (``Relationship/orderColumn``); it is no member either.
/// - An attribute is the column `Z<NAME>` upper-cased; a sub-entity's attribute whose name another
///   entity of the table already uses gets a number (`ZTITLE1`).
/// - A to-one relationship is an INTEGER column `Z<NAME>` holding the target's `Z_PK`, with a
///   second column `Z<n><NAME>` for the target's entity number when the target has sub-entities.
/// - A many-to-many relationship is a table `Z_<n><NAME>` of two columns `Z_<e><NAME>`: each holds
///   the `Z_PK` of entity `e`, and is named after the relationship that leads to that entity.
/// - Storage: `TIMESTAMP` is seconds since 2001 (``Storage/dateReferenceSeconds``), Boolean an
///   INTEGER 0/1, UUID a 16-byte BLOB, URI text, Decimal a `DECIMAL` number, Binary Data and
///   Transformable a BLOB.
///
/// Without the app's model, names are what the store tells: entity names exactly, attribute and
/// relationship names in lower case (`ZISACTIVE` → `isactive`), and the to-many inverse of a to-one
/// after the referring entity (`Company.users`). ``adapt(_:to:)`` lays a model file over a store.
package enum CoreDataLayout {
    /// An entity as `Z_PRIMARYKEY` lists it.
    package struct Entity: Sendable, Hashable {
        /// `Z_ENT`.
        package var number: Int64
        /// `Z_NAME`, the entity's name as the model spells it.
        package var name: String
        /// `Z_SUPER`: the parent entity's number, 0 for a root entity.
        package var parent: Int64

        /// An entity of a store.
        package init(number: Int64, name: String, parent: Int64) {
            self.number = number
            self.name = name
            self.parent = parent
        }
    }

    /// The tables every Core Data store has besides its entities' tables.
    package static let metadataTables: Set<String> = ["Z_PRIMARYKEY", "Z_METADATA", "Z_MODELCACHE"]

    /// Whether tables of these names are a Core Data store's.
    package static func isStore(tableNames: [String]) -> Bool {
        tableNames.contains("Z_PRIMARYKEY") && tableNames.contains("Z_METADATA")
    }

    /// The note that says how to give the app's model, for a store read without one.
    package static func modelNote(store: String) -> Diagnostic {
        .note(
            .coreDataNames,
                "'\(store)' is a Core Data store: entity names come from Z_PRIMARYKEY, attribute and relationship names are its upper-case column names in lower case; give the app's model for its own names, e.g. '--schema Models.swift' or '--schema Model.xcdatamodeld'",
            at: .point(0))
    }

    /// What the rows of a column hold, per entity.
    package struct ColumnFacts: Sendable, Hashable {
        /// The entities some of whose rows have a value in the column.
        package var valued: Set<Int64>
        /// The entities some of whose rows have NULL there.
        package var nulled: Set<Int64>

        /// Facts about one column.
        package init(valued: Set<Int64>, nulled: Set<Int64>) {
            self.valued = valued
            self.nulled = nulled
        }
    }

    /// The models of a store: its entities, the tables' descriptions, and what each column holds
    /// (`facts[table][column]`). Core Data declares no column NOT NULL (the model says what is
    /// optional): without the model, an attribute is optional when some row of its entity holds
    /// NULL. A column belongs to the deepest entity whose rows hold all its values.
    package static func schema(entities: [Entity], tables: [TableDescription], facts: [String: [String: ColumnFacts]] = [:]) -> (Schema, [Diagnostic]) {
        let owners = facts.mapValues { $0.mapValues(\.valued) }
        var diagnostics: [Diagnostic] = []
        let byNumber = Dictionary(entities.map { ($0.number, $0) }, uniquingKeysWith: { first, _ in first })
        let tableByName = Dictionary(tables.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        let entityByUpperName = Dictionary(entities.map { ($0.name.uppercased(), $0) }, uniquingKeysWith: { first, _ in first })

        func ancestry(_ number: Int64) -> [Int64] {
            var chain: [Int64] = []
            var next = number
            while next != 0, let entity = byNumber[next], !chain.contains(next) {
                chain.append(next)
                next = entity.parent
            }
            return chain  // self first, root last
        }
        func root(_ number: Int64) -> Int64 { ancestry(number).last ?? number }
        func descendants(_ number: Int64) -> [Int64] {
            entities.filter { ancestry($0.number).contains(number) }.map(\.number).sorted()
        }
        func tableName(_ number: Int64) -> String { "Z" + (byNumber[root(number)]?.name.uppercased() ?? "") }
        /// The entity of a table that declares a column: the deepest entity whose subtree holds
        /// every row with a value there (the root when no row has one).
        func owner(of column: String, in table: String, root rootNumber: Int64) -> Int64 {
            guard let holders = owners[table]?[column], !holders.isEmpty else { return rootNumber }
            let chains = holders.map { ancestry($0) }
            var candidate = rootNumber
            for entity in (chains.first ?? []).reversed() where chains.allSatisfy({ $0.contains(entity) }) { candidate = entity }
            return candidate
        }

        struct Declared {
            var attributes: [(owner: Int64, attribute: Attribute)] = []
            var relationships: [(owner: Int64, relationship: Relationship)] = []
        }
        var declared: [String: Declared] = [:]  // by table

        // Attributes and to-one relationships of each root table.
        for rootEntity in entities where rootEntity.parent == 0 {
            let name = tableName(rootEntity.number)
            guard let table = tableByName[name] else {
                // Core Data's own entities (persistent history's `CHANGE`, CloudKit's metadata) live
                // in `A<NAME>` tables: they are the framework's, not the app's.
                if tableByName["A" + rootEntity.name.uppercased()] == nil {
                    diagnostics.append(.warning(.missingTable, "the store has no table '\(name)' for the entity '\(rootEntity.name)'", at: .point(0)))
                }
                continue
            }
            let columnNames = Set(table.columns.map(\.name))
            var found = Declared()
            for column in table.columns {
                let upper = column.name.uppercased()
                guard upper.hasPrefix("Z"), !upper.hasPrefix("Z_") else { continue }
                let bare = String(column.name.dropFirst())
                // `Z3OWNER`: the entity number of the target of the to-one `ZOWNER`.
                if let first = bare.first, first.isNumber {
                    let rest = String(bare.drop(while: \.isNumber))
                    if columnNames.contains("Z" + rest) { continue }
                }
                let entityOwner = owner(of: column.name, in: name, root: rootEntity.number)
                var memberName = bare.lowercased()
                let stripped = String(bare.reversed().drop(while: \.isNumber).reversed())
                if stripped != bare, columnNames.contains("Z" + stripped) {
                    // `ZTITLE1`: the same name as `ZTITLE`, for another entity of the table.
                    let other = owner(of: "Z" + stripped, in: name, root: rootEntity.number)
                    if !ancestry(entityOwner).contains(other), !ancestry(other).contains(entityOwner) { memberName = stripped.lowercased() }
                }
                if !Naming.isIdentifier(memberName) { memberName = Naming.memberName(forColumn: memberName) }
                let declaredType = column.declaredType.uppercased()
                // A to-one is told from an INTEGER attribute by its name: that of an entity.
                if declaredType.contains("INT"), let targetEntity = entityByUpperName[bare.uppercased()] ?? entityByUpperName[stripped.uppercased()] {
                    let relationship = Relationship(
                        name: memberName, target: targetEntity.name, cardinality: .toOne(isOptional: true),
                        link: .foreignKey(column: column.name, targetColumn: "Z_PK"))
                    found.relationships.append((entityOwner, relationship))
                    continue
                }
                let (type, storage) = typeAndStorage(forDeclaredType: column.declaredType)
                // Optional when a row of the owner's entities holds NULL (or nothing is known).
                let ownRows = Set(descendants(entityOwner))
                let isOptional = facts[name]?[column.name].map { !$0.nulled.isDisjoint(with: ownRows) } ?? true
                found.attributes.append(
                    (entityOwner, Attribute(name: memberName, columnName: column.name, type: type, isOptional: isOptional && !column.notNull, storage: storage)))
            }
            declared[name] = found
        }

        // The inverse of each to-one: a to-many on the target, named after the referring entity
        // (a to-one is found by its target's name, so an entity has at most one to each target). In
        // table order, so that the members come in the same order at every reading.
        let toOnes = declared
        for table in tables {
            guard let found = toOnes[table.name] else { continue }
            for (ownerNumber, relationship) in found.relationships {
                guard case .foreignKey(let column, _) = relationship.link, let source = byNumber[ownerNumber],
                    let target = entities.first(where: { $0.name == relationship.target })
                else { continue }
                var inverse = Relationship(
                    name: Naming.pluralize(Naming.lowercasingFirst(source.name)), target: source.name, cardinality: .toMany,
                    link: .inverseForeignKey(targetColumn: column, sourceColumn: "Z_PK"), inverse: relationship.name)
                // An ordered to-many keeps each element's position next to its to-one: `Z_FOK_SHELF`.
                let orderColumn = "Z_FOK_" + column.dropFirst()
                if table.columns.contains(where: { $0.name == orderColumn }) {
                    inverse.orderColumn = orderColumn
                    inverse.isOrdered = true
                }
                declared[tableName(target.number), default: Declared()].relationships.append((target.number, inverse))
            }
        }

        // Many-to-many join tables: `Z_<n><NAME>` with two columns `Z_<e><NAME>`.
        for table in tables {
            guard let tableKey = joinColumnParts(table.name), byNumber[tableKey.entity] != nil, !metadataTables.contains(table.name) else { continue }
            let sides = table.columns.compactMap { column in joinColumnParts(column.name).map { (column.name, $0) } }
            guard sides.count == 2, let a = byNumber[sides[0].1.entity], let b = byNumber[sides[1].1.entity] else { continue }
            // Column A holds `a`'s keys and is named after the relationship that leads to `a` (on `b`).
            let nameOnA = sides[1].1.name.lowercased()  // leads to b, declared on a
            let nameOnB = sides[0].1.name.lowercased()
            let forward = Relationship(
                name: nameOnA, target: b.name, cardinality: .toMany,
                link: .joinTable(.init(table: table.name, sourceColumn: sides[0].0, sourceKey: "Z_PK", targetColumn: sides[1].0, targetKey: "Z_PK")),
                inverse: nameOnB)
            let backward = Relationship(
                name: nameOnB, target: a.name, cardinality: .toMany,
                link: .joinTable(.init(table: table.name, sourceColumn: sides[1].0, sourceKey: "Z_PK", targetColumn: sides[0].0, targetKey: "Z_PK")),
                inverse: nameOnA)
            declared[tableName(a.number), default: Declared()].relationships.append((a.number, forward))
            if a.number != b.number || nameOnA != nameOnB {
                declared[tableName(b.number), default: Declared()].relationships.append((b.number, backward))
            }
        }

        // One model per entity: its ancestors' members and its own.
        var models: [Model] = []
        // Parents before their sub-entities, each level by entity number.
        for entity in entities.sorted(by: { (ancestry($0.number).count, $0.number) < (ancestry($1.number).count, $1.number) }) {
            let table = tableName(entity.number)
            guard let description = tableByName[table] else { continue }
            let chain = Set(ancestry(entity.number))
            let found = declared[table] ?? Declared()
            var members: [Model.Member] = []
            let hasIDColumn = description.columns.contains { $0.name.uppercased() == "ZID" }
            members.append(
                .attribute(
                    Attribute(
                        name: hasIDColumn ? "Z_PK" : "id", columnName: "Z_PK", type: .integer(.int), storage: .integer, isUnique: true,
                        isPrimaryKey: true)))
            var used: Set<String> = [members[0].name]
            for (ownerNumber, attribute) in found.attributes where chain.contains(ownerNumber) {
                var attribute = attribute
                while used.contains(attribute.name) { attribute.name += "_" }
                used.insert(attribute.name)
                members.append(.attribute(attribute))
            }
            for (ownerNumber, relationship) in found.relationships where chain.contains(ownerNumber) {
                var relationship = relationship
                while used.contains(relationship.name) { relationship.name += "_" }
                used.insert(relationship.name)
                members.append(.relationship(relationship))
            }
            var model = Model(name: entity.name, tableName: table, primaryKey: ["Z_PK"], members: members, style: .introspected)
            if entity.parent != 0 {
                model.entitySelection = EntitySelection(column: "Z_ENT", values: descendants(entity.number))
            }
            models.append(model)
        }
        return (withForeignKeyColumns(Schema(models: models)), diagnostics)
    }

    /// The schema with each model's to-one columns (`ZCOMPANY`) selected in its rows after the
    /// attributes, named as the relationship (`company`): a to-one holds the target's `Z_PK`, which
    /// its rows show as `id`, and Core Data's dictionary results name a to-one by its
    /// relationship too. Not members: the relationship is the member.
    package static func withForeignKeyColumns(_ schema: Schema) -> Schema {
        var result = Schema(models: [], enums: schema.enums, source: schema.source)
        for var model in schema.models {
            let columns = Set(model.attributes.map(\.columnName))
            var keyColumns: [Attribute] = []
            for relationship in model.relationships {
                guard case .foreignKey(let column, _) = relationship.link, case .toOne(let isOptional) = relationship.cardinality,
                    !columns.contains(column), !keyColumns.contains(where: { $0.columnName == column })
                else { continue }
                keyColumns.append(Attribute(name: relationship.name, columnName: column, type: .integer(.int), isOptional: isOptional, storage: .integer))
            }
            model.keyColumns = keyColumns
            result.add(model)
        }
        return result
    }

    /// The store's relationship a model file's relationship is: the one of the same name
    /// (upper-cased, as the store keeps it); for a to-many the store names after its inverse
    /// (`Company.users` for `User.company`), the one to the same entity with the same inverse; else
    /// the only one of its kind to that entity.
    static func storeRelationship(for relationship: Relationship, in model: Model) -> Relationship? {
        let upper = relationship.name.uppercased()
        if let named = model.relationships.first(where: { $0.name.uppercased() == upper }) { return named }
        let sameTarget = model.relationships.filter { $0.target.uppercased() == relationship.target.uppercased() && $0.isToMany == relationship.isToMany }
        if let inverse = relationship.inverse?.uppercased(), let match = sameTarget.first(where: { $0.inverse?.uppercased() == inverse }) {
            return match
        }
        return sameTarget.count == 1 ? sameTarget[0] : nil
    }

    /// The store models of the entities `model`'s entity descends from, nearest first: those of the
    /// same table whose rows include all of its rows.
    static func ancestors(of model: Model, in store: Schema) -> [Model] {
        guard let own = model.entitySelection else { return [] }
        return store.models.filter { other in
            other.name != model.name && other.tableName == model.tableName
                && (other.entitySelection.map { Set($0.values).isSuperset(of: own.values) } ?? true)
        }.sorted { ($0.entitySelection?.values.count ?? Int.max) < ($1.entitySelection?.values.count ?? Int.max) }
    }

    /// `Z_12NAME` → (12, `NAME`); nil for another name (`Z_FOK_NAME`, `Z_PK`).
    static func joinColumnParts(_ name: String) -> (entity: Int64, name: String)? {
        guard name.hasPrefix("Z_") else { return nil }
        let rest = name.dropFirst(2)
        let digits = rest.prefix(while: { $0.isASCII && $0.isNumber })
        guard !digits.isEmpty, let number = Int64(digits) else { return nil }
        let relationship = rest.dropFirst(digits.count)
        guard !relationship.isEmpty else { return nil }
        return (number, String(relationship))
    }

    /// The Swift type and storage of a column Core Data declared: `TIMESTAMP` is seconds since
    /// 2001, `VARCHAR` text, `FLOAT` a Double, `DECIMAL` a number read as Double, `BLOB` Data.
    package static func typeAndStorage(forDeclaredType declared: String) -> (ScalarType, Storage) {
        let type = declared.uppercased()
        if type.contains("TIMESTAMP") { return (.date, .dateReferenceSeconds) }
        return SchemaInference.typeAndStorage(forDeclaredType: declared)
    }

    /// A model file laid over a store: each model names its entity's table, each attribute its
    /// column `Z<NAME>`, each relationship the store's link of the same name; UUIDs stored as
    /// BLOB read as 16 bytes. What the store lacks is left as the file says, for
    /// ``SchemaRefinement`` to report. The store's models are returned too, each given the
    /// columns of its table the file declares for it (the store alone tells which entity a column
    /// belongs to only by the rows that hold values), and without the members the file declares
    /// unqueryable.
    package static func adapt(_ file: Schema, to store: Schema) -> (file: Schema, store: Schema, diagnostics: [Diagnostic]) {
        let (adapted, diagnostics) = adaptFile(file, to: store)
        var augmented = store
        for fileModel in adapted.models {
            guard var storeModel = store.models.first(where: { $0.name == fileModel.name && $0.tableName == fileModel.tableName }) else { continue }
            let unqueryable = Set(fileModel.unqueryableMembers.map(\.name))
            storeModel.members.removeAll { unqueryable.contains($0.name) }
            for attribute in fileModel.attributes where !storeModel.attributes.contains(where: { $0.columnName == attribute.columnName }) {
                let sibling = store.models.lazy.filter { $0.tableName == fileModel.tableName }
                    .compactMap { $0.attributes.first { $0.columnName == attribute.columnName } }.first
                if var sibling {
                    if storeModel.member(named: sibling.name) != nil { sibling.name = attribute.name }
                    storeModel.members.append(.attribute(sibling))
                }
            }
            augmented.add(storeModel)
        }
        return (adapted, augmented, diagnostics)
    }

    static func adaptFile(_ file: Schema, to store: Schema) -> (Schema, [Diagnostic]) {
        var adapted = Schema(models: [], enums: file.enums, source: file.source)
        var diagnostics: [Diagnostic] = []
        let leftOut = file.models.filter { model in model.style == .table && !store.models.contains { $0.name == model.name } }
        if let first = leftOut.first {
            let names = leftOut.map { "'\($0.name)'" }.joined(separator: ", ")
            diagnostics.append(
                .note(
                    .notAnEntity,
                    "the @Table models \(names) are left out: they are StructuredQueries tables, and a Core Data store holds entities only",
                    at: first.declaration ?? .point(0)))
        }
        for fileModel in file.models {
            if leftOut.contains(where: { $0.name == fileModel.name }) { continue }
            guard let storeModel = store.models.first(where: { $0.name == fileModel.name })
                ?? store.models.first(where: { $0.name.uppercased() == fileModel.name.uppercased() })
            else {
                adapted.add(fileModel)
                continue
            }
            var model = fileModel
            model.tableName = storeModel.tableName
            model.primaryKey = storeModel.primaryKey
            model.entitySelection = storeModel.entitySelection
            // A sub-entity has its parents' properties too (a subclass of a @Model class inherits
            // them): those the file declares on the parent entities come first.
            var members = fileModel.members
            for ancestor in ancestors(of: storeModel, in: store) {
                guard let declared = file.models.first(where: { $0.name == ancestor.name }) else { continue }
                let inherited = declared.members.filter { member in !members.contains { $0.name == member.name } }
                members = inherited + members
                model.unqueryableMembers += declared.unqueryableMembers.filter { member in !model.unqueryableMembers.contains { $0.name == member.name } }
            }
            model.members = members.map { member in
                switch member {
                case .attribute(var attribute):
                    // `Z<NAME>`, or the column the store gave this entity's attribute of that
                    // name when another entity of the table has one too (`ZTITLE1`).
                    let upper = attribute.name.uppercased()
                    // A column of the table the file names itself (`@Column("ZNAME")`, as `sift schema`
                    // prints) is kept; `@Attribute(originalName:)` names the property before a
                    // migration, and the store's column follows the current name.
                    let tableColumns = store.models.filter { $0.tableName == storeModel.tableName }.flatMap { $0.attributes.map(\.columnName) }
                    let column =
                        attribute.columnName != attribute.name && tableColumns.contains(attribute.columnName)
                        ? attribute.columnName
                        : storeModel.attributes.first { $0.name.uppercased() == upper && $0.columnName != "Z_PK" }?.columnName ?? "Z" + upper
                    attribute.columnName = column
                    let sameTable = store.models.lazy.filter { $0.tableName == storeModel.tableName }
                    if let stored = sameTable.compactMap({ $0.attributes.first { $0.columnName == column } }).first {
                        // Core Data stores a UUID as its 16 bytes.
                        if attribute.type == .uuid, stored.type == .data { attribute.storage = .uuidBlob }
                        // A column Core Data declares may hold NULL: the file says whether it does.
                        if attribute.isPrimaryKey, attribute.name != "id" { attribute.isPrimaryKey = false }
                    }
                    if attribute.name == "id" { attribute.isPrimaryKey = false }
                    return .attribute(attribute)
                case .relationship(var relationship):
                    if let stored = storeRelationship(for: relationship, in: storeModel) {
                        relationship.link = stored.link
                        relationship.orderColumn = stored.orderColumn
                        if stored.orderColumn != nil { relationship.isOrdered = true }
                    } else if !relationship.isToMany {
                        relationship.link = .foreignKey(column: "Z" + relationship.name.uppercased(), targetColumn: "Z_PK")
                    }
                    return .relationship(relationship)
                }
            }
            adapted.add(model)
        }
        return (adapted, diagnostics)
    }
}
