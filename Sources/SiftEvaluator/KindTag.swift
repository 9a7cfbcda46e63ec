import SiftChecker

/// The case of a ``TypedExprKind`` without its payload. The evaluator's recursive function
/// switches on this: switching on the kind itself gives that function, in an unoptimised build,
/// a stack slot for every case's payload (over 5 KB per level), which deep trees cannot afford.
enum KindTag {
    case constant, parameter,
        variable, objects, attribute, toOne, toMany, optionalMap, ifLet, injectOptional, not, negate, arithmetic, comparison, logical, nilCoalescing, conditional, conversion, stringTest, stringComparison, stringTransform, stringLength, rawValue, range, arrayLiteral, contains, any, all, filter, count, isEmpty, first, extremum, timeInterval, aggregate, rowAggregate, sql, trap, error

    @inline(never)
    init(_ kind: TypedExprKind) {
        switch kind {
        case .constant: self = .constant
        case .parameter: self = .parameter
        case .variable: self = .variable
        case .objects: self = .objects
        case .attribute: self = .attribute
        case .toOne: self = .toOne
        case .toMany: self = .toMany
        case .optionalMap: self = .optionalMap
        case .ifLet: self = .ifLet
        case .injectOptional: self = .injectOptional
        case .not: self = .not
        case .negate: self = .negate
        case .arithmetic: self = .arithmetic
        case .comparison: self = .comparison
        case .logical: self = .logical
        case .nilCoalescing: self = .nilCoalescing
        case .conditional: self = .conditional
        case .conversion: self = .conversion
        case .stringTest: self = .stringTest
        case .stringComparison: self = .stringComparison
        case .stringTransform: self = .stringTransform
        case .stringLength: self = .stringLength
        case .rawValue: self = .rawValue
        case .range: self = .range
        case .arrayLiteral: self = .arrayLiteral
        case .contains: self = .contains
        case .any: self = .any
        case .all: self = .all
        case .filter: self = .filter
        case .count: self = .count
        case .isEmpty: self = .isEmpty
        case .first: self = .first
        case .extremum: self = .extremum
        case .timeInterval: self = .timeInterval
        case .aggregate: self = .aggregate
        case .rowAggregate: self = .rowAggregate
        case .sql: self = .sql
        case .trap: self = .trap
        case .error: self = .error
        }
    }
}
