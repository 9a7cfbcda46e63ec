import Foundation
import Sift
import SiftREPL
import Testing

/// The completer called directly at many cursor positions (the cursor is the end of the text).
@Suite struct CompleterTests {
    static let schema: Schema = {
        let directory = try! TestFiles.makeWorkingDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        return try! TestFiles.makeEngine(in: directory).schema
    }()

    let completer = Completer(
        schema: CompleterTests.schema, parameterTypes: ["minimumAge": .int, "searchString": .string],
        listDirectory: { path in
            switch path {
            case ".", "/work/./": ["Examples/", "fixture.sqlite", "queries.sift", ".hidden"]
            case "Examples/": ["example.sqlite", "example.sql", "Models.swift"]
            default: nil
            }
        })

    func candidates(_ text: String, pending: String = "") -> [String] {
        completer.complete(text, pendingInput: pending).candidates
    }

    static let userMembers = [
        "age", "birth", "company", "companyID", "id", "interests", "isActive", "name", "nickname", "score", "userInterests",
    ]
    static let interestMembers = ["category", "id", "title", "userInterests", "users"]
    static let stringMembers = [
        "caseInsensitiveCompare", "contains", "count", "hasPrefix", "hasSuffix", "isEmpty", "localizedCaseInsensitiveCompare",
        "localizedCompare", "localizedStandardCompare", "localizedStandardContains", "lowercased", "starts", "uppercased",
    ]

    @Test func modelNamesAtTheStart() {
        #expect(candidates("") == ["Company", "FetchDescriptor", "Interest", "Reminder", "SortDescriptor", "User", "UserInterest"])
        #expect(candidates("U") == ["User", "UserInterest"])
        #expect(candidates("Rem") == ["Reminder"])
        #expect(candidates("rem") == ["Reminder"])  // case-insensitive when nothing matches exactly
    }

    @Test func macroAndGenericArguments() {
        #expect(candidates("#Pre") == ["Predicate"])
        #expect(candidates("#Predicate<") == ["Company", "Interest", "Reminder", "User", "UserInterest"])
        #expect(candidates("#Predicate<Us") == ["User", "UserInterest"])
        #expect(candidates("FetchDescriptor<Co") == ["Company"])
        #expect(candidates("@Qu") == ["Query"])
    }

    @Test func membersOfTheClosureParameter() {
        #expect(candidates("#Predicate<User> { $0.") == Self.userMembers)
        #expect(candidates("#Predicate<User> { $0.n") == ["name", "nickname"])
        #expect(candidates("#Predicate<User> { user in user.is") == ["isActive"])
        #expect(candidates("#Predicate<User> { (u: User) in u.sc") == ["score"])
        #expect(candidates("#Predicate<User> { $0.birth.time") == ["timeIntervalSince1970", "timeIntervalSinceReferenceDate"])
    }

    @Test func membersThroughRelationships() {
        #expect(candidates("#Predicate<User> { $0.company?.") == ["city", "id", "name", "users"])
        #expect(candidates("#Predicate<User> { $0.company!.na") == ["name"])
        #expect(candidates("#Predicate<Interest> { $0.users.first?.comp") == ["company", "companyID"])
    }

    @Test func membersInsideNestedClosures() {
        #expect(candidates("#Predicate<User> { $0.interests.contains { $0.") == Self.interestMembers)
        #expect(candidates("#Predicate<User> { $0.interests.contains { $0.users.contains { $0.ag") == ["age"])
        #expect(candidates("#Predicate<User> { user in user.interests.allSatisfy { i in i.ti") == ["title"])
        // The outer name is still in scope inside the inner closure.
        #expect(candidates("#Predicate<User> { user in user.interests.contains { $0.title == user.nick") == ["nickname"])
        #expect(candidates("#Predicate<User> { $0.interests.contains(where: { $0.cat") == ["category"])
        #expect(candidates("#Predicate<User> { $0.interests.filter { $0.title.isEmpty }.count > 0 && $0.interests.contains { $0.ti") == ["title"])
        // After a closed inner closure, `$0` is the outer parameter again.
        #expect(candidates("#Predicate<User> { $0.interests.contains { $0.title == \"a\" } && $0.ag") == ["age"])
    }

    @Test func membersAcrossLines() {
        let pending = "#Predicate<User> { user in\n    user.isActive\n        && user.interests.contains {"
        #expect(candidates("$0.tit", pending: pending) == ["title"])
        #expect(candidates("user.comp", pending: pending) == ["company", "companyID"])
    }

    @Test func ifLetBindings() {
        #expect(candidates("#Predicate<User> { if let c = $0.company { c.ci") == ["city"])
        #expect(candidates("#Predicate<User> { user in if let company = user.company, company.name == \"A\" { company.u") == ["users"])
    }

    @Test func methodsForTheTypeAtTheCursor() {
        #expect(candidates("#Predicate<User> { $0.name.") == Self.stringMembers)
        #expect(candidates("#Predicate<User> { $0.name.has") == ["hasPrefix", "hasSuffix"])
        #expect(candidates("#Predicate<User> { $0.nickname?.") == Self.stringMembers)
        #expect(candidates("#Predicate<User> { $0.interests.") == ["allSatisfy", "contains", "count", "filter", "first", "isEmpty"])
        #expect(candidates("#Predicate<User> { $0.name.lowercased().has") == ["hasPrefix", "hasSuffix"])
        #expect(candidates("#Predicate<Reminder> { $0.priority?.") == ["rawValue"])
        #expect(candidates("#Predicate<User> { $0.age.") == [])
    }

    @Test func enumCasesAndSortOrders() {
        #expect(candidates("#Predicate<Reminder> { $0.priority == .") == ["high", "low", "medium"])
        #expect(candidates("Reminder where priority != .h") == ["high"])
        #expect(candidates("SortDescriptor(\\User.birth, order: .") == ["forward", "reverse"])
    }

    @Test func keyPaths() {
        #expect(candidates("SortDescriptor(\\") == ["Company", "Interest", "Reminder", "User", "UserInterest"])
        #expect(candidates("SortDescriptor(\\User.bi") == ["birth"])
        #expect(candidates("SortDescriptor(\\User.company?.") == ["city", "id", "name", "users"])
        #expect(candidates("FetchDescriptor<User>(sortBy: [SortDescriptor(\\.sc") == ["score"])
        #expect(candidates("FetchDescriptor<Company>(predicate: #Predicate { $0.ci") == ["city"])
    }

    @Test func builderClosuresOfferTheRowsColumns() {
        let reminderMembers = ["dueDate", "id", "priority", "title"]
        let companyMembers = ["city", "id", "name", "users"]
        #expect(candidates("Reminder.where { $0.") == reminderMembers)
        #expect(candidates("Reminder.where { $0.ti") == ["title"])
        #expect(candidates("Reminder.where({ $0.") == reminderMembers)
        #expect(candidates("Reminder.where { $0.isCompleted }.order { $0.") == reminderMembers)
        #expect(candidates("Reminder.where { reminder in reminder.pr") == ["priority"])
        // A join's condition reads the rows joined so far, the joined one last.
        #expect(candidates("User.join(Company.all) { $0.") == Self.userMembers)
        #expect(candidates("User.join(Company.all) { $0.companyID.eq($1.") == companyMembers)
        #expect(candidates("User.join(Company.all, on: { $1.") == companyMembers)
        #expect(candidates("User.join(Company.all) { u, c in c.ci") == ["city"])
        #expect(candidates("User.leftJoin(Company.all) { $0.companyID.eq($1.id) }.select { ($0.name, $1.") == companyMembers)
        #expect(candidates("User.join(Company.all) { $0.companyID.eq($1.id) }.where { $2.").isEmpty)
        // A joined query's closure reads its own row.
        #expect(candidates("User.join(Company.where { $0.") == companyMembers)
    }

    @Test func builderKeyPathsOfferTheChainsColumns() {
        #expect(candidates("Reminder.order(by: \\.") == ["dueDate", "id", "priority", "title"])
        #expect(candidates("Reminder.where { $0.id > 1 }.select(\\.ti") == ["title"])
        #expect(candidates("User.join(Company.select(\\.") == ["city", "id", "name", "users"])
        #expect(candidates("User.group(by: \\.ag") == ["age"])
    }

    @Test func conciseWhereClauses() {
        #expect(candidates("User ") == ["group", "having", "join", "limit", "offset", "select", "sort", "where"])
        #expect(candidates("User wh") == ["where"])
        #expect(candidates("User where ") == (["false", "minimumAge", "nil", "searchString", "true"] + Self.userMembers).sorted())
        #expect(candidates("User where ag") == ["age"])
        #expect(candidates("User where age > 20 && na") == ["name"])
        #expect(candidates("User where company.na") == ["name"])
        #expect(candidates("User where company?.users.first?.ag") == ["age"])
        #expect(candidates("User where interests.contains { $0.ti") == ["title"])
        #expect(candidates("User where age > 20 so") == ["sort"])
        #expect(candidates("User where age > 20 sort ") == ["by"])
        #expect(candidates("User where age > 20 sort by bi") == ["birth"])
        #expect(candidates("User where age > 20 sort by birth d") == ["desc"])
        #expect(candidates("User where name.hasP") == ["hasPrefix"])
    }

    @Test func conciseSelectionsOfferAggregates() {
        #expect(candidates("User select su") == ["sum"])
        #expect(candidates("User group ") == ["by"])
        #expect(candidates("User group by company select co") == ["company", "companyID", "count"])
        #expect(candidates("User group by company having av") == ["average"])
        #expect(candidates("User where av") == [])
        #expect(candidates("User where age > 20 sel") == ["select"])
    }

    @Test func conciseRelationshipsMapAndAggregatePerRow() {
        #expect(candidates("Company where users.") == ["allSatisfy", "contains", "count", "filter", "first", "isEmpty", "map"])
        #expect(candidates("Company select users.ma") == ["map"])
        #expect(candidates("Company select users.map(\\.") == Self.userMembers)
        #expect(candidates("Company select users.filter { $0.isActive }.map(\\.sc") == ["score"])
        #expect(candidates("Company select users.map { $0.a") == ["age"])
        #expect(candidates("Company select users.map(\\.age).") == ["average", "max", "min", "sum"])
        #expect(candidates("Company where (users.map { $0.age }.m") == ["max", "min"])
        // `#Predicate` has no `map`: not offered there.
        #expect(candidates("#Predicate<Company> { $0.users.ma") == [])
    }

    @Test func selectionSortKeysAndCountedQueries() {
        #expect(candidates("User group by company select company?.name, n: count() sort by cou") == ["count"])
        #expect(candidates("User select name sort by av") == ["average"])
        #expect(candidates("User where age > 20 sort by av") == [])
        #expect(candidates("Company select name, n: count(Us") == ["User", "UserInterest"])
        #expect(candidates("Company select name, n: exists(Int") == ["Interest"])
        // Outside a selection, `count(` is not a counted query: no models.
        #expect(candidates("Company where name == count(Us") == ["users"])
    }

    @Test func parametersAndLiteralsInClosures() {
        #expect(candidates("#Predicate<User> { $0.age > min") == ["minimumAge"])
        #expect(candidates("#Predicate<User> { $0.isActive == tr") == ["true"])
    }

    @Test func noCompletionInsideStringsAndNumbers() {
        #expect(candidates("#Predicate<User> { $0.name == \"na") == [])
        #expect(candidates("#Predicate<User> { $0.age > 2") == [])
        #expect(candidates("#Predicate<User> { $0.nosuch.") == [])
    }

    @Test func dotCommandNames() {
        #expect(candidates(".") == DotCommand.all.map { "." + $0.name }.sorted())
        #expect(candidates(".sc") == [".schema"])
        #expect(candidates(".h") == [".headers", ".help", ".history"])
        #expect(candidates("  .mo") == [".mode", ".models"])
        #expect(candidates(".nosuch ") == [])
    }

    @Test func dotCommandArguments() {
        #expect(candidates(".schema ") == ["Company", "Interest", "Reminder", "User", "UserInterest"])
        #expect(candidates(".schema Us") == ["User", "UserInterest"])
        #expect(candidates(".schema User ") == [])
        #expect(candidates(".mode ") == ["box", "csv", "json", "line", "table"])
        #expect(candidates(".mode j") == ["json"])
        #expect(candidates(".headers o") == ["off", "on"])
        #expect(candidates(".help sc") == ["schema"])
        #expect(candidates(".param ") == ["clear", "list", "set", "unset"])
        #expect(candidates(".param unset s") == ["searchString"])
        #expect(candidates(".typed User where ag") == ["age"])
        #expect(candidates(".sql #Predicate<User> { $0.company?.ci") == ["city"])
        #expect(candidates(".open fixture.sqlite --w") == ["--write"])
    }

    @Test func fileNames() {
        #expect(candidates(".open ") == ["Examples/", "fixture.sqlite", "queries.sift"])
        #expect(candidates(".read q") == ["queries.sift"])
        #expect(candidates(".open Examples/ex") == ["Examples/example.sql", "Examples/example.sqlite"])
        #expect(candidates(".open .h") == [".hidden"])
        #expect(candidates(".read nowhere/x") == [])
    }

    @Test func aDotCommandIsOnlyADotCommandAtTheStartOfInput() {
        // In the middle of a query, a line starting with `.` continues a member chain.
        #expect(candidates(".ag", pending: "User where interests.contains { $0.users.first?") == ["age"])
        #expect(candidates("  .na", pending: "#Predicate<Company> { $0") == ["name"])
    }

    @Test func commonPrefixAndWord() {
        let completion = completer.complete("#Predicate<User> { $0.has")
        #expect(completion.word == "has")
        #expect(completion.candidates == [])
        let strings = completer.complete("#Predicate<User> { $0.name.localized")
        #expect(strings.word == "localized")
        #expect(strings.commonPrefix == "localized")
        let unique = completer.complete("#Predicate<User> { $0.name.hasP")
        #expect(unique.commonPrefix == "hasPrefix")
        #expect(completer.complete(".he").commonPrefix == ".he")
        #expect(completer.complete(".hi").commonPrefix == ".history")
    }
}
