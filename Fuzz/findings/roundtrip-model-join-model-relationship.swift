@Model final class Reminder {
    var title: String
}
@Table struct Tag {
    let id: Int
    var title: String
}
@Table struct ReminderTag {
    let reminderID: Reminder.ID
    let tagID: Tag.ID
}
