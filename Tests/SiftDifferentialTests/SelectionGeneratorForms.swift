import SiftTestSupport

/// The forms of the selection generator beyond one model's columns, groups and aggregates: joins
/// (along relationships, outer, on conditions reading to-one paths, a model joined to itself), set
/// operations, per-row aggregates of relationships and sorted group concatenation.
extension SelectionDifferentialTests {
    /// A join the generator may add to a model's query, and what the joined row offers.
    struct JoinForm {
        var clause: String
        var columns: [String]
        /// Keys to group by (the joined row's attributes; none for an outer join, whose row may be nil).
        var groupKeys: [String]
    }

    static let joins: [String: [JoinForm]] = [
        "User": [
            JoinForm(clause: "join interests as j", columns: ["j.title", "j.category", "j.users.count"], groupKeys: ["j.title", "j.category"]),
            JoinForm(clause: "left join interests as j on j.category != company?.city", columns: ["j?.title", "j?.category"], groupKeys: []),
            JoinForm(clause: "join Company as j on j.name == company?.name", columns: ["j.name", "j.city", "j.users.count"], groupKeys: ["j.city"]),
        ],
        "Reminder": [
            JoinForm(clause: "join tags as j", columns: ["j.title"], groupKeys: ["j.title"]),
            JoinForm(clause: "left join tags as j", columns: ["j?.title"], groupKeys: []),
            JoinForm(clause: "join remindersList as j on j.position >= position", columns: ["j.title", "j.color"], groupKeys: ["j.title"]),
        ],
        "Company": [
            JoinForm(clause: "join users as j on j.age > 50", columns: ["j.name", "j.age", "j.interests.count"], groupKeys: ["j.isActive"]),
            JoinForm(clause: "left join users as j on j.company?.city == city && j.age > 80", columns: ["j?.name"], groupKeys: []),
            JoinForm(clause: "join Company as j on j.city == city && j.name != name", columns: ["j.name", "j.founded"], groupKeys: ["j.city"]),
        ],
        "Interest": [
            JoinForm(clause: "join users as j", columns: ["j.name", "j.age", "j.company?.city"], groupKeys: ["j.company?.city"]),
            JoinForm(
                clause: "join users as j join j.company as k on k.city != category", columns: ["j.name", "k.name", "j.company?.name"],
                groupKeys: ["k.name"]),
        ],
    ]

    /// Per-row aggregates of a model's relationships: values, and numbers among them.
    static let rowAggregates: [String: (values: [String], numbers: [String])] = [
        "User": (["interests.map(\\.title).min()", "interests.map { $0.category ?? \"\" }.max()"], []),
        "Reminder": (["tags.map(\\.title).max()"], []),
        "Company": (
            [
                "users.map(\\.age).max()", "users.map { $0.age }.min()", "users.map(\\.score).sum()", "users.map(\\.score).average()",
                "users.filter { $0.isActive }.map(\\.age).sum()", "users.map(\\.name).max()", "users.map(\\.birth).min()",
                "users.map { $0.age * 100000000000000000 }.sum()",
            ],
            ["users.map(\\.age).sum()", "users.map(\\.age).max() ?? 0"]),
        "Interest": (
            ["users.map(\\.age).max()", "users.map(\\.score).average()", "users.map(\\.age).sum()", "users.filter { $0.isActive }.map(\\.score).max()"],
            ["users.map(\\.age).sum()"]),
    ]

    /// Counted queries that read the selecting row, named `o` (`User as o select …`): the counted
    /// model and the condition that ties its objects to `o`.
    static let correlatedMeasures: [String: [(model: String, correlation: String)]] = [
        "User": [
            ("User", "age > o.age"), ("User", "company?.name == o.company?.name && name != o.name"),
            ("Interest", "users.count > o.interests.count"), ("Company", "name == o.company?.name"),
        ],
        "Reminder": [("Reminder", "remindersListID == o.remindersListID && position < o.position"), ("User", "age == o.position")],
        "Company": [("User", "company?.name == o.name"), ("Company", "city == o.city && name != o.name")],
        "Interest": [("Interest", "category == o.category"), ("User", "interests.count == o.users.count")],
    ]

    /// `count(Model where … && correlation)` or `exists(...)` of a query that reads the row `o`,
    /// with a generated condition on the counted model's objects half the time.
    static func correlatedMeasure(_ model: String, _ generator: inout PredicateGenerator) -> String {
        let form = generator.random.pick(correlatedMeasures[model]!)
        var condition = form.correlation
        if generator.random.chance(1, in: 2) {
            let scope = GenScope(variables: [GenVariable(name: "", type: .object(form.model))])
            condition = "(\(generator.boolean(1, scope).render())) && " + condition
        }
        return generator.random.pick(["count", "exists"]) + "(\(form.model) where \(condition))"
    }

    /// Sorted group concatenations of a model's rows: the strings, and keys to sort them by.
    static let concatenations: [String: (strings: [String], keys: [String])] = [
        "User": (["name", "nickname ?? name", "company?.name ?? \"-\""], ["age", "score", "birth", "name", "nickname"]),
        "Reminder": (["title", "status.rawValue"], ["position", "dueDate", "title"]),
        "Company": (["name"], ["founded", "name", "city"]),
        "Interest": (["title"], ["title", "category"]),
    ]

    /// `groupConcat(x, separator:, sortedBy:, order:)`, or its distinct form.
    static func sortedConcatenation(_ model: String, _ random: inout SplitMix64) -> String {
        guard let forms = concatenations[model] else { return "count()" }
        let string = random.pick(forms.strings)
        let separator = random.pick([", ", "|", ""])
        if random.chance(1, in: 4) {
            return "groupConcat(distinct: \(string), separator: \"\(separator)\", sortedBy: \(string)\(random.chance(1, in: 2) ? ", order: .reverse" : ""))"
        }
        let key = random.pick(forms.keys)
        return "groupConcat(\(string), separator: \"\(separator)\", sortedBy: \(key)\(random.chance(1, in: 2) ? ", order: .reverse" : ""))"
    }

    /// Columns of the same types in several models, for set operations.
    static let setOperands: [[(model: String, column: String)]] = [
        [("User", "name"), ("Company", "name"), ("Interest", "title"), ("Reminder", "title"), ("User", "nickname ?? name")],
        [("User", "age"), ("Reminder", "position"), ("Company", "users.count"), ("Interest", "users.count")],
        [("User", "company?.city"), ("Company", "city"), ("Interest", "category")],
    ]

    /// `A where … select x union B where … select y …`: each operand with a generated filter.
    static func setOperation(_ generator: inout PredicateGenerator) -> String {
        let family = generator.random.pick(setOperands)
        var parts: [String] = []
        for index in 0..<generator.random.int(in: 2...3) {
            let operand = generator.random.pick(family)
            var text = operand.model
            if generator.random.chance(1, in: 2) {
                let scope = GenScope(variables: [GenVariable(name: "", type: .object(operand.model))])
                text += " where " + generator.boolean(1, scope).render()
            }
            text += " select " + operand.column
            if index > 0 { parts.append(generator.random.pick(["union", "union all", "intersect", "except"])) }
            parts.append(text)
        }
        return parts.joined(separator: " ")
    }
}
