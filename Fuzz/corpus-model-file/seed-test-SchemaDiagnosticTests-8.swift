                Models.swift:2:34: error: 'Book' has no relationship 'writer' to be the inverse of 'books'
                    @Relationship(inverse: \\Book.writer) var books: [Book] = []
                                                 ^~~~~~
                Models.swift:4:20: note: 'Book' is declared here
                @Model final class Book {
                                   ^~~~

