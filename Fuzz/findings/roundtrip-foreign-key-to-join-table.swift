@Table struct Reminder {
    let id: Int
}

@Table struct Tag {
    let reminderID: Reminder.ID
    let tagID: Tag.ID
}
