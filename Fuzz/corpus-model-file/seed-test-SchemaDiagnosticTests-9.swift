            @Model final class Author {
                @Relationship(inverse: \\Author.author) var books: [Book] = []
            }
            @Model final class Book {
                var author: Author?
            }
