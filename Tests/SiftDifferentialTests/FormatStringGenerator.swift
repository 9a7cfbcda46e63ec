import Foundation
import SiftTestSupport

/// Writes random, well-typed `NSPredicate` format queries over the example schema in the concise
/// spelling (`User "format", arguments`): comparisons of every kind with `[c]`/`[d]`/`[cd]`,
/// nil, `LIKE` and `MATCHES` patterns, `IN`, `BETWEEN`, `ANY`/`ALL`/`NONE`, `@count`,
/// `SUBQUERY`, `NOT`, `AND`/`OR`, literals, `%@`/`%d`/`%f`/`%K` arguments and `$VARIABLE`s, over
/// the example strings that tell bytes from canonical equivalence and case folding.
struct FormatStringGenerator {
    var random: SplitMix64
    /// The Swift arguments after the format string, in order.
    var arguments: [String] = []

    init(seed: UInt64) { random = SplitMix64(seed: seed ^ 0x0F0E_5EED_C0DE_DA7A) }

    /// Whether the last query sorts (its rows must come in the same order).
    var isOrdered = false

    /// One query: the model, the format string as a Swift literal, its arguments; one in four is
    /// a fetch-request script with sort descriptors (and sometimes a limit) instead.
    mutating func query() -> String {
        isOrdered = false
        let concise = conciseQuery()
        guard random.chance(1, in: 4) else { return concise }
        isOrdered = true
        let model = String(concise.prefix { $0 != " " })
        let rest = concise.dropFirst(model.count + 1)
        let keys: [String]
        switch model {
        case "User": keys = ["name", "nickname", "age", "score", "birth", "isActive", "company.name"]
        case "Company": keys = ["name", "city", "founded"]
        default: keys = ["title", "category"]
        }
        let sorts = (0..<random.int(in: 1...2)).map { _ in
            let selector =
                random.chance(1, in: 4)
                ? ", selector: #selector(NSString.\(random.pick(["localizedStandardCompare", "caseInsensitiveCompare"]))(_:))" : ""
            let key = random.pick(keys)
            let usable = ["age", "score", "birth", "isActive", "founded"].contains(key) ? "" : selector
            return "NSSortDescriptor(key: \"\(key)\", ascending: \(random.chance(1, in: 2)))" .replacingOccurrences(of: ")", with: usable + ")")
        }
        var script = "let request = NSFetchRequest<\(model)>(entityName: \"\(model)\")\n"
        script += "request.predicate = NSPredicate(format: \(rest))\n"
        script += "request.sortDescriptors = [\(sorts.joined(separator: ", "))]"
        if random.chance(1, in: 3) { script += "\nrequest.fetchLimit = \(random.int(in: 0...5))" }
        return script
    }

    mutating func conciseQuery() -> String {
        arguments = []
        let model = random.weighted([6, 2, 2])
        let format: String
        switch model {
        case 0: format = condition(depth: 0, keys: Self.userKeys, toMany: [("interests", Self.interestKeys)], model: "User")
        case 1: format = condition(depth: 0, keys: Self.companyKeys, toMany: [("users", Self.userKeys)], model: "Company")
        default: format = condition(depth: 0, keys: Self.interestKeys, toMany: [("users", Self.userKeys)], model: "Interest")
        }
        let head = ["User", "Company", "Interest"][model]
        return head + " " + Self.swiftLiteral(format) + arguments.map { ", " + $0 }.joined()
    }

    enum Kind { case string, optionalString, int, double, bool, date, optionalDate }

    static let userKeys: [(String, Kind)] = [
        ("name", .string), ("nickname", .optionalString), ("age", .int), ("score", .double), ("isActive", .bool), ("birth", .date),
        ("company.name", .string), ("company.city", .optionalString), ("company.founded", .optionalDate),
    ]
    static let companyKeys: [(String, Kind)] = [("name", .string), ("city", .optionalString), ("founded", .optionalDate)]
    static let interestKeys: [(String, Kind)] = [("title", .string), ("category", .optionalString)]

    mutating func condition(depth: Int, keys: [(String, Kind)], toMany: [(String, [(String, Kind)])], model: String) -> String {
        let choice = depth >= 3 ? 0 : random.weighted([10, 2, 2, 2, 1, 2, 1, 1, 2])
        switch choice {
        case 1:
            return "(" + condition(depth: depth + 1, keys: keys, toMany: toMany, model: model) + random.pick([" AND ", " && ", " and "])
                + condition(depth: depth + 1, keys: keys, toMany: toMany, model: model) + ")"
        case 2:
            return "(" + condition(depth: depth + 1, keys: keys, toMany: toMany, model: model) + random.pick([" OR ", " || ", " or "])
                + condition(depth: depth + 1, keys: keys, toMany: toMany, model: model) + ")"
        case 3:
            return random.pick(["NOT ", "!", "not "]) + "(" + condition(depth: depth + 1, keys: keys, toMany: toMany, model: model) + ")"
        case 4:
            return random.pick(["TRUEPREDICATE", "FALSEPREDICATE"])
        case 5:
            // ANY / ALL / NONE over a to-many relationship.
            let (relationship, elementKeys) = random.pick(toMany)
            let (key, kind) = random.pick(elementKeys.filter { !$0.0.contains(".") })
            if kind == .string || kind == .optionalString, random.chance(1, in: 4) {
                // Membership in the values of a to-many key path: ANY ... == in disguise.
                let value = stringValue()
                return random.chance(1, in: 2)
                    ? value + " IN " + relationship + "." + key : relationship + "." + key + " CONTAINS" + options() + " " + value
            }
            return random.pick(["ANY ", "SOME ", "ALL ", "NONE "]) + relationship + "." + comparison(key: key, kind: kind)
        case 6:
            let (relationship, _) = random.pick(toMany)
            return relationship + ".@count " + random.pick(["==", ">", "<", ">=", "!="]) + " " + String(random.int(in: 0...3))
        case 7:
            let (relationship, elementKeys) = random.pick(toMany)
            let (key, kind) = random.pick(elementKeys.filter { !$0.0.contains(".") })
            return "SUBQUERY(" + relationship + ", $x, " + comparison(key: "$x." + key, kind: kind) + ").@count "
                + random.pick(["> 0", "== 0", ">= 2"])
        case 8:
            // @sum, @avg, @min, @max of the elements' values (nil for none: the comparison is unknown).
            let (relationship, elementKeys) = random.pick(toMany)
            let (key, kind) = random.pick(elementKeys.filter { !$0.0.contains(".") })
            switch kind {
            case .int, .double:
                let op = random.pick(["@sum", "@avg", "@min", "@max"])
                return relationship + "." + op + "." + key + " " + random.pick([">", "<", ">=", "!="]) + " " + random.pick(["0", "20", "30.5", "100"])
            case .string, .optionalString:
                return relationship + "." + random.pick(["@min", "@max"]) + "." + key + " " + random.pick(["BEGINSWITH", "<", "==[c]"]) + " " + stringValue()
            case .date, .optionalDate:
                arguments.append(random.pick(["startDate", "endDate"]))
                return relationship + "." + random.pick(["@min", "@max"]) + "." + key + " " + random.pick(["<", ">"]) + " %@"
            case .bool:
                return relationship + ".@count > 0"
            }
        default:
            let (key, kind) = random.pick(keys)
            return comparison(key: key, kind: kind)
        }
    }

    mutating func stringValue() -> String {
        switch random.weighted([6, 2, 1]) {
        case 0: return quoted(random.pick(ExampleSchemaModel.strings))
        case 1:
            arguments.append(Self.swiftLiteral(random.pick(ExampleSchemaModel.strings)))
            return "%@"
        default:
            arguments.append("searchString")
            return "%@"
        }
    }

    /// A string literal of the format language in either quote, with `\` escapes.
    mutating func quoted(_ text: String) -> String {
        let quote: Character = random.chance(1, in: 2) ? "'" : "\""
        var out = String(quote)
        for character in text {
            if character == quote || character == "\\" { out.append("\\") }
            out.append(character)
        }
        out.append(quote)
        return out
    }

    mutating func options() -> String { random.pick(["", "", "", "[c]", "[d]", "[cd]", "[n]", "[CD]"]) }

    mutating func comparison(key: String, kind: Kind) -> String {
        switch kind {
        case .string, .optionalString:
            if kind == .optionalString, random.chance(1, in: 6) { return key + random.pick([" == nil", " != nil", " == NULL", " != NIL"]) }
            switch random.weighted([5, 3, 2, 2, 1, key.hasPrefix("$") ? 0 : 2]) {
            case 0:
                return key + " " + random.pick(["==", "=", "!=", "<>", "<", "<=", ">", ">="]) + options() + " " + stringValue()
            case 1:
                return key + " " + random.pick(["BEGINSWITH", "ENDSWITH", "CONTAINS", "beginswith", "contains"]) + options() + " " + stringValue()
            case 2:
                let pattern = random.pick(["*", "?", "k*", "*im", "K?m", "*é*", "Jos?", "*\\\\*", "\\\\*", "?*?", "김*", "*a*a*", "", "caf?", "[K]*", "*[*", "*\\\\?", "k\\\\m"])
                return key + " LIKE" + options() + " " + quoted(pattern)
            case 3:
                let pattern = random.pick([".*", "[A-Z].*", "k.m", "(?i)kim", "a|ab", ".*e\u{301}.*", "[^a-z]+", "J.*", "", ".", "\\w+"])
                return key + " MATCHES" + options() + " " + quoted(pattern)
            case 4:
                if random.chance(1, in: 2) {
                    let list = (0..<random.int(in: 0...3)).map { _ in quoted(random.pick(ExampleSchemaModel.strings)) }
                    return key + " IN" + options() + " {" + list.joined(separator: ", ") + "}"
                }
                let list = (0..<random.int(in: 1...3)).map { _ in Self.swiftLiteral(random.pick(ExampleSchemaModel.strings)) }
                arguments.append("[" + list.joined(separator: ", ") + "]")
                return key + " IN %@"
            default:
                arguments.append(Self.swiftLiteral(key))
                return "%K " + random.pick(["==", "!=", "BEGINSWITH", "LIKE[c]"]) + " " + stringValue()
            }
        case .int, .double:
            let number: String
            switch random.weighted([4, 1, 1, 1]) {
            case 0: number = kind == .int ? String(random.pick([0, 18, 20, 21, 30, 65, 99, -1])) : random.pick(["0", "50", "72.5", "-0.25", "99.9", "30"])
            case 1:
                arguments.append(String(random.pick([18, 21, 30, 65])))
                number = random.pick(["%d", "%i", "%ld", "%@"])
            case 2:
                arguments.append(random.pick(["50.0", "72.5", "30"]))
                number = "%f"
            default:
                number = kind == .int ? random.pick(["$minimumAge", "%d"]) : "$threshold"
                if number == "%d" { arguments.append("minimumAge") }
            }
            if random.chance(1, in: 5) {
                return key + " BETWEEN {" + number + ", " + String(random.pick([20, 40, 99])) + "}"
            }
            if random.chance(1, in: 6) {
                return key + " IN {" + number + ", " + String(random.pick([20, 30, 50])) + "}"
            }
            return key + " " + random.pick(["==", "!=", "<", "<=", ">", ">=", "=<", "=>"]) + " " + number
        case .bool:
            return key + " " + random.pick(["==", "!="]) + " " + random.pick(["YES", "NO", "TRUE", "false", "$flag", "1", "0"])
        case .date, .optionalDate:
            if kind == .optionalDate, random.chance(1, in: 3) { return key + random.pick([" == nil", " != nil"]) }
            if random.chance(1, in: 3) {
                // As NSPredicate prints a date: seconds since 2001.
                let seconds = random.pick(["0", "-978307200", "686000000", "800000000.5", "1.5e8", "-31536000"])
                return key + " " + random.pick(["<", ">", ">=", "<=", "==", "!="]) + " CAST(" + seconds + ", \"NSDate\")"
            }
            arguments.append(random.pick(["startDate", "endDate"]))
            return key + " " + random.pick(["<", ">", ">=", "<=", "!="]) + " %@"
        }
    }

    /// A Swift string literal of `text` (escapes for `"`, `\`, control characters).
    static func swiftLiteral(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\t": out += "\\t"
            case "\r": out += "\\r"
            default:
                if scalar.value < 0x20 { out += "\\u{\(String(scalar.value, radix: 16))}" } else { out.unicodeScalars.append(scalar) }
            }
        }
        return out + "\""
    }
}
