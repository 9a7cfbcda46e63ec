import Foundation
import SiftTestSupport

/// PostgreSQL's answers for generated texts: `sift.length`, `sift.contains`, `sift.has_prefix` and
/// `sift.has_suffix` of each haystack and needle, as text (`"3"`, `"true"`), in the cases' order,
/// all sent in one statement as a JSON array.
enum PostgresStringFunctionAnswers {
    static func rows(_ connection: PlainPostgresConnection, _ cases: [(haystack: String, needle: String)]) throws -> [[String?]] {
        let json = try JSONSerialization.data(withJSONObject: cases.enumerated().map { ["i": $0.offset, "h": $0.element.haystack, "n": $0.element.needle] })
        return try connection.rows(
            """
            SELECT sift.length(h)::text, sift.contains(h, n)::text, sift.has_prefix(h, n)::text, sift.has_suffix(h, n)::text
            FROM jsonb_to_recordset($1::jsonb) AS t(i int, h text, n text) ORDER BY i
            """,
            parameters: [String(decoding: json, as: UTF8.self)])
    }
}
