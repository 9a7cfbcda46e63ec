/// A small, fast, seedable generator (SplitMix64, Steele, Lea and Flood 2014), shared by the test
/// targets so that a failing generated input comes back on the next run. Its own methods decide
/// every choice from its arithmetic alone, so a seed gives the same input on every machine and
/// every Swift version; as a `RandomNumberGenerator` it also drives the standard library's
/// `random(in:using:)` (whose algorithms may change between Swift versions).
public struct SplitMix64: RandomNumberGenerator {
    public private(set) var state: UInt64

    public init(seed: UInt64) { state = seed }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A uniform integer in `0..<bound` (`bound > 0`), by rejection, so without modulo bias.
    public mutating func below(_ bound: Int) -> Int {
        precondition(bound > 0)
        let range = UInt64(bound)
        let limit = UInt64.max - UInt64.max % range
        while true {
            let value = next()
            if value < limit { return Int(value % range) }
        }
    }

    /// A uniform integer in a closed range.
    public mutating func int(in range: ClosedRange<Int>) -> Int { range.lowerBound + below(range.count) }

    /// True with probability `numerator / denominator`.
    public mutating func chance(_ numerator: Int, in denominator: Int) -> Bool { below(denominator) < numerator }

    public mutating func pick<T>(_ elements: [T]) -> T { elements[below(elements.count)] }

    /// Picks an index with the given weights (all ≥ 0, at least one > 0).
    public mutating func weighted(_ weights: [Int]) -> Int {
        var roll = below(weights.reduce(0, +))
        for (index, weight) in weights.enumerated() {
            if roll < weight { return index }
            roll -= weight
        }
        return weights.count - 1
    }
}
