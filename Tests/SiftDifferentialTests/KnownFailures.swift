/// Disagreements between the SQL lowering and the evaluator that are understood and reported
/// but not fixed yet, by the exact text of the shrunk query the differential test prints. A
/// generated query whose shrunk form is listed here is counted as known and skipped; every
/// entry is also re-run on its own (with the parameter values of its seed), so a fix makes the
/// suite say "remove it from the list".
///
/// To refresh after a fix or a generator change: run with `SIFT_DIFFERENTIAL_EMIT_KNOWN=1`, which
/// prints one `KNOWN-CANDIDATE` line (seed, facts, shrunk text, SQL, bindings) per failure.
enum KnownFailures {
    /// One bug, with which side is wrong and why.
    enum Bug: String, Sendable, CaseIterable {
        case arrayLiteralElements =
            "SQL wrong: in [a, b].max() / .min(), elements that are not constants (attributes, parameters, expressions) are bound as JSON null in json_each(?), so [0, $0.age].max() is 0; Swift takes the maximum of the values"
        case containsFalse =
            "SQL wrong: rel.contains { false } is folded to TRUE (the WHERE disappears, or `?.contains { false }` becomes TRUE); Swift: no element satisfies false, so false (verified with #Predicate.evaluate)"
        case dateLeavesColumn =
            "SQL wrong: a Date that leaves its ISO-8601 column (??, if let, flatMap) is compared in the wrong storage: the Date parameter is bound as REAL seconds and compared with TEXT, or the text goes through julianday(), inexact to the millisecond; Swift compares instants"
        case subMillisecond =
            "SQL wrong: a Date parameter with a sub-millisecond part is truncated to the millisecond against the ISO-8601 column (2026-12-01 09:00:00.0004 == '...09:00:00.000'); Swift compares instants exactly"
        case nestedOptional =
            "SQL wrong: Optional.map with a closure returning an optional gives T?? in Swift, and .some(nil) != nil is true (verified in Swift); the SQL flattens .some(nil) to NULL"
        case trapInFilter =
            "SQL wrong (documented rule: a trap in any element traps the row): a trap in a filter { } / count(where:) closure is NULL, which count(*) simply does not count"
        case containsNul =
            "SQL wrong: sift_contains calls Foundation's String.contains (NSString range(of:)), for which \"kim\".contains(\"kim\\0\") is true; #Predicate's contains compares Characters and says false (verified with Predicate.evaluate), as the evaluator does"
        case trapAsNil =
            "SQL wrong (documented rule: a row whose predicate traps is not selected): a trap (overflow, division by zero, bad range) is NULL, and NULL is absorbed as if it were nil or false: by IS / IS NOT against an optional, ?? default, map { }, or an IN list that finds the value"
    }

    struct Entry: Sendable {
        /// The shrunk query text, exactly as the differential test prints it.
        var text: String
        var bug: Bug
        /// The seed the entry was found with (its parameter values).
        var seed: UInt64
        /// Whether the lowering was told which columns hold only NFC text.
        var useFacts: Bool

        init(_ text: String, _ bug: Bug, seed: UInt64, useFacts: Bool) {
            self.text = text
            self.bug = bug
            self.seed = seed
            self.useFacts = useFacts
        }

        var reason: String { bug.rawValue }
    }

    static let entries: [Entry] = [
        // MARK: arrayLiteralElements
        .init(##"User where 0.0 >= ([score, 0.0].max() ?? 0.0)"##, .arrayLiteralElements, seed: 188, useFacts: true),
        .init(##"#Predicate<Tag> { ([0, $0.id].max() ?? 0) > 1 }"##, .arrayLiteralElements, seed: 208, useFacts: true),
        .init(##"#Predicate<Reminder> { reminder in [0, 0, 0, 0].contains(([0, reminder.remindersList.color].max() ?? 2)) }"##, .arrayLiteralElements, seed: 283, useFacts: false),
        .init(##"User where (([0.0, score].max() ?? 1.5) ... 0.0).contains(0.0)"##, .arrayLiteralElements, seed: 367, useFacts: false),
        .init(##"#Predicate<User> { user in ([1.5 + 1.5, Double(21)].min() ?? 0.0) <= user.score }"##, .arrayLiteralElements, seed: 415, useFacts: false),
        .init(##"#Predicate<Tag> { ([threshold, 1.0].min() ?? 0.0) > 0.0 }"##, .arrayLiteralElements, seed: 431, useFacts: false),
        .init(##"#Predicate<User> { ([$0.id, minimumAge].min() ?? 0) != 0 }"##, .arrayLiteralElements, seed: 531, useFacts: false),
        .init(##"User where 0 != ([0, age].max() ?? 0)"##, .arrayLiteralElements, seed: 576, useFacts: true),
        .init(##"#Predicate<Tag> { (([0, $0.id].max() ?? 0) ..< 99).contains(1) }"##, .arrayLiteralElements, seed: 585, useFacts: false),
        .init(##"#Predicate<User> { 0 < ([$0.interests.filter { interest2 in true }.count, 1].min() ?? 0) }"##, .arrayLiteralElements, seed: 640, useFacts: true),
        .init(##"#Predicate<Interest> { ([0, $0.id].max() ?? 5) <= 0 }"##, .arrayLiteralElements, seed: 738, useFacts: true),
        .init(##"#Predicate<User> { ([1, $0.age].min() ?? 0) != 0 }"##, .arrayLiteralElements, seed: 764, useFacts: true),
        .init(##"User where [0, 0, 0, 0].contains(([0, id].max() ?? 0))"##, .arrayLiteralElements, seed: 965, useFacts: false),
        .init(##"#Predicate<Reminder> { [0.0, 0.0, 0.0, ([Double($0.id), 75.0].min() ?? 0.0)].contains(1.0) }"##, .arrayLiteralElements, seed: 1036, useFacts: true),
        .init(##"#Predicate<User> { user in 1 <= ([minimumAge, user.id].min() ?? 0) }"##, .arrayLiteralElements, seed: 1046, useFacts: true),
        .init(##"#Predicate<User> { 0 == ([$0.age, 0].max() ?? 0) }"##, .arrayLiteralElements, seed: 1261, useFacts: false),
        .init(##"#Predicate<User> { [0, 0, 0, 0].contains(([1, $0.age].min() ?? 0)) }"##, .arrayLiteralElements, seed: 1362, useFacts: true),
        .init(##"#Predicate<Company> { Double(([0, $0.id].max() ?? 0)) <= 1.0 }"##, .arrayLiteralElements, seed: 1447, useFacts: false),
        .init(##"#Predicate<User> { user in (0 ..< 30).contains(([user.id, 8388607].min() ?? 0)) }"##, .arrayLiteralElements, seed: 1638, useFacts: true),
        .init(##"#Predicate<Reminder> { (0 ..< 1).contains(([$0.remindersList.color, 0].max() ?? 0)) }"##, .arrayLiteralElements, seed: 1791, useFacts: false),
        .init(##"#Predicate<User> { user in 0 != ([0, user.id].max() ?? 0) }"##, .arrayLiteralElements, seed: 1910, useFacts: true),
        .init(##"#Predicate<Tag> { 1 != ([$0.id, $0.id].min() ?? 0) }"##, .arrayLiteralElements, seed: 1956, useFacts: true),
        .init(##"#Predicate<Reminder> { 1 > ([$0.remindersList.position, 1].min() ?? 0) }"##, .arrayLiteralElements, seed: 1994, useFacts: true),
        .init(##"#Predicate<Interest> { (([1, Int(0.0)].min() ?? 0) ..< 1).contains(0) }"##, .arrayLiteralElements, seed: 2038, useFacts: true),
        .init(##"#Predicate<User> { (0 ... ([Int(0.0), 1].min() ?? 2)).contains(1) }"##, .arrayLiteralElements, seed: 2050, useFacts: true),
        .init(##"#Predicate<User> { user in [0.0, 0.0, 0.0].contains(([0.0, user.score].max() ?? 0.0)) }"##, .arrayLiteralElements, seed: 2081, useFacts: false),
        .init(##"#Predicate<Reminder> { (0 ... 0).contains(([1, $0.remindersList.position].min() ?? 0)) }"##, .arrayLiteralElements, seed: 2139, useFacts: false),
        .init(##"#Predicate<User> { (0.0 ... 1.0).contains(([threshold, 0.0].max() ?? 0.0)) }"##, .arrayLiteralElements, seed: 2157, useFacts: false),
        .init(##"#Predicate<Reminder> { reminder in (0.0 ..< 1.0).contains(([0.0, threshold].min() ?? 0.0)) }"##, .arrayLiteralElements, seed: 2280, useFacts: true),
        .init(##"Tag where 1.0 < ([Double(id), threshold].min() ?? 0.0)"##, .arrayLiteralElements, seed: 2331, useFacts: false),
        .init(##"User where 0 <= (([id, 0].max() ?? 0) - 1)"##, .arrayLiteralElements, seed: 2431, useFacts: false),
        .init(##"#Predicate<Reminder> { 1.0 != Double(([0, $0.id].max() ?? 0)) }"##, .arrayLiteralElements, seed: 2488, useFacts: true),
        .init(##"Interest where ([1, "".count].min() ?? 0) >= 1"##, .arrayLiteralElements, seed: 3078, useFacts: true),
        .init(##"#Predicate<User> { [1, 2, ([$0.age, 1].min() ?? 5)].contains(0) }"##, .arrayLiteralElements, seed: 3097, useFacts: false),
        .init(##"#Predicate<Interest> { (0 ..< 1).contains(([0, minimumAge].max() ?? 0)) }"##, .arrayLiteralElements, seed: 3108, useFacts: true),
        .init(##"#Predicate<User> { 1 != ([1, $0.age].min() ?? 1) }"##, .arrayLiteralElements, seed: 3155, useFacts: false),
        .init(##"#Predicate<Tag> { 1 != Int(([1.0, threshold].max() ?? 2.0)) }"##, .arrayLiteralElements, seed: 3391, useFacts: false),
        .init(##"#Predicate<User> { (0 ... 0).contains(([1, $0.age].min() ?? 2)) }"##, .arrayLiteralElements, seed: 3448, useFacts: true),
        .init(##"#Predicate<User> { user in 0 <= ([0 / user.age, 0].max() ?? 0) }"##, .arrayLiteralElements, seed: 3679, useFacts: false),
        .init(##"User where 0 >= ([id, 0].max() ?? 0)"##, .arrayLiteralElements, seed: 3716, useFacts: true),
        .init(##"#Predicate<User> { [0.0, 0.0, 0.0, 0.0].contains(([0.0, $0.score].min() ?? 0.0)) }"##, .arrayLiteralElements, seed: 3737, useFacts: false),
        .init(##"#Predicate<Company> { 0 != ([0, $0.users.filter { true }.count].max() ?? 0) }"##, .arrayLiteralElements, seed: 3755, useFacts: false),
        .init(##"#Predicate<RemindersList> { 0 != ([$0.position, 1].min() ?? 0) }"##, .arrayLiteralElements, seed: 3907, useFacts: false),
        .init(##"#Predicate<User> { ([$0.id, $0.id].min() ?? 0) >= 1 }"##, .arrayLiteralElements, seed: 4039, useFacts: false),
        .init(##"#Predicate<User> { (([$0.age, 0].max() ?? 7) ..< 1).contains(0) }"##, .arrayLiteralElements, seed: 4044, useFacts: true),
        .init(##"#Predicate<User> { ([$0.score, 0.0].max() ?? 0.0) <= 0.0 }"##, .arrayLiteralElements, seed: 4157, useFacts: false),
        .init(##"#Predicate<Company> { [0.0, ([threshold, 45.0].min() ?? 0.0), 0.0, 0.0].contains(threshold) }"##, .arrayLiteralElements, seed: 4303, useFacts: false),
        .init(##"User where ([0.0, score].max() ?? 0.0) <= 0.0"##, .arrayLiteralElements, seed: 4465, useFacts: false),
        .init(##"#Predicate<Tag> { 0.0 == ([threshold, 1.0].min() ?? 0.0) }"##, .arrayLiteralElements, seed: 4485, useFacts: false),
        .init(##"#Predicate<Reminder> { reminder in 0 < ([1, reminder.position].min() ?? 0) }"##, .arrayLiteralElements, seed: 4604, useFacts: true),
        .init(##"#Predicate<User> { (0 ... 1).contains($0.company.flatMap { it2 in ([it2.id, 33].min() ?? 0) } ?? 0) }"##, .arrayLiteralElements, seed: 4612, useFacts: true),
        .init(##"#Predicate<User> { user in 0.0 > ([user.score, user.score].max() ?? 0.0) }"##, .arrayLiteralElements, seed: 4644, useFacts: true),
        .init(##"#Predicate<RemindersList> { 0 != ([1, $0.position].min() ?? 0) }"##, .arrayLiteralElements, seed: 4782, useFacts: true),
        .init(##"#Predicate<Company> { company in 1 == ([company.id, minimumAge].min() ?? 0) }"##, .arrayLiteralElements, seed: 4896, useFacts: true),
        .init(##"#Predicate<User> { user in ([0.0, user.score].min() ?? 0.0) >= 0.0 }"##, .arrayLiteralElements, seed: 4996, useFacts: true),
        // MARK: containsFalse
        .init(##"#Predicate<Reminder> { $0.remindersList.reminders.contains { false } }"##, .containsFalse, seed: 350, useFacts: true),
        .init(##"#Predicate<User> { $0.company?.users.contains { false } != false }"##, .containsFalse, seed: 1117, useFacts: false),
        .init(##"#Predicate<User> { $0.company?.users.contains { user1 in false } != false }"##, .containsFalse, seed: 1868, useFacts: true),
        .init(##"#Predicate<User> { $0.company?.users.contains { false } == false }"##, .containsFalse, seed: 2662, useFacts: true),
        .init(##"#Predicate<Tag> { tag in tag.reminders.contains { false } }"##, .containsFalse, seed: 3532, useFacts: true),
        .init(##"#Predicate<User> { $0.interests.contains { false } }"##, .containsFalse, seed: 3855, useFacts: false),
        .init(##"#Predicate<User> { user in user.company?.users.contains { false } != false }"##, .containsFalse, seed: 4096, useFacts: true),
        .init(##"#Predicate<Tag> { $0.reminders.contains { false } }"##, .containsFalse, seed: 4352, useFacts: true),
        .init(##"User where interests.contains { interest1 in false }"##, .containsFalse, seed: 4703, useFacts: false),
        // MARK: dateLeavesColumn
        .init(##"Reminder where endDate != (dueDate ?? endDate)"##, .dateLeavesColumn, seed: 327, useFacts: false),
        .init(##"#Predicate<Reminder> { ($0.dueDate ?? endDate) == endDate }"##, .dateLeavesColumn, seed: 409, useFacts: false),
        .init(##"#Predicate<Reminder> { reminder in (reminder.dueDate ?? endDate) == endDate }"##, .dateLeavesColumn, seed: 737, useFacts: false),
        .init(##"#Predicate<Reminder> { startDate >= ((true ? $0.dueDate : nil) ?? startDate) }"##, .dateLeavesColumn, seed: 1335, useFacts: false),
        .init(##"#Predicate<Reminder> { reminder in startDate >= (true ? (reminder.dueDate ?? startDate) : endDate) }"##, .dateLeavesColumn, seed: 1692, useFacts: true),
        .init(##"#Predicate<Reminder> { (endDate ... endDate).contains($0.dueDate ?? endDate) }"##, .dateLeavesColumn, seed: 1979, useFacts: false),
        .init(##"#Predicate<Reminder> { (($0.dueDate ?? endDate) ... startDate).contains(endDate) }"##, .dateLeavesColumn, seed: 2342, useFacts: true),
        .init(##"#Predicate<Reminder> { ($0.dueDate ?? endDate) >= endDate }"##, .dateLeavesColumn, seed: 2978, useFacts: true),
        .init(##"#Predicate<Reminder> { ($0.dueDate ?? startDate) < endDate }"##, .dateLeavesColumn, seed: 3121, useFacts: false),
        .init(##"#Predicate<Reminder> { (startDate ... startDate).contains($0.dueDate ?? startDate) }"##, .dateLeavesColumn, seed: 3437, useFacts: false),
        .init(##"#Predicate<Reminder> { endDate == ($0.dueDate ?? endDate) }"##, .dateLeavesColumn, seed: 3587, useFacts: false),
        .init(##"#Predicate<Reminder> { startDate > ($0.dueDate ?? startDate) }"##, .dateLeavesColumn, seed: 3926, useFacts: true),
        .init(##"#Predicate<Reminder> { (endDate ... ($0.dueDate ?? endDate)).contains(endDate) }"##, .dateLeavesColumn, seed: 3962, useFacts: true),
        .init(##"Reminder where startDate >= (if let day1 = dueDate { dueDate ?? endDate } else { startDate })"##, .dateLeavesColumn, seed: 4176, useFacts: true),
        .init(##"#Predicate<Reminder> { reminder in endDate > (reminder.dueDate ?? endDate) }"##, .dateLeavesColumn, seed: 4254, useFacts: true),
        .init(##"#Predicate<Reminder> { reminder in (reminder.dueDate ?? startDate) >= endDate }"##, .dateLeavesColumn, seed: 4415, useFacts: false),
        .init(##"#Predicate<Reminder> { reminder in (if let day1 = reminder.dueDate { day1 } else { endDate }) >= endDate }"##, .dateLeavesColumn, seed: 4549, useFacts: false),
        .init(##"#Predicate<Reminder> { ($0.dueDate ?? endDate) > startDate }"##, .dateLeavesColumn, seed: 4780, useFacts: true),
        .init(##"#Predicate<Reminder> { reminder in (startDate ... endDate).contains(reminder.dueDate ?? startDate) }"##, .dateLeavesColumn, seed: 4820, useFacts: true),
        .init(##"#Predicate<Reminder> { reminder in startDate == (if let level1 = reminder.priority { startDate } else { reminder.dueDate ?? endDate }) }"##, .dateLeavesColumn, seed: 4868, useFacts: true),
        // MARK: subMillisecond
        .init(##"#Predicate<Reminder> { $0.dueDate == endDate }"##, .subMillisecond, seed: 1478, useFacts: true),
        .init(##"Tag where reminders.allSatisfy { reminder1 in reminder1.dueDate != endDate }"##, .subMillisecond, seed: 2781, useFacts: false),
        // MARK: nestedOptional
        .init(##"User where companyID.map { it1 in company?.city } != nil"##, .nestedOptional, seed: 651, useFacts: false),
        .init(##"User where company.map { company?.city } == nil"##, .nestedOptional, seed: 3061, useFacts: false),
        .init(##"Company where city.map { it1 in founded.flatMap { nil } } != nil"##, .nestedOptional, seed: 4081, useFacts: false),
        .init(##"#Predicate<User> { $0.company.map { $0.city } != nil }"##, .nestedOptional, seed: 4596, useFacts: true),
        // MARK: trapInFilter
        .init(##"Reminder where tags.count(where: { (1 ... position).contains(0) }) <= 3"##, .trapInFilter, seed: 3629, useFacts: false),
        // MARK: trapAsNil
        .init(##"#Predicate<Reminder> { (($0.id ... 7).contains(0) ? .low : .low) == $0.priority }"##, .trapAsNil, seed: 161, useFacts: false),
        .init(##"Reminder where ((0 ..< -remindersListID).contains(0) ? nil : nil) != priority"##, .trapAsNil, seed: 1432, useFacts: true),
        .init(##"User where (company?.users.allSatisfy { ($0.birth ..< ($0.company?.founded ?? startDate)).contains(birth) } ?? true)"##, .trapAsNil, seed: 3286, useFacts: true),
        .init(##"#Predicate<User> { user in user.company?.id == (0 / (0 / 1)) }"##, .trapAsNil, seed: 3382, useFacts: true),
        .init(##"#Predicate<User> { user in user.company?.users.allSatisfy { ($0.age ..< 0).contains(0) } != false }"##, .trapAsNil, seed: 3432, useFacts: true),
        .init(##"#Predicate<Interest> { [$0.id * 9223372036854775807, 0, 0, 5].contains(0) }"##, .trapAsNil, seed: 3466, useFacts: true),
        .init(##"User where company?.id == (1 + 9223372036854775807)"##, .trapAsNil, seed: 3947, useFacts: false),
        .init(##"#Predicate<User> { $0.company?.founded != (($0.age ... 0).contains(0) ? startDate : nil) }"##, .trapAsNil, seed: 4021, useFacts: false),
    ]

    /// Known failures of the injection test: a template (`HOSTILE` for the string) and the exact
    /// hostile value, whether written as a literal (in any spelling) or given as a parameter.
    struct InjectionEntry: Sendable {
        var template: String
        var value: String
        var bug: Bug
    }

    static let injection: [InjectionEntry] = [
        .init(template: #"#Predicate<User> { $0.name.contains(HOSTILE) }"#, value: "kim\0", bug: .containsNul),
    ]

    static func injectionEntry(template: String, value: String) -> InjectionEntry? {
        injection.first { $0.template == template && $0.value == value }
    }

    /// A guess at which known bug a new failure is another instance of, for the failure message
    /// (seeds outside the default range find new shrunk texts of the same bugs).
    static func probableBug(_ disagreement: DifferentialRunner.Disagreement) -> Bug? {
        let text = disagreement.text
        if disagreement.sql.contains("json_each"), text.contains("].max()") || text.contains("].min()") { return .arrayLiteralElements }
        if text.range(of: #"contains \{ (\w+ in )?false \}"#, options: .regularExpression) != nil { return .containsFalse }
        if !disagreement.trapped.isEmpty {
            return text.contains("filter {") || text.contains("count(where:") ? .trapInFilter : .trapAsNil
        }
        if text.contains(".map {") { return .nestedOptional }
        if text.contains("dueDate") {
            if disagreement.sql.contains("julianday") || text.contains("??") || text.contains("if let") { return .dateLeavesColumn }
            return .subMillisecond
        }
        if text.contains("\\0") || text.contains("\\u{0}") { return .containsNul }
        return nil
    }

    static let byText: [String: Entry] = Dictionary(entries.map { ($0.text, $0) }, uniquingKeysWith: { first, _ in first })

    static func entry(for text: String) -> Entry? { byText[text] }
}
