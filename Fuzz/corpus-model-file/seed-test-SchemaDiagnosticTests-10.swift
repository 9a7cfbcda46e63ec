            Models.swift:2:36: error: the inverse '\\Author.author' must be a member of 'Book'
