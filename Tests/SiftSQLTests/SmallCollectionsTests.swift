import SiftTestSupport
import Testing

@testable import SiftChecker
@testable import SiftSQL

/// The lowering's short lists that stand in for dictionaries and sets answer as a dictionary and a
/// set would, with a few entries (compared) and with many (indexed), through insertions,
/// replacements and removals.
@Suite struct SmallCollectionsTests {
    @Test(arguments: [0, 1, 8, 9, 30])
    func aSmallMapAnswersAsADictionary(count: Int) {
        var map = SmallMap<String, Int>()
        var reference: [String: Int] = [:]
        for index in 0..<count {
            map["key\(index)"] = index
            reference["key\(index)"] = index
        }
        for index in stride(from: 0, to: count, by: 3) {
            map["key\(index)"] = -index  // replaced
            reference["key\(index)"] = -index
        }
        for index in stride(from: 1, to: count, by: 4) {
            map["key\(index)"] = nil  // removed
            reference["key\(index)"] = nil
        }
        map["absent"] = nil  // removing what is not there changes nothing
        for index in 0..<(count + 2) {
            #expect(map["key\(index)"] == reference["key\(index)"], "key\(index) of \(count)")
        }
        #expect(map["absent"] == nil)
    }

    /// Insertions, replacements and removals in any order, the entry kept in place among them
    /// (removed, then another key taking its place), against a dictionary.
    @Test func aSmallMapFollowsADictionaryThroughAnyOperations() {
        var random = SplitMix64(seed: 2026_12_04)
        func next(_ bound: Int) -> Int { random.below(bound) }
        for round in 0..<200 {
            var map = SmallMap<String, Int>()
            var reference: [String: Int] = [:]
            let keys = round < 100 ? 3 : 24
            for step in 0..<(20 + next(60)) {
                let key = "k\(next(keys))"
                let value: Int? = next(3) == 0 ? nil : step
                map[key] = value
                reference[key] = value
                for probe in 0..<keys {
                    #expect(map["k\(probe)"] == reference["k\(probe)"], "round \(round), step \(step), k\(probe)")
                }
            }
        }
    }

    /// Elements inserted one by one, past the three in place and the list into the set, and
    /// looked up (present and absent) after each insertion, against a `Set`.
    @Test func aSmallSetAnswersAsASet() {
        var random = SplitMix64(seed: 2026_12_05)
        for round in 0..<60 {
            var set = SmallSet<String>()
            var reference: Set<String> = []
            let universe = round < 30 ? 8 : 80
            for _ in 0..<(universe * 2) {
                let element = "a\(random.below(universe))"
                if !set.contains(element) { set.insertNew(element) }
                reference.insert(element)
                #expect(set.count == reference.count)
                for probe in 0..<(universe + 2) {
                    #expect(set.contains("a\(probe)") == reference.contains("a\(probe)"), "round \(round), a\(probe)")
                }
            }
        }
    }

    @Test func valuesByVariableGrowOnDemand() {
        var values = ByVariable<String>()
        #expect(values[VariableID(3)] == nil)
        values[VariableID(3)] = "three"
        values[VariableID(0)] = "zero"
        values[VariableID(7)] = nil  // nothing to store: the list does not grow
        #expect(values[VariableID(3)] == "three")
        #expect(values[VariableID(0)] == "zero")
        #expect(values[VariableID(1)] == nil)
        #expect(values[VariableID(7)] == nil)
        values[VariableID(3)] = nil
        #expect(values[VariableID(3)] == nil)
    }

    @Test(arguments: [0, 1, 8, 9, 30])
    func containsComparingAnswersAsContains(count: Int) {
        let set = Set((0..<count).map { "column\($0)" })
        for index in 0..<(count + 2) {
            #expect(set.containsComparing("column\(index)") == set.contains("column\(index)"))
        }
        #expect(!set.containsComparing(""))
    }
}
