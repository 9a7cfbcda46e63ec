import SQLiteData

@Table struct Reminder {
    let id: Int
    var title = ""
}

@Table struct Attachment {
    let id: Int
    var reminderID: Reminder.ID
    var kind: Kind

    @CasePathable @Selection
    enum Kind {
        case link(URL)
        @Column("noteText") case note(String)
        case video(Attachment.Video)
        case image(Attachment.Image)
    }

    @Selection struct Video {
        @Column("videoURL") var url: URL
        @Column("videoKind") var kind: Platform = .youtube
    }

    @Selection struct Image {
        @Column("imageCaption") let caption: String
        @Column("imageURL") let url: URL
        @Column(as: Date.UnixTimeRepresentation.self) var takenAt: Date?
    }
}

enum Platform: String { case youtube, vimeo }

@Table struct Record {
    let id: Int
    var time: RecordTime?
}

@Selection enum RecordTime {
    case moment(Date)
    case interval(startDate: Date)
}
