import Foundation
import Sift
import SiftSQLite
import SiftREPL
import Testing

/// `.param` literals, ISO-8601 dates and how values are shown.
@Suite struct ValueTests {
    @Test(arguments: [
        ("\"Kim\"", ParameterValue.string("Kim")),
        ("\"tab\\tquote\\\"\"", .string("tab\tquote\"")),
        ("42", .int(42)),
        ("-7", .int(-7)),
        ("1_000", .int(1000)),
        ("0x2A", .int(42)),
        ("1.5", .double(1.5)),
        ("-0.25", .double(-0.25)),
        ("true", .bool(true)),
        ("false", .bool(false)),
        ("nil", .null),
        ("2026-01-01", .date(Date(timeIntervalSince1970: 1_767_225_600))),
        ("2026-01-01T09:30:00Z", .date(Date(timeIntervalSince1970: 1_767_259_800))),
        ("2026-01-01T18:30:00+09:00", .date(Date(timeIntervalSince1970: 1_767_259_800))),
        ("E621E1F8-C36C-495A-93FC-0C247A3E6E5F", .uuid(UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F")!)),
    ])
    func parameterLiterals(_ text: String, _ expected: ParameterValue) throws {
        #expect(try ParameterValue.parseLiteral(text) == expected)
    }

    @Test(arguments: ["", "kim", "1 2", "\"open", "2026-13-01", "2026-02-30", "-true", "99999999999999999999"])
    func notParameterLiterals(_ text: String) {
        #expect(throws: ParameterLiteralError.self) { try ParameterValue.parseLiteral(text) }
    }

    @Test func parameterTypes() throws {
        #expect(try ParameterValue.parseLiteral("30").literalType == .int)
        #expect(try ParameterValue.parseLiteral("30.0").literalType == .double)
        #expect(try ParameterValue.parseLiteral("2026-01-01").literalType == .date)
        #expect(try ParameterValue.parseLiteral("nil").literalType == nil)
    }

    @Test func isoDates() {
        #expect(ISODate.format(Date(timeIntervalSince1970: 0)) == "1970-01-01T00:00:00.000Z")
        #expect(ISODate.format(Date(timeIntervalSince1970: 1_773_480_600)) == "2026-03-14T09:30:00.000Z")
        #expect(ISODate.format(Date(timeIntervalSince1970: -0.001)) == "1969-12-31T23:59:59.999Z")
        #expect(ISODate.format(Date(timeIntervalSinceReferenceDate: 0.25)) == "2001-01-01T00:00:00.250Z")
        #expect(ISODate.format(ISODate.parse("2024-02-29 23:59:59.999")!) == "2024-02-29T23:59:59.999Z")
        #expect(ISODate.parse("2023-02-29") == nil)
        #expect(ISODate.parse("2026-03-14T09:30") == Date(timeIntervalSince1970: 1_773_480_600))
        #expect(ISODate.parse("2026-03-14T09:30:00Zjunk") == nil)
    }

    @Test func displayText() {
        #expect(DecodedValue.bool(true).displayText(null: "") == "true")
        #expect(DecodedValue.double(3).displayText(null: "") == "3.0")
        #expect(DecodedValue.null.displayText(null: "NULL") == "NULL")
        #expect(DecodedValue.enumCase(name: "high", rawValue: "3").displayText(null: "") == "high")
        #expect(DecodedValue.data([0, 255]).displayText(null: "") == "X'00FF'")
        #expect(DecodedValue.undecodable(.blob([0, 255])).displayText(null: "") == "X'00FF'")
        #expect(DecodedValue.undecodable(.text("x")).displayText(null: "") == "x")
        #expect(DecodedValue.int(1).isNumeric && DecodedValue.undecodable(.real(1)).isNumeric && !DecodedValue.string("1").isNumeric)
    }

    @Test func cellText() {
        #expect(CellText.width("김민준") == 6)
        #expect(CellText.width("José") == 4)
        #expect(CellText.truncate("abcdef", toWidth: 4) == "abc…")
        #expect(CellText.truncate("김민준", toWidth: 5) == "김민…")
        #expect(CellText.truncate("김민준", toWidth: 6) == "김민준")
        #expect(CellText.pad("김", to: 4) == "김  ")
        #expect(CellText.pad("1", to: 3, rightAligned: true) == "  1")
        #expect(CellText.singleLine("a\nb\tc\u{1}") == "a\\nb\\tc\\u{1}")
    }

    @Test func resultRendering() {
        let result = ResultSet(
            columns: [ResultColumn(name: "q", typeDescription: "String")],
            rows: [[.string("a,b")], [.string("say \"hi\"")], [.string(" padded")], [.null], [.string("\u{1}\u{2028}")]])
        var settings = REPLSettings(mode: .csv)
        settings.nullValue = "-"
        #expect(
            ResultPrinterProbe.render(result, settings) == "q\n\"a,b\"\n\"say \"\"hi\"\"\"\n\" padded\"\n-\n\u{1}\u{2028}\n")
        settings.mode = .json
        #expect(
            ResultPrinterProbe.render(result, settings)
                == "[\n  {\"q\": \"a,b\"},\n  {\"q\": \"say \\\"hi\\\"\"},\n  {\"q\": \" padded\"},\n  {\"q\": null},\n  {\"q\": \"\\u0001\\u2028\"}\n]\n")
    }
}

/// Renders a whole result through a session in batch mode (the printers are internal).
enum ResultPrinterProbe {
    static func render(_ result: ResultSet, _ settings: REPLSettings) -> String {
        final class Canned: QueryEngine {
            let result: ResultSet
            init(_ result: ResultSet) { self.result = result }
            var schema: Schema { Schema(models: []) }
            var location: String { "canned" }
            var interruptHandle: InterruptHandle? { nil }
            func compile(_ source: SourceFile, parameters: [String: ParameterValue]) -> EngineCompilation {
                let model = Model(name: "Q", tableName: "q", primaryKey: ["rowid"], style: .introspected)
                let checked = CheckedQuery(
                    model: model, root: VariableID(0), tree: TypedTree(), filter: nil, sort: [], limit: nil, offset: nil, variables: [],
                    parameters: [], form: .concise)
                return EngineCompilation(source: source, checked: checked, sql: "SELECT q FROM q", columns: result.columns)
            }
            func run(_ compilation: EngineCompilation, onRow: (ResultRow) throws -> Void) throws {
                for row in result.rows { try onRow(row) }
            }
            func queryPlan(_ compilation: EngineCompilation) throws -> [QueryPlanRow] { [] }
            func reopen(path: String, writable: Bool) throws {}
        }
        let sink = StringSink()
        let session = REPLSession(
            engine: Canned(result), console: REPLConsole(output: sink, error: sink), settings: settings)
        _ = session.run(reader: ScriptedLineReader(lines: ["Q"]))
        return sink.text
    }
}
