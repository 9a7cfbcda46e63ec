import Foundation
import Sift
import SiftSQLite

/// A query with SQL's meaning (StructuredQueries') run twice: its SQL on SQLite, and its typed
/// tree in the in-memory evaluator. The rows are compared as SQL holds them (integers, REALs,
/// texts by their bytes: `1` is not `1.0`, composed `é` is not decomposed `é`), in the order the
/// query gives where it orders them:
///
/// - rows the query does not order are compared as a multiset; so are the rows of each run of
///   rows equal on every sort key (SQL gives ties in the order it meets them);
/// - under `limit` or `offset` the runs at the edges (which may be cut anywhere in the tie), and
///   every row of an unordered query with a limit, must be among the evaluator's rows of the
///   query without them (where the query reads a common table, whose recursion may end by the
///   limit alone, the evaluator's rows as a multiset: both stop the recursion in the same rounds);
/// - a `groupConcat` without `order:` and a `jsonGroupArray` join their values in the order
///   SQLite scans the rows, which SQL does not fix: their pieces are compared as a multiset;
/// - REALs are compared bit for bit, but those of a `sum`, `total` or `avg` column to 12
///   significant digits (a sum depends on the order of its terms);
/// - a sorted query whose tie runs the evaluator does not give for every row disagrees.
///
/// Both failing is agreement only where the evaluator stops the query as SQLite does
/// (`sqlFailure`) and both name the same failure (an integer overflow, malformed JSON); any other
/// error of the evaluator beside SQLite's (`needsDatabase`, `malformedTree`) is not.
public enum EvaluatorAgreement {
    /// A value as SQL holds it, or the pieces of an unordered concatenation.
    public enum Cell: Hashable, CustomStringConvertible {
        case null
        case integer(Int64)
        case real(Double)
        case text([UInt8])
        case blob([UInt8])
        /// The pieces of a `group_concat` or `json_group_array`, sorted.
        case pieces([[UInt8]])

        public var description: String {
            switch self {
            case .null: "NULL"
            case .integer(let integer): String(integer)
            case .real(let real): "\(real)r"
            case .text(let bytes): "'" + String(decoding: bytes, as: UTF8.self) + "'"
            case .blob(let bytes): "x'" + bytes.map { String(format: "%02x", $0) }.joined() + "'"
            case .pieces(let pieces): "{" + pieces.map { String(decoding: $0, as: UTF8.self) }.joined(separator: " | ") + "}"
            }
        }
    }

    /// What one comparison found.
    public struct Outcome: CustomStringConvertible {
        /// Why the two answers differ; nil when they agree.
        public var disagreement: String?
        /// The rows whose values were compared (not only counted).
        public var comparedRows = 0
        /// The rows SQLite gave.
        public var rows = 0
        /// Both failed.
        public var bothFailed = false
        public var agrees: Bool { disagreement == nil }
        public var description: String { disagreement ?? "agree (\(comparedRows) of \(rows) rows compared)" }
    }

    /// Runs `compiled` on `database` (with Sift's functions) and its query in the evaluator on
    /// `dataset`, and compares the rows.
    public static func compare(
        _ compiled: CompiledQuery, database: SiftDatabase, dataset: Dataset, parameters: [String: ParameterValue] = [:],
        evaluatorParameters: [String: Value]? = nil
    ) -> Outcome {
        let evaluatorParameters = evaluatorParameters ?? parameters.mapValues(value)
        let sqlite = Result { () throws -> [[SQLValue]] in
            try database.connection.prepare(compiled.sql).rows(bindings: try compiled.bindings(for: parameters, schema: database.schema))
        }
        let evaluated = Result { try Evaluator().select(compiled.query, in: dataset, parameters: evaluatorParameters) }
        var outcome = Outcome()
        func disagree(_ why: String) -> Outcome {
            outcome.disagreement = "\(why)\nSQL:\n\(compiled.sql)"
            return outcome
        }
        switch (sqlite, evaluated) {
        case (.failure(let sqliteError), .failure(let error)):
            guard let error = error as? EvaluationError, case .sqlFailure(let message) = error else {
                return disagree("SQLite fails (\(sqliteError)), the evaluator fails otherwise: \(error)")
            }
            let sqliteMessage = (sqliteError as? SQLiteError)?.message ?? "\(sqliteError)"
            guard let kind = failureKinds.first(where: { message.contains($0) }), sqliteMessage.contains(kind) else {
                return disagree("SQLite fails (\(sqliteError)), the evaluator fails for another reason: \(error)")
            }
            outcome.bothFailed = true
            return outcome
        case (.failure(let error), .success(let result)):
            return disagree("SQLite fails (\(error)), the evaluator gives \(result.rows.count) rows: \(result.rows.prefix(5))")
        case (.success(let rows), .failure(let error)):
            return disagree("SQLite gives \(rows.count) rows, the evaluator fails: \(error)")
        case (.success(let raw), .success(let result)):
            outcome.rows = raw.count
            let unordered = unorderedColumns(compiled.query)
            let sums = summedColumns(compiled.query)
            let storages = compiled.columns.map(\.storage)
            let fromSQLite = raw.map { row in row.enumerated().map { normalized(cell($0.element), column: $0.offset, unordered, sums) } }
            let fromEvaluator = result.rows.map { row in
                row.enumerated().map { normalized(cell($0.element, storage: $0.offset < storages.count ? storages[$0.offset] : nil), column: $0.offset, unordered, sums) }
            }
            guard fromSQLite.count == fromEvaluator.count else {
                return disagree("SQLite gives \(fromSQLite.count) rows, the evaluator \(fromEvaluator.count)\n" + show(fromSQLite, fromEvaluator))
            }
            let ties: [Int]
            if result.tieRuns.count == fromEvaluator.count {
                ties = result.tieRuns
            } else if compiled.query.sort.isEmpty {
                ties = Array(repeating: 0, count: fromEvaluator.count)
            } else {
                return disagree("the evaluator gives \(fromEvaluator.count) rows but \(result.tieRuns.count) tie runs of a sorted query")
            }
            // An offset may cut the first run of ties, a limit the last one.
            let query = compiled.query
            var edgeRows: ArraySlice<[Cell]> = []
            var evaluatorEdgeRows: ArraySlice<[Cell]> = []
            var start = 0
            while start < ties.count {
                var end = start + 1
                while end < ties.count, ties[end] == ties[start] { end += 1 }
                let atEdge = (start == 0 && query.offset != nil) || (end == ties.count && query.limit != nil)
                if atEdge {
                    edgeRows += fromSQLite[start..<end]
                    evaluatorEdgeRows += fromEvaluator[start..<end]
                } else {
                    if !sameMultiset(fromSQLite[start..<end], fromEvaluator[start..<end]) {
                        return disagree("rows \(start)..<\(end) differ\n" + show(fromSQLite, fromEvaluator))
                    }
                    outcome.comparedRows += end - start
                }
                start = end
            }
            // SQLite's rows in runs a limit or an offset may cut are among the evaluator's rows
            // of the query without them. A common table's recursion may only end by the limit,
            // which SQLite and the evaluator both stop in the same rounds (SQLite's queue of rows,
            // first in, first out): those rows are the evaluator's, as a multiset.
            if !edgeRows.isEmpty, !query.commonTables.isEmpty {
                if !sameMultiset(edgeRows, evaluatorEdgeRows) {
                    return disagree("rows a limit cuts from a common table's rows differ\n" + show(fromSQLite, fromEvaluator))
                }
                outcome.comparedRows += edgeRows.count
            } else if !edgeRows.isEmpty {
                var uncutQuery = query
                uncutQuery.limit = nil
                uncutQuery.offset = nil
                guard let uncut = try? Evaluator().select(uncutQuery, in: dataset, parameters: evaluatorParameters) else {
                    return disagree("the evaluator fails on the query without its limit and offset")
                }
                let all = uncut.rows.map { row in
                    row.enumerated().map { normalized(cell($0.element, storage: $0.offset < storages.count ? storages[$0.offset] : nil), column: $0.offset, unordered, sums) }
                }
                if !isSubMultiset(edgeRows, of: all[...]) {
                    return disagree("rows a limit or an offset cuts are not among the evaluator's rows of the whole query\n" + show(Array(edgeRows), all))
                }
                outcome.comparedRows += edgeRows.count
            }
            return outcome
        }
    }

    static func show(_ a: [[Cell]], _ b: [[Cell]]) -> String {
        func rows(_ rows: [[Cell]]) -> String { rows.prefix(12).map { "  " + $0.map(\.description).joined(separator: ", ") }.joined(separator: "\n") }
        return "SQLite:\n\(rows(a))\nevaluator:\n\(rows(b))"
    }

    static func isSubMultiset(_ a: ArraySlice<[Cell]>, of b: ArraySlice<[Cell]>) -> Bool {
        var counts: [[Cell]: Int] = [:]
        for row in b { counts[row, default: 0] += 1 }
        for row in a { counts[row, default: 0] -= 1 }
        return counts.values.allSatisfy { $0 >= 0 }
    }

    static func sameMultiset(_ a: ArraySlice<[Cell]>, _ b: ArraySlice<[Cell]>) -> Bool {
        var counts: [[Cell]: Int] = [:]
        for row in a { counts[row, default: 0] += 1 }
        for row in b { counts[row, default: 0] -= 1 }
        return counts.values.allSatisfy { $0 == 0 }
    }

    /// A parameter's value as the evaluator takes it.
    public static func value(_ parameter: ParameterValue) -> Value {
        switch parameter {
        case .null: .null
        case .bool(let flag): .bool(flag)
        case .int(let integer): .int(integer)
        case .double(let real): .double(real)
        case .string(let text): .string(text)
        case .date(let date): .date(date)
        case .uuid(let uuid): .uuid(uuid)
        case .data(let bytes): .data(Data(bytes))
        case .array(let elements): .array(elements.map(value))
        }
    }

    /// A value SQLite gave.
    public static func cell(_ value: SQLValue) -> Cell {
        switch value {
        case .null: .null
        case .integer(let integer): .integer(integer)
        case .real(let real): .real(real)
        case .text(let text): .text(Array(text.utf8))
        case .blob(let bytes): .blob(bytes)
        }
    }

    /// A value the evaluator gave, as a column of `storage` holds it.
    public static func cell(_ value: Value, storage: Storage?) -> Cell {
        switch value {
        case .null: return .null
        case .some(let inner): return cell(inner, storage: storage)
        case .bool(let flag): return .integer(flag ? 1 : 0)
        case .int(let integer): return .integer(integer)
        case .uint(let integer): return .integer(Int64(truncatingIfNeeded: integer))
        case .double(let real): return .real(real)
        case .string(let text): return .text(Array(text.utf8))
        case .enumCase(let enumValue):
            switch enumValue.rawValue {
            case .int(let raw): return .integer(raw)
            case .string(let raw): return .text(Array(raw.utf8))
            }
        case .date(let date):
            switch storage {
            case .dateReferenceSeconds?: return .real(date.timeIntervalSinceReferenceDate)
            case .dateUnixSeconds?:
                let seconds = date.timeIntervalSince1970
                return seconds == seconds.rounded() ? .integer(Int64(seconds)) : .real(seconds)
            default: return .text(Array(isoText(date).utf8))
            }
        case .uuid(let uuid):
            if storage == .uuidBlob { return .blob(withUnsafeBytes(of: uuid.uuid) { Array($0) }) }
            return .text(Array((storage == .uuidLowercaseText ? uuid.uuidString.lowercased() : uuid.uuidString).utf8))
        case .data(let data): return .blob(Array(data))
        case .url(let url): return .text(Array(url.absoluteString.utf8))
        default: return .text(Array("\(value)".utf8))
        }
    }

    /// A date as StructuredQueries stores it in text, `2026-11-30 09:00:00.000` (UTC).
    static func isoText(_ date: Date) -> String {
        let milliseconds = Int64((date.timeIntervalSince1970 * 1000).rounded())
        let days = milliseconds >= 0 ? milliseconds / 86_400_000 : -((-milliseconds + 86_399_999) / 86_400_000)
        let ofDay = milliseconds - days * 86_400_000
        // Howard Hinnant's civil_from_days.
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let mp = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
        return String(
            format: "%04lld-%02lld-%02lld %02lld:%02lld:%02lld.%03lld", year, month, day, ofDay / 3_600_000, ofDay / 60_000 % 60,
            ofDay / 1000 % 60, ofDay % 1000)
    }

    /// The columns whose values join rows in an order SQL does not fix, by index: the separator
    /// of each `groupConcat` without `order:`, nil for a `jsonGroupArray`.
    public static func unorderedColumns(_ query: CheckedQuery) -> [Int: String?] {
        guard let selection = query.selection else { return [:] }
        var columns: [Int: String?] = [:]
        for (index, column) in selection.columns.enumerated() {
            guard case .aggregate(let call) = query[column.value] else { continue }
            switch call.function {
            case .groupConcat where call.sortKey == nil:
                var separator = ","
                if let expr = call.separator, case .constant(.string(let text)) = query[expr] { separator = text }
                columns[index] = .some(separator)
            case .jsonGroupArray:
                columns[index] = .some(nil)
            default:
                break
            }
        }
        return columns
    }

    /// The failures both sides must name for both failing to be agreement: the evaluator's
    /// `sqlFailure` message and SQLite's error message each contain the same one.
    static let failureKinds = ["integer overflow", "malformed JSON", "JSON cannot hold BLOB values"]

    /// The columns, by index, that are a `sum`, `total` or `avg` aggregate: a sum of REALs depends
    /// on the order its terms are added in, which SQL does not fix.
    public static func summedColumns(_ query: CheckedQuery) -> Set<Int> {
        guard let selection = query.selection else { return [] }
        var columns: Set<Int> = []
        for (index, column) in selection.columns.enumerated() {
            guard case .aggregate(let call) = query[column.value] else { continue }
            switch call.function {
            case .sum, .total, .average: columns.insert(index)
            default: break
            }
        }
        return columns
    }

    static func normalized(_ cell: Cell, column: Int, _ unordered: [Int: String?], _ sums: Set<Int>) -> Cell {
        if case .real(let real) = cell {
            // A sum's REAL is compared to 12 digits; every other REAL bit for bit.
            guard sums.contains(column) else { return cell }
            return .real(real.isFinite && real != 0 ? Double(String(format: "%.12g", real)) ?? real : real)
        }
        guard let separator = unordered[column], case .text(let bytes) = cell else { return cell }
        if let separator {
            let text = String(decoding: bytes, as: UTF8.self)
            return .pieces(text.components(separatedBy: separator).map { Array($0.utf8) }.sorted { $0.lexicographicallyPrecedes($1) })
        }
        return .pieces(jsonElements(bytes).sorted { $0.lexicographicallyPrecedes($1) })
    }

    /// The texts of the elements of a JSON array, as written: split at the commas outside strings
    /// and outside nested arrays and objects.
    package static func jsonElements(_ bytes: [UInt8]) -> [[UInt8]] {
        guard bytes.count >= 2, bytes.first == UInt8(ascii: "["), bytes.last == UInt8(ascii: "]") else { return [bytes] }
        var elements: [[UInt8]] = []
        var current: [UInt8] = []
        var inString = false
        var escaped = false
        var depth = 0
        for byte in bytes.dropFirst().dropLast() {
            if inString {
                current.append(byte)
                if escaped {
                    escaped = false
                } else if byte == UInt8(ascii: "\\") {
                    escaped = true
                } else if byte == UInt8(ascii: "\"") {
                    inString = false
                }
            } else if byte == UInt8(ascii: ","), depth == 0 {
                elements.append(current)
                current = []
            } else {
                switch byte {
                case UInt8(ascii: "\""): inString = true
                case UInt8(ascii: "["), UInt8(ascii: "{"): depth += 1
                case UInt8(ascii: "]"), UInt8(ascii: "}"): depth -= 1
                default: break
                }
                current.append(byte)
            }
        }
        if !current.isEmpty || !elements.isEmpty { elements.append(current) }
        return elements
    }
}
