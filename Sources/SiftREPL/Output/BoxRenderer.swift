/// `box` mode: a grid drawn with Unicode box-drawing characters.
///
/// ```text
/// ┌────┬──────┐
/// │ id │ name │
/// ├────┼──────┤
/// │  1 │ Kim  │
/// └────┴──────┘
/// (1 row)
/// ```
enum BoxRenderer {
    static func render(_ layout: GridLayout, headers: Bool) -> String {
        var out = layout.rule(left: "┌", fill: "─", junction: "┬", right: "┐")
        if headers {
            out += layout.line(layout.headers, vertical: "│")
            out += layout.rule(left: "├", fill: "─", junction: "┼", right: "┤")
        }
        for row in layout.rows { out += layout.line(row, vertical: "│") }
        return out + layout.rule(left: "└", fill: "─", junction: "┴", right: "┘")
    }
}
