// The few LSP types the server reads and writes, as the specification (3.17) names their
// fields. Only what the server uses is modelled; the rest of a message is ignored.

import ThemeLint
import ThemeSupport

/// A place in a document: a 0-based line and a 0-based character in the agreed encoding.
package struct Position: Codable, Sendable, Hashable, Comparable {
    package var line: Int
    package var character: Int

    package init(line: Int, character: Int) {
        self.line = line
        self.character = character
    }

    package static func < (lhs: Position, rhs: Position) -> Bool {
        (lhs.line, lhs.character) < (rhs.line, rhs.character)
    }
}

/// A stretch of a document, its end exclusive.
package struct Range: Codable, Sendable, Hashable {
    package var start: Position
    package var end: Position

    package init(start: Position, end: Position) {
        self.start = start
        self.end = end
    }
}

/// A place in some document.
package struct Location: Codable, Sendable, Hashable {
    package var uri: String
    package var range: Range
}

struct TextDocumentIdentifier: Codable {
    var uri: String
}

struct TextDocumentItem: Codable {
    var uri: String
    var languageId: String?
    var version: Int?
    var text: String
}

struct DidOpenParams: Codable {
    var textDocument: TextDocumentItem
}

struct VersionedTextDocumentIdentifier: Codable {
    var uri: String
    var version: Int?
}

struct ContentChange: Codable {
    /// Present for an incremental change; the server asks for whole documents, but takes
    /// either.
    var range: Range?
    var text: String
}

struct DidChangeParams: Codable {
    var textDocument: VersionedTextDocumentIdentifier
    var contentChanges: [ContentChange]
}

struct DidCloseParams: Codable {
    var textDocument: TextDocumentIdentifier
}

struct TextDocumentPositionParams: Codable {
    var textDocument: TextDocumentIdentifier
    var position: Position
}

struct TextDocumentParams: Codable {
    var textDocument: TextDocumentIdentifier
}

struct FileEvent: Codable {
    var uri: String
    var type: Int
}

struct DidChangeWatchedFilesParams: Codable {
    var changes: [FileEvent]
}

/// `$/cancelRequest`: the request to cancel.
struct CancelParams: Codable {
    var id: JSONValue
}

/// A color, each component in 0…1.
struct LSPColor: Codable, Hashable {
    var red: Double
    var green: Double
    var blue: Double
    var alpha: Double
}

struct ColorInformation: Codable {
    var range: Range
    var color: LSPColor
}

struct ColorPresentationParams: Codable {
    var textDocument: TextDocumentIdentifier
    var color: LSPColor
    var range: Range
}

struct TextEdit: Codable {
    var range: Range
    var newText: String
}

struct ColorPresentation: Codable {
    var label: String
    var textEdit: TextEdit?
}

struct MarkupContent: Codable {
    var kind = "markdown"
    var value: String
}

struct Hover: Codable {
    var contents: MarkupContent
    var range: Range?
}

struct CompletionItem: Codable {
    var label: String
    /// LSP's CompletionItemKind: 5 field (a key), 16 color, 17 file (a theme), 21 constant.
    var kind: Int?
    var detail: String?
    /// What replaces the text typed so far in the element: an editor's idea of a word would
    /// stop at the `@`, `.`, `:` or `/` a key may hold.
    var textEdit: TextEdit?
}

struct CompletionList: Codable {
    var isIncomplete = false
    var items: [CompletionItem]
}

struct LSPDiagnostic: Codable, Sendable {
    struct Related: Codable, Sendable {
        var location: Location
        var message: String
    }
    var range: Range
    /// 1 error, 2 warning.
    var severity: Int
    var code: String
    var source = "themelint"
    var message: String
    var relatedInformation: [Related]?
}

struct PublishDiagnosticsParams: Codable, Sendable {
    var uri: String
    var version: Int?
    var diagnostics: [LSPDiagnostic]
}
