            @Model final class Author {
                @Relationship(inverse: \\Book.writer) var books: [Book] = []
            }
            @Model final class Book {
                var author: Author?
            }
