import Foundation
import Sift
import SiftREPL
import Testing

/// Completion through a `@Selection` enum: the enum by its property among the row's members, its
/// cases after `$0.kind.`, a case's struct's columns after `$0.kind.image.`, in the builder's
/// closures, key paths and the concise form.
@Suite struct EnumTableCompletionTests {
    static let schema: Schema = ModelFileReader.read(
        SourceFile(
            name: "Models.swift",
            text: """
                @Table struct Attachment {
                    let id: Int
                    var kind: Kind
                    @CasePathable @Selection enum Kind {
                        case link(URL)
                        case note(String)
                        case image(Attachment.Image)
                    }
                    @Selection struct Image {
                        @Column("imageCaption") var caption = ""
                        @Column("imageURL") var url: URL
                    }
                }
                """)
    ).0

    let completer = Completer(schema: EnumTableCompletionTests.schema, parameterTypes: [:], listDirectory: { _ in nil })

    func candidates(_ text: String) -> [String] { completer.complete(text).candidates }

    @Test func theEnumIsOneMemberOfItsRow() {
        #expect(candidates("Attachment.where { $0.") == ["id", "kind"])
        #expect(candidates("Attachment.where { $0.ki") == ["kind"])
    }

    @Test func itsCasesFollowTheEnum() {
        #expect(candidates("Attachment.where { $0.kind.") == ["image", "link", "note"])
        #expect(candidates("Attachment.where { $0.kind.n") == ["note"])
        #expect(candidates("Attachment.select { a in a.kind.") == ["image", "link", "note"])
        #expect(candidates("Attachment.order(by: \\.kind.") == ["image", "link", "note"])
        #expect(candidates("Attachment where kind.") == ["image", "link", "note"])
        #expect(candidates("#Predicate<Attachment> { $0.kind.") == ["image", "link", "note"])
    }

    @Test func aCasesStructsColumnsFollowTheCase() {
        #expect(candidates("Attachment.where { $0.kind.image.") == ["caption", "url"])
        #expect(candidates("Attachment.where { $0.kind.image.c") == ["caption"])
        #expect(candidates("Attachment where kind.image.") == ["caption", "url"])
        // A case of one value is that value: a `String?`'s members.
        #expect(candidates("Attachment.where { $0.kind.note.has") == ["hasPrefix", "hasSuffix"])
    }
}
