/// The text columns a query's lowered values are, numbered by ``ColumnReference``, with what the
/// facts said of each once asked and what the SQL assumed of it.
///
/// One list carries the candidates for facts and both kinds of assumption, each in the order of
/// first use, and moves whole into the ``CompiledQuery``: no lists of names built as the
/// lowering goes and copied into the result.
struct TextColumnFacts: Sendable, Hashable {
    /// The columns, in order of first reference.
    private(set) var columns: [TextColumn] = []
    /// How many of ``columns`` were asked about (their ``TextColumn/askedAt`` run from 0).
    private(set) var askedCount: Int32 = 0
    /// How many are assumed NFC only, and NFC or NFD (their orders of first assumption run from 0).
    private(set) var nfcAssumedCount: Int32 = 0
    private(set) var nfcOrNFDAssumedCount: Int32 = 0
    /// How many are assumed ASCII only (portable SQL).
    private(set) var asciiAssumedCount: Int32 = 0

    /// The reference to the column `key` (`table.column`), numbered on first use.
    mutating func reference(key: String) -> ColumnReference {
        if let index = columns.firstIndex(where: { $0.key == key }) { return ColumnReference(index: Int32(truncatingIfNeeded: index)) }
        columns.append(TextColumn(key: key))
        return ColumnReference(index: Int32(truncatingIfNeeded: columns.count - 1))
    }

    /// `table.column` of a referenced column.
    func key(of column: ColumnReference) -> String { columns[Int(column.index)].key }

    /// What was found for the column when first asked, or nil when it was not asked yet.
    func answer(for column: ColumnReference) -> KnownTextForm?? {
        let entry = columns[Int(column.index)]
        if entry.isNFCByConstruction { return .some(.nfc) }
        return entry.askedAt >= 0 ? .some(entry.form) : nil
    }

    /// Marks the column as holding NFC text by the SQL's own making (a named sub-query's string):
    /// known NFC, but neither a candidate for facts nor an assumption about the data.
    mutating func markNFCByConstruction(_ column: ColumnReference) {
        columns[Int(column.index)].isNFCByConstruction = true
    }

    /// Whether the facts said the column holds only ASCII text (once asked).
    func isASCII(_ column: ColumnReference) -> Bool { columns[Int(column.index)].isASCII }

    /// Records what the facts say of the column, which makes it a candidate for facts.
    mutating func record(_ form: KnownTextForm?, isASCII: Bool = false, for column: ColumnReference) {
        let index = Int(column.index)
        guard columns[index].askedAt < 0 else { return }
        columns[index].form = form
        columns[index].isASCII = isASCII
        columns[index].askedAt = askedCount
        askedCount += 1
    }

    /// Records that the SQL relies on the column holding its text in `form` (once).
    mutating func assume(_ form: KnownTextForm, for column: ColumnReference) {
        let index = Int(column.index)
        guard !columns[index].isNFCByConstruction else { return }
        switch form {
        case .nfc:
            guard columns[index].nfcAssumedAt < 0 else { return }
            columns[index].nfcAssumedAt = nfcAssumedCount
            nfcAssumedCount += 1
        case .nfcOrNFD:
            guard columns[index].nfcOrNFDAssumedAt < 0 else { return }
            columns[index].nfcOrNFDAssumedAt = nfcOrNFDAssumedCount
            nfcOrNFDAssumedCount += 1
        case .ascii:
            guard columns[index].asciiAssumedAt < 0 else { return }
            columns[index].asciiAssumedAt = asciiAssumedCount
            asciiAssumedCount += 1
        }
    }

    /// Whether the SQL relies on any column's form.
    var hasAssumptions: Bool { nfcAssumedCount > 0 || nfcOrNFDAssumedCount > 0 || asciiAssumedCount > 0 }

    /// The columns asked about, in the order they were asked.
    var candidates: [String] { keys(count: askedCount) { $0.askedAt } }

    /// Whether a column asked about (given no form by the facts, with `skippingAnswered`)
    /// satisfies `predicate` (without building ``candidates``).
    func containsCandidate(skippingAnswered: Bool, where predicate: (String) -> Bool) -> Bool {
        columns.contains { $0.askedAt >= 0 && !(skippingAnswered && $0.form != nil) && predicate($0.key) }
    }

    /// The columns assumed to hold their text in `form`, in the order of first assumption.
    func assumptions(_ form: KnownTextForm) -> [String] {
        switch form {
        case .nfc: keys(count: nfcAssumedCount) { $0.nfcAssumedAt }
        case .nfcOrNFD: keys(count: nfcOrNFDAssumedCount) { $0.nfcOrNFDAssumedAt }
        case .ascii: keys(count: asciiAssumedCount) { $0.asciiAssumedAt }
        }
    }

    /// Equal when the lists a compiled query shows are (columns referenced but never asked about,
    /// and what was found of a column the SQL did not rely on, do not count).
    static func == (lhs: TextColumnFacts, rhs: TextColumnFacts) -> Bool {
        lhs.candidates == rhs.candidates && lhs.assumptions(.nfc) == rhs.assumptions(.nfc)
            && lhs.assumptions(.nfcOrNFD) == rhs.assumptions(.nfcOrNFD) && lhs.assumptions(.ascii) == rhs.assumptions(.ascii)
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(candidates)
        hasher.combine(assumptions(.nfc))
        hasher.combine(assumptions(.nfcOrNFD))
        hasher.combine(assumptions(.ascii))
    }

    /// The keys of the `count` columns whose `order` runs from 0, in that order.
    private func keys(count: Int32, order: (TextColumn) -> Int32) -> [String] {
        guard count > 0 else { return [] }
        var keys = [String](repeating: "", count: Int(count))
        for column in columns {
            let place = order(column)
            if place >= 0 { keys[Int(place)] = column.key }
        }
        return keys
    }
}

/// A text column a query's values are (`table.column`, as the facts name it), what the facts say
/// of its text's forms once asked (``LoweringContext/knownForm(of:)``), and the places in the
/// orders of first use; -1 where not (yet).
struct TextColumn: Sendable, Hashable {
    var key: String
    var form: KnownTextForm?
    var askedAt: Int32 = -1
    var nfcAssumedAt: Int32 = -1
    var nfcOrNFDAssumedAt: Int32 = -1
    var asciiAssumedAt: Int32 = -1
    /// The facts say it holds only ASCII text (read by portable SQL only).
    var isASCII = false
    /// NFC by the SQL's own making (``TextColumnFacts/markNFCByConstruction(_:)``).
    var isNFCByConstruction = false
}

/// The forms a text column is known to hold its text in.
enum KnownTextForm: Sendable, Hashable {
    /// NFC only: the bare column compares (and sorts) as Swift does.
    case nfc
    /// Each text in NFC or in NFD, never another form.
    case nfcOrNFD
    /// ASCII only, without NUL or carriage return (so also NFC): each byte is a character, and
    /// SQLite's byte-wise text functions give Swift's answers. Assumed by portable SQL only.
    case ascii
}
