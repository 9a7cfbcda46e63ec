/// A set for the few elements a query usually has (its aliases, say): the first three in place,
/// the next ``listLimit`` in a list compared one by one, and those with all later ones in a set
/// once there are more. Comparing a few short names costs less than hashing one, and neither the
/// elements in place nor an empty list or set allocates; with many elements each look-up still
/// takes constant time.
///
/// Internal to this module, where it is specialized for its elements (see ``SmallMap``).
struct SmallSet<Element: Hashable> {
    private var first: Element?
    private var second: Element?
    private var third: Element?
    /// The elements after the third, while they are few.
    private var list: [Element] = []
    /// The elements after the third once they are more than ``listLimit`` (empty before).
    private var set: Set<Element> = []

    /// After the three in place, this many are kept in a list; beyond them, in a set.
    static var listLimit: Int { 16 }

    /// The number of elements.
    private(set) var count = 0

    func contains(_ element: Element) -> Bool {
        element == first || element == second || element == third
            || (set.isEmpty ? list.contains(element) : set.contains(element))
    }

    /// Adds an element that is not in the set yet (the caller has just asked ``contains(_:)``).
    mutating func insertNew(_ element: Element) {
        assert(!contains(element), "\(element) is already in the set")
        count += 1
        if first == nil {
            first = element
        } else if second == nil {
            second = element
        } else if third == nil {
            third = element
        } else if list.count < Self.listLimit {
            // Room for a few at once: a set with a fourth element often has a fifth.
            if list.isEmpty { list.reserveCapacity(4) }
            list.append(element)
        } else {
            if set.isEmpty { set = Set(list) }
            set.insert(element)
        }
    }
}
