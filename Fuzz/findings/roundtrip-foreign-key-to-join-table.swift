@Table struct Tag {
    let reminderID: Reminder.ID
    let tagID: Tag.ID
}
