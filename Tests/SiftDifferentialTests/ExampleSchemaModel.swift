import Foundation
import Sift

/// What the generator knows of the example schema (Examples/example.sql refined by
/// Examples/Models.swift): each model's queryable members with their Swift types, the strings and
/// numbers that sit on the data's boundaries, and the named parameters with their values.
enum ExampleSchemaModel {
    static let members: [String: [(name: String, type: GenType)]] = [
        "User": [
            ("id", .int), ("name", .string), ("nickname", .optional(.string)), ("age", .int), ("birth", .date),
            ("score", .double), ("isActive", .bool), ("companyID", .optional(.int)),
            ("company", .optional(.object("Company"))), ("interests", .many("Interest")),
        ],
        "Company": [
            ("id", .int), ("name", .string), ("city", .optional(.string)), ("founded", .optional(.date)), ("users", .many("User")),
        ],
        "Interest": [("id", .int), ("title", .string), ("category", .optional(.string)), ("users", .many("User"))],
        "RemindersList": [("id", .int), ("title", .string), ("color", .int), ("position", .int), ("reminders", .many("Reminder"))],
        "Reminder": [
            ("id", .int), ("remindersListID", .int), ("title", .string), ("notes", .string), ("isCompleted", .bool),
            ("dueDate", .optional(.date)), ("priority", .optional(.priority)), ("status", .status), ("position", .int),
            ("remindersList", .object("RemindersList")), ("tags", .many("Tag")),
        ],
        "Tag": [("id", .int), ("title", .string), ("reminders", .many("Reminder"))],
    ]

    /// Root models and how often each is the query's model.
    static let roots: [(model: String, weight: Int)] = [
        ("User", 8), ("Reminder", 6), ("Company", 2), ("Interest", 2), ("RemindersList", 1), ("Tag", 2),
    ]

    /// Short names for named closure parameters and bindings, by model.
    static let variablePrefix: [String: String] = [
        "User": "user", "Company": "company", "Interest": "interest", "RemindersList": "list", "Reminder": "reminder", "Tag": "tag",
    ]

    /// Sort keys per model: the key path after `\.`, the concise spelling, and whether it is a String.
    static let sortKeys: [String: [(path: String, isString: Bool)]] = [
        "User": [
            ("name", true), ("nickname", true), ("age", false), ("birth", false), ("score", false), ("id", false),
            ("company?.name", true), ("company?.founded", false), ("company?.city", true),
            ("interests.count", false), ("company?.users.count", false),
        ],
        "Company": [("name", true), ("city", true), ("founded", false), ("id", false), ("users.count", false)],
        "Interest": [("title", true), ("category", true), ("id", false)],
        "RemindersList": [("title", true), ("color", false), ("position", false)],
        "Reminder": [
            ("title", true), ("notes", true), ("dueDate", false), ("position", false), ("id", false),
            ("remindersList.title", true), ("remindersList.position", false), ("priority", false), ("tags.count", false),
        ],
        "Tag": [("title", true), ("id", false), ("reminders.count", false)],
    ]

    /// Strings that exist in the data, their case and normalisation variants, LIKE
    /// metacharacters, quotes, backslashes, Korean, and the empty string.
    static let strings: [String] = [
        "kim", "Kim", "KIM", "kim ", " kim", "Kimberly", "Joakim", "kimchi", "김민준", "요", "요리", "등산", "가족", "장보기", "김치",
        "Jos\u{E9}", "Jose\u{301}", "jos\u{E9}", "JOS\u{C9}", "Jose", "Zo\u{EB}", "Zoe\u{308}", "zoe", "ZOE", "Chlo\u{E9}",
        "Ren\u{E9}e", "Rene\u{301}e", "Caf\u{E9}", "Cafe\u{301}", "cafe", "CAF\u{C9}", "caf\u{E9}", "\u{E9}", "e\u{301}", "e",
        "50%", "50% off", "%", "_", "snake_case", "snakeXcase", "k_m", "_on", "O'Brien", "'", "\"", "back\\slash", "\\", "C:\\",
        "Stra\u{DF}e", "STRASSE", "strasse", "\u{DF}", "ss", "\u{130}lkay", "i\u{307}lkay", "ilkay", "i", "I", "\u{C5}sa", "A\u{30A}sa",
        "", " ", "a", "o", "n", "Seoul", " Seoul", "Acme", "acme", "Hiking", "hiking", "Reading", "urgent", "Urgent", "work", "Work",
        "home", "Gym", "gym", "Personal", "Travel_2027", "Caf\u{E9} with Ren\u{E9}e", "Line one\nline two", "2%", "100%", "Padded",
        "  Padded  ", "  Padded Corp  ", "Initech", "Globex", "Chess", "todo", "done", "Email Kim", "email kim", "Call", "report",
        "\u{C9}", "\u{F3}", "\u{D3}lafur", "Dvo\u{159}\u{E1}k", "Fran\u{E7}ois", "Mo", "Doc", "the_boss", "Tay'", "May", "\u{1F600}",
    ]

    static let ints: [Int64] = [
        0, 1, -1, 2, 3, 5, 7, 10, 17, 18, 19, 20, 21, 22, 25, 29, 30, 31, 33, 40, 45, 60, 64, 65, 66, 99, 100, 1000,
        0x4A99EF, 0xFFFFFF, 2_147_483_647, 4_611_686_018_427_387_904, Int64.max, Int64.min, Int64.max - 1, -2,
    ]

    static let doubles: [Double] = [
        0.0, -0.5, 0.25, 0.5, 1.5, 2.0, 10.1, 18.0, 30.0, 30.5, 44.999, 45.0, 50.0, 50.5, 64.0, 65.0, 72.5, 75.0, 88.5, 99.9,
        -0.25, -3.5, -1.0, 100.0, 1e-9, 1.0e15,
    ]

    // MARK: Named parameters

    /// A named parameter: its declared type and the values a run may give it.
    struct Parameter: Sendable {
        var name: String
        var type: GenType
    }

    static let parameters: [Parameter] = [
        .init(name: "minimumAge", type: .int), .init(name: "threshold", type: .double), .init(name: "searchString", type: .string),
        .init(name: "startDate", type: .date), .init(name: "endDate", type: .date), .init(name: "flag", type: .bool),
        .init(name: "wantedPriority", type: .priority), .init(name: "wantedStatus", type: .status),
    ]

    static func parameters(of type: GenType) -> [String] { parameters.filter { $0.type == type }.map(\.name) }

    /// The instant `YYYY-MM-DD HH:MM:SS.SSS` (UTC) denotes, correctly rounded as the dataset
    /// loader reads it (`DateEncoding.parse` adds the fraction digit by digit and can be one ulp
    /// off, e.g. 817689599.9990001 for "2026-11-29 23:59:59.999").
    static func exactDate(_ text: String) -> Date {
        let whole = DateEncoding.parse(String(text.prefix(19)))!.timeIntervalSinceReferenceDate
        let milliseconds = Int64(text.suffix(3))!
        return Date(timeIntervalSinceReferenceDate: Double("\(Int64(whole) * 1000 + milliseconds)e-3")!)
    }

    /// Dates on the data's boundaries: User.birth / Company.founded values (seconds since 2001)
    /// and Reminder.dueDate values (ISO text in UTC), with their ±1 ms neighbours.
    static let dates: [Date] = {
        var dates = [0.0, -0.5, 0.25, 143016300.125, -141065298.212, 131458280.0, -2332439693.211, 604713599.999, -184291200.0]
            .map { Date(timeIntervalSinceReferenceDate: $0) }
        for text in [
            "2026-12-01 09:00:00.000", "2026-12-01 08:59:59.999", "2026-12-01 09:00:00.001", "2026-11-30 00:00:00.000",
            "2026-11-29 23:59:59.999", "2026-11-29 00:00:00.000", "1999-12-31 23:59:59.999", "2024-02-29 12:00:00.000",
            "2030-01-01 00:00:00.000",
        ] {
            dates.append(exactDate(text))
        }
        // Between two milliseconds: ISO text cannot hold it.
        dates.append(exactDate("2026-12-01 09:00:00.000").addingTimeInterval(0.0004))
        return dates
    }()
}
