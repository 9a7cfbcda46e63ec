// The models of the example database (Examples/example.sql), read by Sift, not compiled by Swift.
// Introspection of the database finds tables, columns and links; this file says what they mean
// in Swift: Dates, Bools, UUIDs, enums and relationship names.
import Foundation
import SwiftData
import StructuredQueries

// MARK: People (SwiftData): Date as seconds since 2001-01-01, Bool as 0/1, UUID as text.

@Model final class User {
    @Attribute(.unique) var identifier: UUID
    var name: String
    var nickname: String?
    var age: Int
    var birth: Date
    var score: Double
    var isActive: Bool
    var company: Company?
    @Relationship(deleteRule: .nullify, inverse: \Interest.users) var interests: [Interest] = []
    @Transient var isChecked = false

    init(name: String, age: Int) {
        self.identifier = UUID()
        self.name = name
        self.age = age
        self.birth = .now
        self.score = 0
        self.isActive = true
    }
}

@Model final class Company {
    var name: String
    var city: String?
    var founded: Date?
    @Relationship(inverse: \User.company) var users: [User] = []
}

@Model final class Interest {
    var title: String
    var category: String?
    var users: [User] = []
}

// MARK: Reminders (SQLiteData / StructuredQueries): Date as ISO-8601 text.
enum Priority: Int, Codable, QueryBindable, Comparable {
    case low = 1, medium, high
    static func < (lhs: Priority, rhs: Priority) -> Bool { lhs.rawValue < rhs.rawValue }
}

enum Status: String, Codable, QueryBindable {
    case todo, inProgress, done
}

@Table struct RemindersList {
    let id: Int
    var title = ""
    var color = 0x4a99ef
    var position = 0
}

@Table struct Reminder {
    let id: Int
    var remindersListID: RemindersList.ID
    var title = ""
    var notes = ""
    var isCompleted = false
    var dueDate: Date?
    var priority: Priority?
    var status: Status = .todo
    var position = 0
}

@Table struct Tag {
    let id: Int
    var title = ""
}

@Table("reminderTags") struct ReminderTag {
    let reminderID: Reminder.ID
    let tagID: Tag.ID
}

// One table for several kinds of rows: an attachment is a link, a note or an image, each case
// stored in its own columns (NULL in the rows of the other cases).
@Table struct Attachment {
    let id: Int
    var reminderID: Reminder.ID
    var kind: Kind

    @CasePathable @Selection
    enum Kind {
        case link(URL)
        case note(String)
        case image(Attachment.Image)
    }

    @Selection struct Image {
        @Column("imageCaption") var caption: String?
        @Column("imageURL") var url: URL
    }
}

// A tree: a category's parent is another category; a root has none.
@Table struct Category {
    let id: Int
    var title = ""
    var parentID: Category.ID?
}

// JSON columns: a Codable array stored as its JSON text.
@Table struct Checklist {
    let id: Int
    var title = ""
    @Column(as: [String].JSONRepresentation.self)
    var items: [String] = []
    @Column(as: [String].JSONRepresentation?.self)
    var doneItems: [String]?
}

// Full-text search (FTS5): a row's rowid is its reminder's id.
@Table struct ReminderText: FTS5 {
    let rowid: Int
    let title: String
    let notes: String
}
