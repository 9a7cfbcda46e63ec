import Foundation
import SiftSQLite
import SiftTestSupport

/// A store laid out as Core Data writes one: entity inheritance three levels deep (Item → Book →
/// Novel, Item → Film) in one table with `Z_ENT`, a sibling attribute whose name collides
/// (`ZCODE`, `ZCODE1`), optional to-ones without FOREIGN KEY (`ZAUTHOR`, `ZSHELF`), an ordered
/// to-many (`Shelf.items`, ordered by `Z_FOK_SHELF`, against key order, one position NULL; `Author.books`,
/// whose elements are a sub-entity's, by `Z_FOK_AUTHOR`), a to-one to an entity with sub-entities
/// (`Shelf.featured`: `ZFEATURED` with the target's entity in `Z4FEATURED`), a many-to-many join
/// table (`Z_4TAGS`), persistent history's own entity (`CHANGE`, in `ACHANGE`), and every
/// attribute type: Integer, Boolean, Double, Decimal, String, URI, Date (TIMESTAMP), UUID (16-byte
/// BLOB), Binary Data and Transformable.
enum CoreDataFixture {
    static let sql = """
        CREATE TABLE Z_PRIMARYKEY (Z_ENT INTEGER PRIMARY KEY, Z_NAME VARCHAR, Z_SUPER INTEGER, Z_MAX INTEGER);
        CREATE TABLE Z_METADATA (Z_VERSION INTEGER PRIMARY KEY, Z_UUID VARCHAR(255), Z_PLIST BLOB);
        CREATE TABLE Z_MODELCACHE (Z_CONTENT BLOB);
        CREATE TABLE ZAUTHOR ( Z_PK INTEGER PRIMARY KEY, Z_ENT INTEGER, Z_OPT INTEGER, ZBORN TIMESTAMP, ZNAME VARCHAR, ZWEBSITE VARCHAR );
        CREATE TABLE ZITEM ( Z_PK INTEGER PRIMARY KEY, Z_ENT INTEGER, Z_OPT INTEGER, ZISAVAILABLE INTEGER, ZPAGES INTEGER,
            ZAUTHOR INTEGER, Z_FOK_AUTHOR INTEGER, ZMINUTES INTEGER, ZSHELF INTEGER, Z_FOK_SHELF INTEGER, ZADDED TIMESTAMP, ZRATING FLOAT,
            ZPRICE DECIMAL, ZCODE VARCHAR, ZCODE1 VARCHAR, ZGENRE VARCHAR, ZTITLE VARCHAR, ZCOVER BLOB, ZIDENTIFIER BLOB,
            ZEXTRAS BLOB );
        CREATE TABLE ZSHELF ( Z_PK INTEGER PRIMARY KEY, Z_ENT INTEGER, Z_OPT INTEGER, ZFEATURED INTEGER, Z4FEATURED INTEGER, ZNAME VARCHAR );
        CREATE TABLE ZTAG ( Z_PK INTEGER PRIMARY KEY, Z_ENT INTEGER, Z_OPT INTEGER, ZNAME VARCHAR );
        CREATE TABLE ACHANGE ( Z_PK INTEGER PRIMARY KEY, Z_ENT INTEGER, Z_OPT INTEGER, ZCHANGETYPE INTEGER, ZENTITY INTEGER, ZENTITYPK INTEGER );
        CREATE TABLE Z_4TAGS ( Z_4ITEMS INTEGER, Z_7TAGS INTEGER, PRIMARY KEY (Z_4ITEMS, Z_7TAGS) );
        CREATE INDEX ZITEM_ZAUTHOR_INDEX ON ZITEM (ZAUTHOR);
        CREATE INDEX ZITEM_ZSHELF_INDEX ON ZITEM (ZSHELF);
        CREATE INDEX Z_4TAGS_Z_7TAGS_INDEX ON Z_4TAGS (Z_7TAGS, Z_4ITEMS);
        INSERT INTO Z_PRIMARYKEY VALUES (1, 'Author', 0, 2), (2, 'Book', 4, 0), (3, 'Film', 4, 0), (4, 'Item', 0, 5),
            (5, 'Novel', 2, 0), (6, 'Shelf', 0, 3), (7, 'Tag', 0, 3), (16001, 'CHANGE', 0, 0);
        INSERT INTO Z_METADATA VALUES (1, '9C1D2A6E-57B4-4E0F-8A3B-6D5E4F3A2B1C', NULL);
        INSERT INTO ZAUTHOR VALUES (1, 1, 1, -1000000000.5, 'Ursula', 'https://example.org/ursula'), (2, 1, 1, NULL, 'Ted', NULL);
        INSERT INTO ZITEM VALUES
            (1, 2, 3, 1, 412, 1, 1, NULL, 1, 2, 100.5, 4.5, 9.99, 'B-1', NULL, NULL, 'Dune', X'00FF',
                X'E621E1F8C36C495A93FC0C247A3E6E5F', X'62706C6973743030A10155736369666908'),
            (2, 3, 1, 0, NULL, NULL, NULL, 117, 1, 1, 200, 4.0, 12.5, NULL, 'F-1', NULL, 'Alien', NULL, NULL, NULL),
            (3, 5, 1, 1, 300, 2, 1, NULL, NULL, NULL, -50.25, NULL, NULL, 'B-2', NULL, 'classic', 'Emma', NULL, NULL, NULL),
            (4, 4, 1, 0, NULL, NULL, NULL, NULL, 2, 1, NULL, NULL, NULL, NULL, NULL, NULL, 'Lamp', NULL, NULL, NULL),
            (5, 2, 1, 1, 90, NULL, NULL, NULL, 2, NULL, 0, 3.0, NULL, NULL, NULL, NULL, 'Atlas', NULL, NULL, NULL);
        INSERT INTO ZSHELF VALUES (1, 6, 1, 2, 3, 'Front'), (2, 6, 1, NULL, NULL, 'Back'), (3, 6, 1, 3, 5, 'Empty');
        INSERT INTO ZTAG VALUES (1, 7, 1, 'sf'), (2, 7, 1, 'old'), (3, 7, 1, 'unused');
        INSERT INTO Z_4TAGS VALUES (1, 1), (2, 1), (3, 2), (1, 2);
        """

    /// The app's SwiftData models: sub-entities are subclasses.
    static let models = """
        @Model final class Author {
            @Attribute(originalName: "fullName") var name: String
            var born: Date?
            var website: URL?
            @Relationship(inverse: \\Book.author) var books: [Book] = []
        }
        @Model class Item {
            var title: String
            var isAvailable: Bool
            var added: Date?
            var rating: Double?
            var price: Decimal?
            var cover: Data?
            var identifier: UUID?
            @Attribute(.transformable(by: "NSSecureUnarchiveFromData")) var extras: [String]?
            var shelf: Shelf?
            @Relationship(inverse: \\Tag.items) var tags: [Tag] = []
        }
        @Model class Book: Item {
            var pages: Int
            var code: String?
            var author: Author?
        }
        @Model final class Film: Item {
            var minutes: Int
            var code: String?
        }
        @Model final class Novel: Book {
            var genre: String
        }
        @Model final class Shelf {
            var name: String
            var featured: Item?
            @Relationship(inverse: \\Item.shelf) var items: [Item] = []
        }
        @Model final class Tag {
            var name: String
            var items: [Item] = []
        }
        """

    /// The store's path and the model file's, in a directory removed when `files` is released.
    static func create(in files: TemporaryFiles) throws -> (store: String, models: String) {
        let directory = try files.directory("sift-coredata")
        let store = directory + "/Library.sqlite"
        let modelPath = directory + "/Models.swift"
        do {
            let writer = try Connection(path: store, mode: .readWriteCreate)
            try writer.execute(sql)
        }
        try models.write(toFile: modelPath, atomically: true, encoding: .utf8)
        return (store, modelPath)
    }
}
