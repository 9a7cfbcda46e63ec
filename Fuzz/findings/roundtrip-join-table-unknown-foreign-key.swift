// A @Table without a key and with three foreign keys, one to a model the file does not declare
// (an error, and an Int column): keyed by the rowid. Printed, it has two foreign keys, which made it
// a join table when read back.
@Table struct RemindersList {
    let id: Int
    var title = ""
}

@Table struct Reminder {
    var remindersListID: RemindersList.ID
    let reminderID: Reminder.ID
    let tagID: Tag.ID
}
