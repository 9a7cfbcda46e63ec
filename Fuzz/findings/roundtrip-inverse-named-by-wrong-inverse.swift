// 'users' names a wrong inverse (an error) and was dropped, while 'interests' names 'users' as its
// inverse: the printed schema's 'interests' had an inverse that no longer existed.
@Model final class User {
    var name: String
    @Relationship(deleteRule: .nullify, inverse: \Interest.users) var interests: [Interest] = []
}

@Model final class Interest {
    var title: String
    @Relationship(inverse: \User.company) var users: [User] = []
}
