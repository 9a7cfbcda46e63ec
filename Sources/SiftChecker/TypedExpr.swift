import SiftSchema
import SiftSyntax

/// An expression after type checking: a handle on a node of its query's ``TypedTree``, with
/// the node's type, source range and what its tree measured when it was made. Every node has a
/// type, every name is resolved. Read the node's kind with `tree[expr]`.
///
/// The typed tree is the input of every back end (SQL lowering, the in-memory evaluator). It
/// spells out what Swift does implicitly: optional promotion (``TypedExprKind/injectOptional(_:)``),
/// optional chaining as a map over an optional (``TypedExprKind/optionalMap(source:variable:body:)``),
/// and literals with the type the context gave them.
///
/// A handle holds no reference (copying one retains nothing) and means something only with the
/// tree it was made in: two handles are equal when their index, type, range and measures are,
/// whatever the trees' nodes. Compare ``CheckedQuery`` values (or kinds with their trees) to
/// compare what two texts check to.
public struct TypedExpr: Sendable, Hashable, BitwiseCopyable {
    /// Where the node's kind is in its tree's ``TypedTree/kinds``.
    public let index: Int32
    /// ``height`` in the low 24 bits, ``hazards`` in the high 8: a handle is 24 bytes, and the
    /// kind of a node with three children 88. The checker's trees are at most a few levels
    /// taller than the parser's 512, far below 2^24; a taller tree built by hand saturates.
    private let heightAndHazards: UInt32
    /// The expression's type.
    public let type: SiftType
    /// Where the expression is in the source.
    public var range: SourceRange

    /// The number of levels of the tree this node is the root of (1 for a leaf). Measured once,
    /// from the children's, when the node is made: phases that recurse over the tree read it to
    /// choose their stack instead of walking the tree.
    public var height: Int32 { Int32(bitPattern: heightAndHazards & Self.heightMask) }
    /// What evaluating the expression may do besides produce a value, its own and its
    /// subexpressions': gathered from the children when the node is made, so asking costs no
    /// walk of the tree.
    public var hazards: EvaluationHazards { EvaluationHazards(rawValue: UInt8(truncatingIfNeeded: heightAndHazards >> 24)) }

    static let heightMask: UInt32 = 0xFF_FFFF

    init(index: Int32, height: Int32, hazards: EvaluationHazards, type: SiftType, range: SourceRange) {
        self.index = index
        heightAndHazards = min(UInt32(clamping: height), Self.heightMask) | UInt32(hazards.rawValue) << 24
        self.type = type
        self.range = range
    }
}

/// The nodes of a checked query's expressions, in the order they were made: a node's children
/// come before it. One array per query instead of a box per node with children (each an
/// allocation and a free, and its children retained and released whenever it is read), and a
/// handle (``TypedExpr``) is plain bits, so copying one retains nothing and freeing a tree of any
/// depth is freeing an array, not a recursion.
///
/// The checker makes the nodes; a back end that rewrites part of a tree (the SQL lowering does,
/// for comparisons with optionals) makes new ones in its own copy of the tree.
public struct TypedTree: Sendable, Hashable {
    /// Every node's kind, indexed by ``TypedExpr/index``.
    public var kinds: [TypedExprKind] { storedKinds }
    /// Read in place by the subscript, which must stay inlinable into the readers in other modules:
    /// as a call, each read is a coroutine and a copy through the kind's value witness.
    @usableFromInline var storedKinds: [TypedExprKind] = []

    /// An empty tree.
    public init() {}

    /// An empty tree with room for `capacity` nodes.
    public init(capacity: Int) { storedKinds.reserveCapacity(capacity) }

    /// The kind of `expr`, a node of this tree.
    @inlinable public subscript(expr: TypedExpr) -> TypedExprKind {
        _read { yield storedKinds[Int(expr.index)] }
    }

    /// The number of nodes.
    public var count: Int { storedKinds.count }

    /// Adds a node of type `type` for the text at `range`, whose children are nodes of this tree.
    package mutating func make(_ kind: consuming TypedExprKind, _ type: SiftType, at range: SourceRange) -> TypedExpr {
        let children = kind.childSummary
        let hazards = children.hazards.union(EvaluationHazards.own(kind, type, in: self))
        let index = Int32(truncatingIfNeeded: storedKinds.count)
        storedKinds.append(kind)  // moved in, not copied
        return TypedExpr(index: index, height: children.height + 1, hazards: hazards, type: type, range: range)
    }
}

/// What evaluating an expression may do in Swift besides produce a value.
public struct EvaluationHazards: OptionSet, Sendable, Hashable, BitwiseCopyable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    /// It may trap: checked `Int` arithmetic (overflow, division by zero), a negation or a
    /// conversion to an integer type (out of range), a range whose bounds are not both
    /// constants (`lower > upper`), or a force unwrap (nil).
    public static let trap = EvaluationHazards(rawValue: 1)
    /// Its value may be NaN: floating-point arithmetic whose operands may be zero or infinite
    /// (`0.0 / 0.0`, `inf - inf`, `inf * 0`), or that reads such a value. SQL has no NaN (SQLite
    /// stores it as NULL), so the lowering carries it in a form of its own.
    public static let notANumber = EvaluationHazards(rawValue: 2)

    /// Whether `lhs op rhs` on floating-point operands that are not NaN may give NaN: `0 / 0` and
    /// `inf / inf`, `inf * 0`, `inf - inf`. Not when an operand is a finite constant (non-zero for
    /// `*` and `/`), which rules each of these out.
    static func makesNaN(_ op: ArithmeticOperator, _ lhs: TypedExprKind, _ rhs: TypedExprKind) -> Bool {
        func isSafeConstant(_ kind: TypedExprKind) -> Bool {
            guard case .constant(.double(let value)) = kind, value.isFinite else { return false }
            return value != 0 || op == .add || op == .subtract
        }
        return !isSafeConstant(lhs) && !isSafeConstant(rhs)
    }

    /// The node's own hazards, without its children's.
    static func own(_ kind: TypedExprKind, _ type: SiftType, in tree: TypedTree) -> EvaluationHazards {
        switch kind {
        case .arithmetic(let op, let lhs, let rhs):
            if type.isInteger { return .trap }
            if type.isFloatingPoint, makesNaN(op, tree[lhs], tree[rhs]) { return .notANumber }
            return []
        case .negate(let inner): return inner.type.isInteger ? .trap : []
        case .conversion: return type.isInteger ? .trap : []
        case .range(let lower, let upper, _):
            if case .constant = tree[lower], case .constant = tree[upper] { return [] }
            return .trap
        case .trap: return .trap
        case .aggregate(let call): return call.function == .sum && type.isInteger ? .trap : []
        case .rowAggregate(let aggregate): return aggregate.function == .sum && type.isInteger ? .trap : []
        default: return []
        }
    }
}

/// A value known at compile time.
///
/// Nine bytes: the cases with more than a word are boxed, so a typed node stores a constant
/// in place (a number or a Boolean allocates nothing).
public enum Constant: Sendable, Hashable, CustomStringConvertible {
    /// `nil`.
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// Any integer type; the expression's type says which.
    case int(Int64)
    /// A `UInt64` beyond `Int64.max`.
    case uint(UInt64)
    /// A floating-point value.
    case double(Double)
    /// A string.
    indirect case string(String)
    /// A case of a raw-value enum of the schema.
    indirect case enumCase(enumName: String, caseName: String, rawValue: EnumType.RawValue)
    /// `.orderedAscending` (-1), `.orderedSame` (0), `.orderedDescending` (1).
    case comparisonResult(Int)

    public var description: String {
        switch self {
        case .null: "nil"
        case .bool(let value): String(value)
        case .int(let value): String(value)
        case .uint(let value): String(value)
        case .double(let value): String(value)
        case .string(let value): Self.quote(value)
        case .enumCase(_, let caseName, _): ".\(caseName)"
        case .comparisonResult(let value):
            value < 0 ? ".orderedAscending" : value == 0 ? ".orderedSame" : ".orderedDescending"
        }
    }

    /// A Swift string literal that reads back as the same value (combining marks escaped, so
    /// decomposed text is visible).
    static func quote(_ value: String) -> String {
        SwiftLiteral.quote(value, escapingCombiningMarks: true)
    }
}

/// Identifies a variable of a checked query: the root row, a closure parameter over a
/// relationship, or a value bound by `if let` or optional chaining.
public struct VariableID: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// The position in the query's ``CheckedQuery/variables``.
    public var index: Int
    /// The variable at `index`.
    public init(_ index: Int) { self.index = index }
    public static func < (lhs: VariableID, rhs: VariableID) -> Bool { lhs.index < rhs.index }
    public var description: String { "v\(index)" }
}

/// A variable introduced by the query.
public struct Variable: Sendable, Hashable {
    /// Where a variable's value comes from.
    public enum Origin: Sendable, Hashable {
        /// The row being filtered (the predicate's closure parameter).
        case root
        /// An element of a sequence, in a closure passed to `contains`, `allSatisfy`, `filter`, ...
        case element
        /// The unwrapped value in `if let` or in an optional chain / `flatMap`.
        case binding
    }

    /// Which variable it is.
    public var id: VariableID
    /// As written (`$0`, `user`), or `$0?` for the implicit binding of an optional chain.
    public var name: String
    /// The type of its value.
    public var type: SiftType
    /// What introduces it.
    public var origin: Origin
    /// Where it is declared (or first used, for `$0`).
    public var declaration: SourceRange

    /// A variable of a checked query.
    public init(id: VariableID, name: String, type: SiftType, origin: Origin, declaration: SourceRange) {
        self.id = id
        self.name = name
        self.type = type
        self.origin = origin
        self.declaration = declaration
    }
}

/// `+ - * / %` on numbers; `+` on strings concatenates.
public enum ArithmeticOperator: String, Sendable, Hashable {
    /// `+`
    case add = "+"
    /// `-`
    case subtract = "-"
    /// `*`
    case multiply = "*"
    /// `/`
    case divide = "/"
    /// `%`
    case remainder = "%"

    /// The arithmetic a binary operator of the syntax is, or nil (by case, as for comparisons).
    public init?(_ op: BinaryOperator) {
        switch op {
        case .add: self = .add
        case .subtract: self = .subtract
        case .multiply: self = .multiply
        case .divide: self = .divide
        case .remainder: self = .remainder
        case .equal, .notEqual, .less, .lessEqual, .greater, .greaterEqual, .nilCoalescing, .closedRange, .halfOpenRange, .bitwiseAnd, .bitwiseOr,
            .shiftLeft, .shiftRight:
            return nil
        }
    }
}

/// `== != < <= > >=`.
public enum ComparisonOperator: String, Sendable, Hashable {
    /// `==`
    case equal = "=="
    /// `!=`
    case notEqual = "!="
    /// `<`
    case less = "<"
    /// `<=`
    case lessEqual = "<="
    /// `>`
    case greater = ">"
    /// `>=`
    case greaterEqual = ">="

    /// The comparison a binary operator of the syntax is, or nil (by case: going through the raw
    /// value would build and match a string per operator).
    public init?(_ op: BinaryOperator) {
        switch op {
        case .equal: self = .equal
        case .notEqual: self = .notEqual
        case .less: self = .less
        case .lessEqual: self = .lessEqual
        case .greater: self = .greater
        case .greaterEqual: self = .greaterEqual
        case .nilCoalescing, .closedRange, .halfOpenRange, .add, .subtract, .multiply, .divide, .remainder, .bitwiseAnd, .bitwiseOr, .shiftLeft,
            .shiftRight:
            return nil
        }
    }

    /// The operator with its operands swapped (`a < b` is `b > a`).
    public var swapped: ComparisonOperator {
        switch self {
        case .equal, .notEqual: self
        case .less: .greater
        case .lessEqual: .greaterEqual
        case .greater: .less
        case .greaterEqual: .lessEqual
        }
    }
}

/// String predicates: `a.contains(b)` and friends.
public enum StringTest: String, Sendable, Hashable {
    /// Case- and diacritic-sensitive substring test (Swift's `String.contains`).
    case contains
    /// `hasPrefix` / `starts(with:)`.
    case hasPrefix
    /// `hasSuffix`.
    case hasSuffix
    /// Case- and diacritic-insensitive, locale-aware substring test.
    case localizedStandardContains
}

/// String comparisons that produce a `ComparisonResult`.
public enum StringComparison: String, Sendable, Hashable {
    /// `caseInsensitiveCompare(_:)`.
    case caseInsensitiveCompare
    /// `localizedCompare(_:)`.
    case localizedCompare
    /// `localizedCaseInsensitiveCompare(_:)`.
    case localizedCaseInsensitiveCompare
    /// `localizedStandardCompare(_:)`.
    case localizedStandardCompare
}

/// `lowercased()` and `uppercased()`.
public enum StringTransform: String, Sendable, Hashable {
    /// `lowercased()`
    case lowercased
    /// `uppercased()`
    case uppercased
}

/// The operators of ``SQLOperation/coreData(_:_:)``: Core Data's, not Swift's.
public enum CoreDataOperator: String, Sendable, Hashable {
    /// `==`: equal bytes (or numbers).
    case equal = "=="
    /// `!=`.
    case notEqual = "!="
    /// `<`: strings by their bytes (UTF-8, code point order).
    case less = "<"
    /// `<=`.
    case lessEqual = "<="
    /// `>`.
    case greater = ">"
    /// `>=`.
    case greaterEqual = ">="
    /// `BEGINSWITH`: a non-empty prefix, by bytes.
    case beginsWith = "BEGINSWITH"
    /// `ENDSWITH`: a non-empty suffix.
    case endsWith = "ENDSWITH"
    /// `CONTAINS` on strings: a non-empty substring.
    case contains = "CONTAINS"
    /// `LIKE`: the whole string matches a pattern of `*` (any characters) and `?` (one).
    case like = "LIKE"
    /// `MATCHES`: the whole string matches an ICU regular expression.
    case matches = "MATCHES"
    /// `IN` an array (the right operand): equal to one of its elements.
    case `in` = "IN"

    /// The comparison operator it is, if it is one.
    public var comparison: ComparisonOperator? {
        switch self {
        case .equal: .equal
        case .notEqual: .notEqual
        case .less: .less
        case .lessEqual: .lessEqual
        case .greater: .greater
        case .greaterEqual: .greaterEqual
        default: nil
        }
    }
}

/// The kinds of typed expression.
public enum TypedExprKind: Sendable, Hashable {
    /// A value known at compile time.
    case constant(Constant)
    /// A named parameter (a free identifier such as `searchString`), bound at run time.
    case parameter(String)
    /// A variable: the row, a closure parameter, an `if let` binding.
    case variable(VariableID)
    /// An attribute of a (non-optional) object.
    case attribute(TypedExpr, Attribute)
    /// A to-one relationship of a (non-optional) object: `Model` or `Model?`.
    case toOne(TypedExpr, Relationship)
    /// A to-many relationship of a (non-optional) object: `[Model]`.
    case toMany(TypedExpr, Relationship)
    /// `nil` if `source` is nil; otherwise `body` with `variable` bound to the unwrapped value,
    /// flattened (an optional body is not wrapped again). Optional chaining and `flatMap`.
    case optionalMap(source: TypedExpr, variable: VariableID, body: TypedExpr)
    /// `if let variable = source { then } else { otherwise }`.
    case ifLet(source: TypedExpr, variable: VariableID, then: TypedExpr, otherwise: TypedExpr)
    /// A non-optional value promoted to an optional, as Swift does implicitly.
    case injectOptional(TypedExpr)
    /// `!x`.
    case not(TypedExpr)
    /// `-x`.
    case negate(TypedExpr)
    /// `lhs op rhs` on numbers, with Swift's overflow traps for integers.
    case arithmetic(ArithmeticOperator, TypedExpr, TypedExpr)
    /// Operands have the same type (optional on both sides, or neither).
    case comparison(ComparisonOperator, TypedExpr, TypedExpr)
    /// Two or more Boolean operands.
    case logical([TypedExpr], LogicalOperator)
    /// `optional ?? fallback`; the fallback's type is the result's.
    case nilCoalescing(TypedExpr, TypedExpr)
    /// `condition ? a : b` and `if condition { a } else { b }`.
    case conditional(TypedExpr, TypedExpr, TypedExpr)
    /// `Double(x)`, `Int(x)`, ...: to the expression's type.
    case conversion(TypedExpr)
    /// `string.test(argument)`: `contains`, `hasPrefix`, ...
    case stringTest(StringTest, TypedExpr, TypedExpr)
    /// `string.compare(argument)`, a `ComparisonResult`.
    case stringComparison(StringComparison, TypedExpr, TypedExpr)
    /// `string.lowercased()` or `uppercased()`.
    case stringTransform(StringTransform, TypedExpr)
    /// A string's `count` (characters).
    case stringLength(TypedExpr)
    /// An enum value's `rawValue`.
    case rawValue(TypedExpr)
    /// A date's `timeIntervalSinceReferenceDate` (seconds since 2001-01-01 00:00 UTC), or its
    /// `timeIntervalSince1970` when `since1970`: a `Double`, as `Date` computes it.
    case timeInterval(TypedExpr, since1970: Bool)
    /// `lower...upper` or `lower..<upper`.
    case range(lower: TypedExpr, upper: TypedExpr, closed: Bool)
    /// `[a, b, c]`.
    case arrayLiteral([TypedExpr])
    /// Every object of the model named so, in no order: the rows of a query that a selected
    /// `count(...)` or `exists(...)` filters with a condition on the selecting row
    /// (`count(Reminder where remindersListID == list.id)`).
    case objects(model: String)
    /// `sequence.contains(element)` on an array or a range of values.
    case contains(sequence: TypedExpr, element: TypedExpr)
    /// `sequence.contains { predicate }` / `contains(where:)`: some element matches.
    case any(sequence: TypedExpr, variable: VariableID, predicate: TypedExpr)
    /// `sequence.allSatisfy { predicate }`: every element matches (true when empty).
    case all(sequence: TypedExpr, variable: VariableID, predicate: TypedExpr)
    /// `sequence.filter { predicate }`: the matching elements.
    case filter(sequence: TypedExpr, variable: VariableID, predicate: TypedExpr)
    /// `sequence.count`.
    case count(TypedExpr)
    /// `sequence.isEmpty` or `string.isEmpty`.
    case isEmpty(TypedExpr)
    /// `sequence.first`.
    case first(TypedExpr)
    /// `sequence.min()` / `sequence.max()`.
    case extremum(isMaximum: Bool, TypedExpr)
    /// An operation whose meaning is not Swift's: SQL's, as StructuredQueries writes it
    /// (`$0.priority.eq(3)` is `priority = 3`), or Core Data's, as an `NSPredicate` format string
    /// writes it (`name BEGINSWITH[c] 'a'`). Both are three-valued: NULL when an operand is (the
    /// type is then `Bool?`), strings compared by their bytes. ``SQLOperation/meaning`` says which
    /// language's operation it is; see ``SQLOperation``.
    case sql(SQLOperation, [TypedExpr])
    /// Where Swift stops the program: the missing value of a force unwrap `x!`, which the checker
    /// writes `if let v = x { v } else { trap }` (and a member or method after `x!` inside the
    /// `then` branch). Evaluating it is a trap, whatever its type.
    case trap
    /// An aggregate of the rows of a group (``CheckedSelection``): its argument is evaluated on
    /// each row with the query's root bound to it.
    indirect case aggregate(AggregateCall)
    /// `max()`, `min()`, `sum()` or `average()` of values mapped from a row's related objects
    /// (``RowAggregate``).
    indirect case rowAggregate(RowAggregate)
    /// A place where an error was reported.
    case error
}

/// An operation with a meaning that is not Swift's: what StructuredQueries' query builder writes
/// for `eq`, `&&`, `like`, `in`, `between`, `match` and friends (SQL's meaning), and what an
/// `NSPredicate` format string writes for its operators (Core Data's meaning, which is SQL's
/// three-valued logic with string operators of its own). A NULL operand makes the comparisons,
/// `NOT`, `LIKE` and `IN` NULL, `AND`/`OR` follow Kleene's three-valued logic, and strings compare
/// byte by byte (SQLite's BINARY collation). Core Data's `AND`, `OR` and `NOT` are SQL's, so a
/// format string's are ``logical(_:)`` and ``not``.
public enum SQLOperation: Sendable, Hashable {
    /// `highlight(table, column, open, close)`: the column of the FTS5 row (the first operand)
    /// with each match between `open` and `close` (the other operands, bound).
    case highlight(column: String)
    /// `snippet(table, column, open, close, ellipsis, tokens)`: a fragment of the column around
    /// the matches, at most `tokens` words (the operands after the row, bound).
    case snippet(column: String)
    /// `value COLLATE name`: the value, compared and ordered under another collating sequence.
    case collate(SQLCollation)
    /// `value COLLATE "name"`: a collating sequence the application registers on its
    /// connection (StructuredQueries' `Collation(rawValue:)`), named by a quoted identifier.
    case customCollate(String)
    /// `string LIKE pattern ESCAPE character` (StructuredQueries' `like(_:escape:)`).
    case likeEscaped
    /// `value IN (SELECT value FROM json_each(array))`: the second operand an array parameter,
    /// bound as one JSON text.
    case isInArray
    /// A scalar function of SQLite's core.
    case function(SQLScalarFunction)
    /// `=`, `<>`, `<`, `<=`, `>`, `>=` on two operands.
    case compare(ComparisonOperator)
    /// `IS` (`negated`: `IS NOT`): equality where NULL equals NULL, never NULL itself.
    case isIdentical(negated: Bool)
    /// `AND` (`.and`) or `OR` (`.or`) of two or more operands.
    case logical(LogicalOperator)
    /// `NOT` of one operand.
    case not
    /// `string LIKE pattern`: `%` any text, `_` one character, ASCII letters without case. With
    /// `anyBefore`/`anyAfter`, the pattern is the second operand with `%` before/after it
    /// (`contains`, `hasPrefix`, `hasSuffix`), its own `%` and `_` still wildcards.
    case like(anyBefore: Bool, anyAfter: Bool)
    /// `string GLOB pattern`: `*`, `?` and `[...]`, with case.
    case glob
    /// `value IN (e1, e2, ...)`: the first operand is the value, the others the list.
    case isIn
    /// `value BETWEEN low AND high`.
    case between
    /// `table MATCH query` on an FTS5 table: the operand is the row, the query text a bound value.
    case fullTextMatch
    /// `table MATCH 'column:"words"'`: the words of the second operand as one phrase (each `"`
    /// doubled) in one column (StructuredQueries' `$0.title.match(words)`).
    case fullTextPhrase(column: String)
    /// `bm25(table, weights...)` of an FTS5 row: its rank (lower is better).
    case bm25(weights: [Double])
    /// The hidden `rank` column of an FTS5 row (`bm25()` unless the table configures another).
    case rank
    /// A comparison or string test with Core Data's meaning (an `NSPredicate` format string's, as
    /// a SQLite store answers it) on two operands: strings by their stored bytes (no Unicode
    /// normalization), folded first as the options say (`[c]`, `[d]`); `LIKE` with `*` and `?`,
    /// `MATCHES` with an ICU regular expression, `IN` an array; numbers by value, dates as
    /// instants whatever their columns' storage; a nil operand makes the answer unknown, except
    /// that `== nil` and `!= nil` (an operand that is the constant nil) test for it.
    case coreData(CoreDataOperator, FormatStringOptions)
    /// `collection.@sum.key`, `@avg`, `@min`, `@max` as a Core Data store computes them (SQL's
    /// aggregates): the operands are the collection and the value of each of its elements, read
    /// through `element`; nil values are skipped, and the result is nil when none is left.
    /// `@sum` keeps the values' type, `@avg` is a `Double`; the type is optional.
    case collectionAggregate(FormatCollectionOperator, element: VariableID)
    /// `(a + b)`, `(a - b)`, `(a * b)`, `(a / b)`, `(a % b)` on numbers: SQL's arithmetic (an
    /// integer division truncates, a division by zero is NULL, NULL in gives NULL out).
    case arithmetic(ArithmeticOperator)
    /// `-(a)`: a number negated.
    case negate
    /// `(a & b)`, `(a | b)`, `(a << b)`, `(a >> b)` on integers (StructuredQueries' operators):
    /// SQLite's 64-bit operations, a negative shift the other way, a shift by 64 or more all
    /// bits out (a negative number shifted right: -1).
    case bitwise(SQLBitwiseOperator)
    /// `~(a)`: an integer's bits inverted.
    case bitwiseNot
    /// `CAST(strftime('%Y', date) AS INTEGER)` and the other parts of a date column (UTC), as
    /// StructuredQueries' `$0.dueDate.year` writes them; the column read as its storage says
    /// (`'unixepoch'` after seconds since 1970, or since 2001 moved to 1970).
    case datePart(SQLDatePart, storage: Storage)
    /// `strftime(format, date)`: the date column (first operand) written with the format (second
    /// operand, bound); NULL for a format SQLite does not know.
    case strftime(storage: Storage)
    /// A date moved by SQLite's modifiers (StructuredQueries' `$0.dueDate(.days(1))`, `.now`,
    /// `.now(.startOfDay)`): the operands are the date column (the constant `"now"` for `.now`,
    /// written unbound), then each
    /// modifier's text (`'1 days'`, `'start of day'`), bound. Written as the column stores dates:
    /// `strftime('%Y-%m-%d %H:%M:%f', date, ...)` for ISO-8601 text (the library's form before
    /// SQLite's `'subsec'`, which 3.40 lacks), `unixepoch(date, 'unixepoch', ...)` for seconds
    /// since 1970. `'now'` is the statement's time: SQLite computes it, the evaluator cannot.
    case modifiedDate(storage: Storage, fromNow: Bool)
    /// `json(x)`: a JSON text (a column StructuredQueries stores as JSON) as SQLite's JSON, so
    /// that `json_group_array` nests it instead of quoting it as a string.
    case json
    /// `json_array_length(x)`: the elements of a JSON array (0 for another JSON value); the
    /// query fails on a text that is not JSON.
    case jsonArrayLength
    /// `json_object(key, value, ...)`: a row as a JSON object (StructuredQueries' `$0.jsonObject()`,
    /// `$1.jsonGroupArray()`): the operands are each column's name (bound) and its value as the
    /// library encodes it for JSON (a `Bool` as `json(CASE x WHEN 0 THEN 'false' WHEN 1 THEN 'true'
    /// END)`, a JSON column as `json(x)`).
    case jsonObject
    /// `(a || b)`: two strings joined (StructuredQueries' `+` on strings).
    case concatenate
    /// `coalesce(a, b)` (StructuredQueries' `??`): the first operand that is not NULL.
    case coalesce
    /// `ifnull(a, b)` (StructuredQueries' `ifnull`): `a` unless it is NULL, then `b`.
    case ifNull
    /// `CASE [base] WHEN w1 THEN t1 ... [ELSE e] END`: the operands are the base (when
    /// `hasBase`), each `when` and `then` in turn, and the `else` value (when `hasElse`).
    case caseWhen(hasBase: Bool, hasElse: Bool)

    /// The language whose meaning the operation has.
    public var meaning: ForeignMeaning {
        switch self {
        case .coreData, .collectionAggregate: .coreData
        default: .sql
        }
    }

    /// The operator the operation is written with (SQL's, or a format string's), for printing.
    public var name: String {
        switch self {
        case .highlight(let column): "highlight column \(column)"
        case .snippet(let column): "snippet column \(column)"
        case .collate(let collation): "COLLATE \(collation.rawValue)"
        case .customCollate(let name): "COLLATE \"\(name)\""
        case .likeEscaped: "LIKE ESCAPE"
        case .isInArray: "IN json_each"
        case .function(let function): function.rawValue
        case .compare(let op):
            switch op {
            case .equal: "="
            case .notEqual: "<>"
            default: op.rawValue
            }
        case .isIdentical(let negated): negated ? "IS NOT" : "IS"
        case .logical(let op): op == .and ? "AND" : "OR"
        case .not: "NOT"
        case .like(let before, let after): before || after ? "LIKE \(before ? "%" : "")_\(after ? "%" : "")" : "LIKE"
        case .glob: "GLOB"
        case .isIn: "IN"
        case .between: "BETWEEN"
        case .fullTextMatch: "MATCH"
        case .fullTextPhrase(let column): "MATCH \(column):"
        case .rank: "rank"
        case .bm25(let weights): weights.isEmpty ? "bm25" : "bm25(" + weights.map { String($0) }.joined(separator: ", ") + ")"
        case .coreData(let op, let options): op.rawValue + options.written
        case .collectionAggregate(let op, _): "@" + op.rawValue
        case .arithmetic(let op): op.rawValue
        case .negate: "-"
        case .bitwise(let op): op.rawValue
        case .bitwiseNot: "~"
        case .datePart(let part, _): part.method
        case .strftime: "strftime"
        case .modifiedDate(_, let fromNow): fromNow ? "now" : "date modifier"
        case .json: "json"
        case .jsonArrayLength: "json_array_length"
        case .jsonObject: "json_object"
        case .concatenate: "||"
        case .coalesce: "coalesce"
        case .ifNull: "ifnull"
        case .caseWhen: "CASE"
        }
    }
}

/// A part of a date, by its `strftime` format: StructuredQueries' `year`, `month`, `day`, `hour`,
/// `minute`, `second` (whole), `fractionalSecond` (with its milliseconds), `weekday` (0 Sunday)
/// and `dayOfYear` (1 January 1st).
public enum SQLDatePart: String, Sendable, Hashable, CaseIterable {
    /// `%Y`.
    case year = "%Y"
    /// `%m`, 1 to 12.
    case month = "%m"
    /// `%d`, 1 to 31.
    case day = "%d"
    /// `%H`, 0 to 23.
    case hour = "%H"
    /// `%M`, 0 to 59.
    case minute = "%M"
    /// `%S`, 0 to 59.
    case second = "%S"
    /// `%f`, seconds with milliseconds, a `Double`.
    case fractionalSecond = "%f"
    /// `%w`, 0 (Sunday) to 6.
    case weekday = "%w"
    /// `%j`, 1 to 366.
    case dayOfYear = "%j"

    /// The member StructuredQueries names it by.
    public var method: String {
        switch self {
        case .year: "year"
        case .month: "month"
        case .day: "day"
        case .hour: "hour"
        case .minute: "minute"
        case .second: "second"
        case .fractionalSecond: "fractionalSecond"
        case .weekday: "weekday"
        case .dayOfYear: "dayOfYear"
        }
    }
}

/// SQL's bitwise operators on integers, as StructuredQueries writes them.
public enum SQLBitwiseOperator: String, Sendable, Hashable, CaseIterable {
    /// `&`: the bits set in both.
    case and = "&"
    /// `|`: the bits set in either.
    case or = "|"
    /// `<<`: shifted toward the high bits.
    case shiftLeft = "<<"
    /// `>>`: shifted toward the low bits, the sign kept.
    case shiftRight = ">>"
}

/// A collating sequence SQLite has built in (StructuredQueries' `Collation`).
public enum SQLCollation: String, Sendable, Hashable, CaseIterable {
    /// Text by its bytes (the default).
    case binary = "BINARY"
    /// ASCII letters folded to lower case first.
    case nocase = "NOCASE"
    /// Trailing spaces ignored.
    case rtrim = "RTRIM"
}

/// The scalar functions of SQLite's core that StructuredQueries' expressions call, each with
/// SQLite's answer: NULL in, NULL out (except `quote`, whose NULL is the text `NULL`). The
/// operands are the value the method is called on, then its arguments.
public enum SQLScalarFunction: String, Sendable, Hashable, CaseIterable {
    /// `length(x)`: characters of a text, bytes of a blob, characters of a number's text.
    case length
    /// `lower(x)`: ASCII letters in lower case (SQLite's core folds no other letter).
    case lower
    /// `upper(x)`: ASCII letters in upper case.
    case upper
    /// `trim(x)`: spaces removed from both ends; `trim(x, characters)`: any of the characters.
    case trim
    /// `ltrim(x)`, `ltrim(x, characters)`: removed from the start.
    case ltrim
    /// `rtrim(x)`, `rtrim(x, characters)`: removed from the end.
    case rtrim
    /// `abs(x)`: the magnitude; the smallest integer has none, and the query fails.
    case abs
    /// `sign(x)`: -1, 0 or 1.
    case sign
    /// `round(x)`, `round(x, digits)`: halves away from zero, at most 30 digits.
    case round
    /// `nullif(x, y)`: NULL when `x = y`, `x` otherwise.
    case nullif
    /// `instr(x, y)`: the position (in characters, from 1) of the first `y` in `x`, 0 when none.
    case instr
    /// `substr(x, start)`, `substr(x, start, count)`: characters from `start` (1 the first,
    /// negative from the end), `count` of them (negative: those before `start`).
    case substr
    /// `replace(x, y, z)`: every `y` in `x` replaced by `z` (`x` itself when `y` is empty).
    case replace
    /// `octet_length(x)`: the bytes of a text's UTF-8.
    case octetLength = "octet_length"
    /// `quote(x)`: a text as an SQL literal, in single quotes (each quote doubled), up to the
    /// first NUL; NULL as the text `NULL`.
    case quote
    /// `hex(x)`: a blob's bytes in upper-case hexadecimal.
    case hex
    /// `unicode(x)`: the code point of a text's first character; NULL for an empty text.
    case unicode
    /// `likely(x)`: `x`, with a hint to the query planner.
    case likely
    /// `unlikely(x)`: `x`, with a hint to the query planner.
    case unlikely
    /// `zeroblob(n)`: `n` zero bytes (none for a negative count or NULL).
    case zeroblob
    /// `randomblob(n)`: `n` random bytes (one for a count below 1): SQLite's random numbers,
    /// which the evaluator does not compute.
    case randomblob
}
