import Foundation
import Sift

/// The queries of one input, split at each `;` outside brackets, braces and literals, so that
/// `User where age > 90; User where age < 15` runs two queries, as sqlite3's shell runs two
/// statements.
enum QuerySplitter {
    /// The queries of `text`, each padded (earlier lines kept as line breaks, earlier text on its
    /// first line as spaces) so that its diagnostics point at the lines and columns of the input.
    /// An input with one query (the usual case), or one the lexer cannot read, is returned whole.
    static func split(_ text: String) -> [String] {
        let source = SourceFile(text: text)
        let lexed = Lexer.tokenize(source)
        guard lexed.diagnostics.isEmpty, lexed.tokens.contains(where: { $0.kind == .semicolon }) else { return [text] }
        var boundaries: [Int] = []
        var depth = 0
        for token in lexed.tokens {
            switch token.kind {
            case .leftParen, .leftBracket, .leftBrace: depth += 1
            case .rightParen, .rightBracket, .rightBrace: depth = max(0, depth - 1)
            case .semicolon where depth == 0: boundaries.append(token.range.start)
            default: break
            }
        }
        let bytes = source.bytes
        var pieces: [(start: Int, end: Int)] = []
        var start = 0
        for boundary in boundaries + [bytes.count] {
            let tokensInside = lexed.tokens.contains { $0.kind != .endOfFile && $0.kind != .semicolon && $0.range.start >= start && $0.range.end <= boundary }
            if tokensInside { pieces.append((start, boundary)) }
            start = boundary + 1
        }
        guard !pieces.isEmpty else { return [text] }
        // A fetch script's statements on the variable its first piece declares
        // (`let request = …; request.fetchLimit = 3`) belong to that piece's query.
        var merged: [(start: Int, end: Int)] = []
        var variable: String?
        for piece in pieces {
            let pieceText = String(decoding: bytes[piece.start..<piece.end], as: UTF8.self)
            if let variable, !merged.isEmpty, ScriptStatements.continues(pieceText.drop(while: \.isWhitespace).description, variable: variable) {
                merged[merged.count - 1].end = piece.end
                continue
            }
            merged.append(piece)
            variable = ScriptStatements.declaredVariable(in: pieceText)
        }
        pieces = merged
        return pieces.map { piece in
            var padded = [UInt8]()
            padded.reserveCapacity(piece.end)
            for byte in bytes[..<piece.start] { padded.append(byte == UInt8(ascii: "\n") ? byte : UInt8(ascii: " ")) }
            // Spaces after the last line break before the piece stand in for the text before it.
            if let lastBreak = padded.lastIndex(of: UInt8(ascii: "\n")) {
                padded = Array(padded[...lastBreak].filter { $0 == UInt8(ascii: "\n") }) + padded[(lastBreak + 1)...]
            }
            padded += bytes[piece.start..<piece.end]
            return String(decoding: padded, as: UTF8.self)
        }
    }
}
