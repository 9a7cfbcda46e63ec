import SiftTestSupport

/// Random StructuredQueries selecting queries over the example database's builder tables:
/// columns and expressions (arithmetic, `||`, `??`, `Case`, comparisons as values, SQLite's
/// functions), joins of every kind, `where`, `group` with aggregates (with `distinct:`,
/// `filter:` and `order:`), `having`, `distinct()`, `order` with `nulls:`, `limit`/`offset`,
/// set operations and `With` sub-queries (recursive ones combined by `union` and by
/// `union(all: true)`). Each query is one the checker accepts: a grouped query selects only its
/// grouping keys, aggregates and the columns of a table whose primary key it groups by, so that
/// no value is one SQL leaves to the row it happens to read.
struct BuilderSelectionGenerator {
    var random: SplitMix64

    init(seed: UInt64) { random = SplitMix64(seed: seed &* 0x9E37_79B9_7F4A_7C15 ^ 0xB11D_E45E_1EC7) }

    /// What an expression gives, so that set operations pair columns of one type.
    enum Kind: CaseIterable {
        case int, optionalInt, double, optionalDouble, text, optionalText, bool, optionalBool, date, priority, status
    }

    /// One table the generator reads: its expressions by kind (`@` stands for the row), its
    /// conditions, and what it may aggregate.
    struct Table {
        var name: String
        var expressions: [Kind: [String]]
        var conditions: [String]
        /// Integer expressions to sum, average, total and compare.
        var numbers: [String]
        /// Expressions `min`/`max` order (numbers, texts, dates).
        var ordered: [String]
        /// Text expressions to concatenate.
        var texts: [String]
        /// Grouping keys (each a column or an expression of one row).
        var keys: [String]
        /// Whether the table has a primary key `id` (`$0.count()` counts it).
        var hasKey = true
    }

    static let reminders = Table(
        name: "Reminder",
        expressions: [
            .int: ["@.id", "@.position", "@.remindersListID", "@.position + @.id", "@.position * 3 - 7", "-@.position", "@.title.length()",
                   "Case(@.status).when(.done, then: 1).when(.todo, then: 2).else(3)", "@.notes.length() % 5"],
            .optionalInt: ["@.position / 3", "@.position % 4", "@.id / (@.position - 5)", "@.id % (@.position - 5)",
                           "Case(@.priority).when(.high, then: 10).when(.medium, then: 5)", "@.title.instr(\"a\") - 1"],
            .text: ["@.title", "@.notes", "@.title + \"|\" + @.notes", "@.title.lower()", "@.title.upper()", "@.title.substr(1, 3)",
                    "Case().when(@.isCompleted, then: @.title).else(@.notes)", "@.title.trim()", "@.notes.replace(\"e\", \"3\")"],
            .optionalText: ["Case().when(@.position > 5, then: @.title)", "@.title.nullif(\"Gym\")"],
            .bool: ["@.isCompleted", "@.position > 5", "@.title.contains(\"e\")", "@.title.eq(\"Gym\")"],
            .optionalBool: ["@.priority.eq(.high)", "@.priority > .low", "@.dueDate.isNot(nil) && @.priority.eq(.low)"],
            .date: ["@.dueDate"],
            .priority: ["@.priority", "@.priority ?? .medium", "@.priority.ifnull(.low)"],
            .status: ["@.status"],
        ],
        conditions: ["@.isCompleted", "!@.isCompleted", "@.priority.eq(.high)", "@.priority.is(nil)", "@.priority.isNot(nil)", "@.position > 5",
                     "@.position.between(3, and: 12)", "@.title.contains(\"a\")", "@.title.hasPrefix(\"C\")", "@.status.neq(.done)",
                     "@.dueDate.is(nil)", "@.id.in([1, 2, 3, 10, 11, 40, 41])", "@.notes.eq(\"\")", "@.title.collate(.nocase).eq(\"gym\")",
                     "(@.priority ?? .low).eq(.low)", "@.position % 3 == 1", "@.title.glob(\"*e*\")"],
        numbers: ["@.position", "@.id", "@.position + 1", "@.position / 3", "@.title.length()", "Case(@.priority).when(.high, then: 10).when(.medium, then: 5)"],
        ordered: ["@.position", "@.title", "@.notes", "@.dueDate", "@.id", "@.title.lower()"],
        texts: ["@.title", "@.notes", "@.title.upper()", "Case().when(@.position > 5, then: @.title)"],
        keys: ["@.remindersListID", "@.isCompleted", "@.priority", "@.status", "@.position % 3", "@.title", "@.dueDate", "@.title.lower()", "@.id"])

    static let lists = Table(
        name: "RemindersList",
        expressions: [
            .int: ["@.id", "@.position", "@.color", "@.color % 7", "@.position + 1", "@.title.length()"],
            .optionalInt: ["@.color / @.position", "@.id % @.position"],
            .text: ["@.title", "@.title + \"!\"", "@.title.upper()", "@.title.nullif(\"Work\").ifnull(\"none\")"],
            .optionalText: ["Case().when(@.position > 2, then: @.title)"],
            .bool: ["@.position > 2", "@.title.contains(\"o\")"],
        ],
        conditions: ["@.position > 1", "@.position < 3", "@.title.contains(\"o\")", "@.color.neq(0)", "@.id.in([1, 2, 5])"],
        numbers: ["@.position", "@.color", "@.id"], ordered: ["@.position", "@.title", "@.color"], texts: ["@.title"],
        keys: ["@.id", "@.position % 2", "@.title"])

    static let tags = Table(
        name: "Tag",
        expressions: [
            .int: ["@.id", "@.id * 2", "@.title.length()"],
            .optionalInt: ["10 / (@.id - 3)"],
            .text: ["@.title", "@.title.upper()", "@.title + @.title"],
            .optionalText: ["@.title.nullif(\"work\")"],
            .bool: ["@.id > 4"],
        ],
        conditions: ["@.id > 3", "@.title.hasPrefix(\"h\")", "@.title.length() > 4", "@.id.notIn([2, 4])"],
        numbers: ["@.id", "@.title.length()"], ordered: ["@.id", "@.title"], texts: ["@.title"], keys: ["@.id", "@.id % 3", "@.title.length()"])

    static let categories = Table(
        name: "Category",
        expressions: [
            .int: ["@.id", "@.parentID ?? -1", "@.title.length()", "@.parentID.ifnull(0)"],
            .optionalInt: ["@.parentID", "@.parentID + 1", "@.parentID * @.id"],
            .text: ["@.title", "@.title.lower()"],
            .optionalText: ["Case().when(@.parentID.is(nil), then: @.title)"],
            .bool: ["@.parentID.is(nil)"],
            .optionalBool: ["@.parentID > 2"],
        ],
        conditions: ["@.parentID.is(nil)", "@.parentID.isNot(nil)", "@.parentID.eq(2)", "@.id > 4", "@.title.eq(\"Café\")"],
        numbers: ["@.id", "@.parentID"], ordered: ["@.id", "@.parentID", "@.title"], texts: ["@.title"], keys: ["@.parentID", "@.id % 2", "@.title"])

    /// A SwiftData model read by the builder: REALs, dates as seconds since 2001, optional texts.
    static let users = Table(
        name: "User",
        expressions: [
            .int: ["@.id", "@.age", "@.age * 2 - @.id", "@.name.length()"],
            .optionalInt: ["@.age / (@.id % 7)", "@.nickname.length()"],
            .double: ["@.score", "@.score * 2", "@.score + 0.25", "@.score.round(1)", "-@.score"],
            .optionalDouble: ["@.score / @.score", "100.0 / @.score", "Case().when(@.isActive, then: @.score)"],
            .text: ["@.name", "@.name + \"·\"", "@.name.upper()", "@.nickname ?? @.name"],
            .optionalText: ["@.nickname", "@.nickname.lower()"],
            .bool: ["@.isActive", "@.score > 50"],
            .optionalBool: ["@.nickname.eq(\"Kim\")"],
            .date: ["@.birth"],
        ],
        conditions: ["@.age > 30", "@.isActive", "@.nickname.is(nil)", "@.score < 50.5", "@.name.hasPrefix(\"K\")", "@.age.between(20, and: 40)"],
        numbers: ["@.age", "@.score", "@.score * 2", "@.age / 3"], ordered: ["@.age", "@.score", "@.name", "@.birth", "@.nickname"],
        texts: ["@.name", "@.nickname"], keys: ["@.isActive", "@.age / 10", "@.nickname", "@.age", "@.id"])

    static let reminderTags = Table(
        name: "ReminderTag",
        expressions: [.int: ["@.reminderID", "@.tagID", "@.reminderID + @.tagID"]],
        conditions: ["@.tagID < 5", "@.reminderID > 20"], numbers: ["@.tagID", "@.reminderID"], ordered: ["@.tagID"], texts: [],
        keys: ["@.tagID"], hasKey: false)

    /// A join from the root table: the joined table and its condition (`$0` the root, `$1` the joined row).
    struct Join {
        var from: String
        var table: Table
        var conditions: [String]
    }

    static let joins: [Join] = [
        Join(from: "Reminder", table: lists, conditions: ["$0.remindersListID.eq($1.id)", "$0.remindersListID.eq($1.id) && $1.position < 2",
                                                          "$0.remindersListID.eq($1.id) && $0.priority.eq(.high)"]),
        Join(from: "RemindersList", table: reminders, conditions: ["$0.id.eq($1.remindersListID)", "$0.id.eq($1.remindersListID) && $1.isCompleted",
                                                                   "$0.id.is($1.remindersListID) && $1.priority.eq(.high)"]),
        Join(from: "Reminder", table: reminderTags, conditions: ["$0.id.eq($1.reminderID)", "$0.id.eq($1.reminderID) && $1.tagID > 3"]),
        Join(from: "RemindersList", table: tags, conditions: ["$0.title.eq($1.title)", "$0.title.collate(.nocase).eq($1.title)", "$0.position.eq($1.id)"]),
        Join(from: "Tag", table: reminders, conditions: ["$0.title.collate(.nocase).eq($1.title)", "$0.id.eq($1.position)"]),
        Join(from: "Category", table: categories, conditions: ["$0.parentID.eq($1.id)", "$0.parentID.is($1.id)", "$0.id.eq($1.parentID)"]),
        Join(from: "Reminder", table: reminders, conditions: ["$0.title.eq($1.title) && $0.id.lt($1.id)", "$0.dueDate.eq($1.dueDate) && $0.id.neq($1.id)"]),
        Join(from: "User", table: users, conditions: ["$0.age.eq($1.age) && $0.id.lt($1.id)", "$0.nickname.eq($1.nickname) && $0.id.neq($1.id)"]),
        Join(from: "User", table: reminders, conditions: ["$0.age.eq($1.position)", "$0.name.collate(.nocase).eq($1.title)"]),
    ]

    static let tables = [reminders, lists, tags, categories, users]

    /// The kinds an aggregate takes as its argument (a comparison is no operand of one).
    static let aggregable: [Kind] = [.int, .optionalInt, .double, .optionalDouble, .text, .optionalText, .date, .priority, .status]

    /// `template` read through row `row` (`$0`, `$1`).
    static func on(_ template: String, _ row: Int) -> String { template.replacingOccurrences(of: "@", with: "$\(row)") }

    /// An operand for a method call: parenthesized unless it is a plain column.
    static func operand(_ expression: String) -> String {
        expression.allSatisfy { $0.isLetter || $0.isNumber || $0 == "$" || $0 == "." } ? expression : "(\(expression))"
    }

    mutating func expression(_ table: Table, row: Int, kinds: [Kind]? = nil) -> String {
        let available = (kinds ?? Kind.allCases).filter { table.expressions[$0]?.isEmpty == false }
        let kind = random.pick(available)
        return Self.on(random.pick(table.expressions[kind]!), row)
    }

    mutating func condition(_ table: Table, row: Int) -> String {
        var text = Self.on(random.pick(table.conditions), row)
        if random.chance(1, in: 4) { text = "\(text) \(random.pick(["&&", "||"])) \(Self.on(random.pick(table.conditions), row))" }
        if random.chance(1, in: 8) { text = "!(\(text))" }
        return text
    }

    mutating func aggregate(_ table: Table, row: Int, filterTable: Table, filterRow: Int) -> String {
        func filter() -> String { random.chance(1, in: 4) ? "filter: \(condition(filterTable, row: filterRow))" : "" }
        func call(_ base: String, _ method: String, _ arguments: [String]) -> String {
            "\(Self.operand(Self.on(base, row))).\(method)(\(arguments.filter { !$0.isEmpty }.joined(separator: ", ")))"
        }
        switch random.below(table.texts.isEmpty ? 9 : 12) {
        case 0:
            return table.hasKey ? call("@", "count", [filter()]) : call("@.\(table.name == "ReminderTag" ? "tagID" : "id")", "count", [filter()])
        case 1: return call(random.pick(Self.aggregable.flatMap { table.expressions[$0] ?? [] }), "count", [random.chance(1, in: 2) ? "distinct: true" : "", filter()])
        case 2: return call(random.pick(table.numbers), "sum", [random.chance(1, in: 4) ? "distinct: true" : "", filter()])
        case 3: return call(random.pick(table.numbers), "avg", [random.chance(1, in: 4) ? "distinct: true" : "", filter()])
        case 4: return call(random.pick(table.numbers), "total", [random.chance(1, in: 4) ? "distinct: true" : "", filter()])
        case 5: return call(random.pick(table.ordered), "max", [filter()])
        case 6: return call(random.pick(table.ordered), "min", [filter()])
        case 7, 8:
            let value = random.pick(Self.aggregable.flatMap { table.expressions[$0] ?? [] })
            return call(value, "jsonGroupArray", [random.chance(1, in: 3) ? "distinct: true" : "", filter()])
        case 9:
            let separator = random.pick(["", "\", \"", "\"|\"", "separator: \" / \""])
            return call(random.pick(table.texts), "groupConcat", [separator, filter()])
        case 10:
            return call(random.pick(table.texts), "groupConcat", ["distinct: true", filter()])
        default:
            let key = Self.on(random.pick(table.ordered), row)
            let order = random.pick(["\(key)", "\(Self.operand(key)).desc()", "\(Self.operand(key)).asc()"])
            let separator = random.pick(["", "\", \""])
            return call(random.pick(table.texts), "groupConcat", [separator, "order: \(order)", filter()])
        }
    }

    /// An ordering term for `value`: ascending, descending, with `nulls:` sometimes.
    mutating func orderingTerm(_ value: String) -> String {
        switch random.below(6) {
        case 0: return "\(Self.operand(value)).desc()"
        case 1: return "\(Self.operand(value)).asc()"
        case 2: return "\(Self.operand(value)).desc(nulls: .\(random.pick(["first", "last"])))"
        case 3: return "\(Self.operand(value)).asc(nulls: .\(random.pick(["first", "last"])))"
        default: return value
        }
    }

    mutating func limit() -> String {
        random.chance(1, in: 2) ? ".limit(\(random.int(in: 0...12)))" : ".limit(\(random.int(in: 1...12)), offset: \(random.int(in: 0...8)))"
    }

    /// One query.
    mutating func query() -> String {
        switch random.below(20) {
        case 0, 1: return setOperation()
        case 2: return commonTable()
        default: return selection()
        }
    }

    mutating func selection() -> String {
        let root = random.pick(Self.tables)
        var text = root.name
        var joined: (table: Table, kind: String)?
        if random.chance(2, in: 5) {
            let candidates = Self.joins.filter { $0.from == root.name }
            if let join = candidates.isEmpty ? nil : random.pick(candidates) {
                let kind = random.pick(["join", "join", "leftJoin", "leftJoin", "rightJoin", "fullJoin"])
                text += ".\(kind)(\(join.table.name).all) { \(random.pick(join.conditions)) }"
                joined = (join.table, kind)
            }
        }
        var rows: [(table: Table, row: Int)] = [(root, 0)]
        if let joined { rows.append((joined.table, 1)) }
        if random.chance(2, in: 3) {
            let (table, row) = random.pick(rows)
            text += ".where { \(condition(table, row: row)) }"
        }
        let grouped = random.chance(2, in: 5)
        var columns: [String] = []
        var orderable: [String] = []
        if grouped {
            // Grouping keys of the root row (its primary key makes its columns determined), or of the joined row.
            let (table, row) = joined != nil && random.chance(1, in: 4) ? rows[1] : rows[0]
            var keys = [Self.on(random.pick(table.keys), row)]
            if random.chance(1, in: 4) { keys.append(Self.on(random.pick(table.keys), row)) }
            keys = Array(Set(keys)).sorted()
            text += keys.count == 1 ? ".group { \(keys[0]) }" : ".group { (\(keys.joined(separator: ", "))) }"
            columns = keys.filter { _ in random.chance(3, in: 4) }
            if keys.contains(Self.on("@.id", row)), table.hasKey, random.chance(1, in: 2) {
                columns.append(expression(table, row: row))
            }
            for _ in 0..<random.int(in: 1...3) {
                let (aggregated, aggregatedRow) = random.pick(rows)
                columns.append(aggregate(aggregated, row: aggregatedRow, filterTable: aggregated, filterRow: aggregatedRow))
            }
            // Not by a concatenation whose pieces come in the order SQLite meets the rows.
            orderable = columns.filter { !$0.contains(".jsonGroupArray(") && !($0.contains(".groupConcat(") && !$0.contains("order: ")) }
            if random.chance(1, in: 3) {
                let (aggregated, aggregatedRow) = random.pick(rows)
                let having = random.pick([
                    "\(Self.on(aggregated.hasKey ? "@" : "@.tagID", aggregatedRow)).count() > \(random.int(in: 0...4))",
                    "\(Self.operand(Self.on(random.pick(aggregated.numbers), aggregatedRow))).sum() > \(random.int(in: 0...60))",
                    "\(Self.operand(Self.on(random.pick(aggregated.numbers), aggregatedRow))).max().lt(\(random.int(in: 2...20)))",
                ])
                text += ".having { \(having) }"
            }
        } else if random.chance(1, in: 6) {
            // Aggregates of all the rows: one row, even of none.
            for _ in 0..<random.int(in: 1...3) {
                let (aggregated, aggregatedRow) = random.pick(rows)
                columns.append(aggregate(aggregated, row: aggregatedRow, filterTable: aggregated, filterRow: aggregatedRow))
            }
        } else {
            for _ in 0..<random.int(in: 1...4) {
                let (table, row) = random.pick(rows)
                columns.append(expression(table, row: row))
            }
            orderable = columns
        }
        text += columns.count == 1 ? ".select { \(columns[0]) }" : ".select { (\(columns.joined(separator: ", "))) }"
        if !grouped, !orderable.isEmpty, random.chance(1, in: 5) { text += ".distinct()" }
        if !orderable.isEmpty, random.chance(1, in: 2) {
            var terms = (0..<random.int(in: 1...2)).map { _ in orderingTerm(random.pick(orderable)) }
            terms = Array(Set(terms)).sorted()
            text += terms.count == 1 ? ".order { \(terms[0]) }" : ".order { (\(terms.joined(separator: ", "))) }"
            if random.chance(1, in: 2) { text += limit() }
        } else if random.chance(1, in: 10) {
            text += limit()
        }
        return text
    }

    /// `a.union(b)` and its kin: the columns of each chain of the same kinds.
    mutating func setOperation() -> String {
        let kinds = (0..<random.int(in: 1...2)).map { _ in random.pick([Kind.int, .text, .optionalInt, .bool, .double]) }
        func chain() -> String {
            let table = random.pick(Self.tables.filter { table in kinds.allSatisfy { table.expressions[$0]?.isEmpty == false } })
            var text = table.name
            if random.chance(2, in: 3) { text += ".where { \(condition(table, row: 0)) }" }
            let columns = kinds.map { Self.on(random.pick(table.expressions[$0]!), 0) }
            return text + (columns.count == 1 ? ".select { \(columns[0]) }" : ".select { (\(columns.joined(separator: ", "))) }")
        }
        var text = chain()
        for _ in 0..<random.int(in: 1...2) {
            let operation = random.pick(["union", "union(all: true, ", "intersect", "except"])
            text += operation.hasSuffix(", ") ? ".\(operation)\(chain()))" : ".\(operation)(\(chain()))"
        }
        return text
    }

    /// `With { ... } query: { ... }`: a filtered sub-query read grouped or joined, or a recursive
    /// walk of the categories combined by `union` or `union(all: true)`.
    mutating func commonTable() -> String {
        switch random.below(3) {
        case 0:
            let filter = condition(Self.reminders, row: 0)
            let query = random.pick([
                "Picked.group(by: \\.priority).select { ($0.priority, $0.id.count(), $0.position.sum(), $0.title.groupConcat(order: $0.title)) }",
                "Picked.join(RemindersList.all) { $0.listID.eq($1.id) }.select { ($1.title, $0.title, $0.position * 2) }",
                "Picked.where { $0.position > 4 }.select { ($0.title, $0.dueDate, $0.priority) }",
                "Picked.select { ($0.priority.count(), $0.dueDate.max(), $0.title.jsonGroupArray()) }",
            ])
            return "With { Reminder.where { \(filter) }.select { Picked.Columns(id: $0.id, listID: $0.remindersListID, title: $0.title, position: $0.position, priority: $0.priority, dueDate: $0.dueDate) } } query: { \(query) }"
        case 1:
            let combine = random.pick(["union", "union(all: true, "])
            let step = "Category.join(Tree.all) { $0.parentID.eq($1.id) }.select { Tree.Columns(id: $0.id, title: $0.title, depth: $1.depth + 1) }"
            let base = random.pick(["Category.where { $0.parentID.is(nil) }", "Category.where { $0.id.in([1, 2, 6]) }", "Category.all"])
            let query = random.pick([
                "Tree.order { ($0.depth, $0.id) }", "Tree.group(by: \\.depth).select { ($0.depth, $0.id.count(), $0.title.groupConcat(order: $0.title)) }",
                "Tree.where { $0.depth > 0 }.select { ($0.title, $0.depth) }", "Tree.select { ($0.id.count(), $0.id.count(distinct: true), $0.depth.max()) }",
            ])
            let opened = combine.hasSuffix(", ") ? "\(combine)\(step))" : "\(combine)(\(step))"
            return "With { \(base).select { Tree.Columns(id: $0.id, title: $0.title, depth: 0) }.\(opened) } query: { \(query) }"
        default:
            // A walk up the lists' positions: repeated rows where two paths meet.
            let combine = random.pick(["union", "union(all: true, "])
            let step = "Steps.select { Steps.Columns(value: $0.value + \(random.int(in: 1...3)), n: $0.n + 1) }.where { $0.n < \(random.int(in: 2...5)) }"
            let opened = combine.hasSuffix(", ") ? "\(combine)\(step))" : "\(combine)(\(step))"
            return "With { RemindersList.select { Steps.Columns(value: $0.position % 3, n: 0) }.\(opened) } query: { Steps.select { ($0.value, $0.n) } }"
        }
    }
}
