/// `table` mode: a grid drawn with ASCII characters only.
///
/// ```text
/// +----+------+
/// | id | name |
/// +----+------+
/// |  1 | Kim  |
/// +----+------+
/// (1 row)
/// ```
enum TableRenderer {
    static func render(_ layout: GridLayout, headers: Bool) -> String {
        let rule = layout.rule(left: "+", fill: "-", junction: "+", right: "+")
        var out = rule
        if headers { out += layout.line(layout.headers, vertical: "|") + rule }
        for row in layout.rows { out += layout.line(row, vertical: "|") }
        return out + rule
    }
}
