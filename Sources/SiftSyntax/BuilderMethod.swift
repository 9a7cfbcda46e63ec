/// The methods of a StructuredQueries chain that Sift reads. The chain's reader switches over
/// these cases (exhaustively), and the messages that list the methods read them from here: what
/// is listed is what is read.
enum BuilderMethod: String, CaseIterable {
    case `where`, order, limit, offset, find, all, select, distinct, join, leftJoin, rightJoin, fullJoin, group, having
    case count, exists, fetchCount, union, intersect, except, fetchAll, fetchOne

    /// The methods, quoted and joined for a message: `'where', 'order', ... and 'fetchOne'`.
    static var list: String {
        let quoted = allCases.map { "'\($0.rawValue)'" }
        return quoted.dropLast().joined(separator: ", ") + " and " + quoted[quoted.count - 1]
    }
}
