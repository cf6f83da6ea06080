// The few LSP types the server reads and writes, as the specification (3.17) names their
// fields. Only what the server uses is modelled; the rest of a message is ignored.

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

/// A stretch of a document, its end exclusive (LSP's `Range`, named so as not to hide
/// `Swift.Range`).
package struct LSPRange: Codable, Sendable, Hashable {
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
    package var range: LSPRange
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
    var range: LSPRange?
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
    var id: RequestID
}

/// A request's id: an integer or a string, as LSP 3.17 says (`integer | string`); written back
/// in an answer as it came.
enum RequestID: Codable, Sendable, Hashable {
    case number(Int)
    case string(String)

    /// Decodes an integer or a string; any other JSON (a fraction, a boolean, an array, an
    /// object, null) throws.
    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let number = try? container.decode(Int.self) {
            self = .number(number)
        } else {
            self = .string(try container.decode(String.self))
        }
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .number(let number): try container.encode(number)
        case .string(let text): try container.encode(text)
        }
    }
}

/// A color, each component in 0…1.
struct LSPColor: Codable, Hashable {
    var red: Double
    var green: Double
    var blue: Double
    var alpha: Double
}

struct ColorInformation: Codable {
    var range: LSPRange
    var color: LSPColor
}

struct ColorPresentationParams: Codable {
    var textDocument: TextDocumentIdentifier
    var color: LSPColor
    var range: LSPRange
}

struct TextEdit: Codable {
    var range: LSPRange
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
    var range: LSPRange?
}

/// LSP 3.17's `CompletionItemKind`, by its numbers. The server gives keys as `field`, color
/// keys as `color`, other keys as values as `constant`, and theme names as `file`.
enum CompletionItemKind: Int, Codable {
    case text = 1
    case method = 2
    case function = 3
    case constructor = 4
    case field = 5
    case variable = 6
    case `class` = 7
    case interface = 8
    case module = 9
    case property = 10
    case unit = 11
    case value = 12
    case `enum` = 13
    case keyword = 14
    case snippet = 15
    case color = 16
    case file = 17
    case reference = 18
    case folder = 19
    case enumMember = 20
    case constant = 21
    case `struct` = 22
    case event = 23
    case `operator` = 24
    case typeParameter = 25
}

struct CompletionItem: Codable {
    var label: String
    var kind: CompletionItemKind?
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
    var range: LSPRange
    var severity: DiagnosticSeverity
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

/// LSP 3.17's `DiagnosticSeverity`: the linter's errors and warnings are the first two.
enum DiagnosticSeverity: Int, Codable, Sendable {
    case error = 1
    case warning = 2
    case information = 3
    case hint = 4
}

// MARK: What the server sends of its own

/// The `initialize` result.
struct InitializeResult: Encodable {
    struct ServerInfo: Encodable {
        var name: String
        var version: String
    }
    var capabilities: ServerCapabilities
    var serverInfo: ServerInfo
}

/// What the server can do, as LSP 3.17's `ServerCapabilities` names it; what it cannot do is
/// left out.
struct ServerCapabilities: Encodable {
    /// LSP 3.17's `TextDocumentSyncKind`.
    enum TextDocumentSyncKind: Int, Encodable {
        case none = 0
        case full = 1
        case incremental = 2
    }
    struct TextDocumentSyncOptions: Encodable {
        var openClose: Bool
        var change: TextDocumentSyncKind
    }
    struct CompletionOptions: Encodable {
        var triggerCharacters: [String]
    }
    /// The encoding agreed (`utf-8`, `utf-16` or `utf-32`).
    var positionEncoding: String
    /// Whole documents on every change: the server takes ranges too, but asks for none.
    var textDocumentSync = TextDocumentSyncOptions(openClose: true, change: .full)
    var hoverProvider = true
    var definitionProvider = true
    var colorProvider = true
    /// `@` starts an alias, `>` the text of an element.
    var completionProvider = CompletionOptions(triggerCharacters: ["@", ">"])
}

/// `client/registerCapability`'s parameters.
struct RegistrationParams: Encodable {
    struct Registration: Encodable {
        var id: String
        var method: String
        var registerOptions: DidChangeWatchedFilesRegistrationOptions
    }
    var registrations: [Registration]
}

/// The files whose changes the client reports (`workspace/didChangeWatchedFiles`).
struct DidChangeWatchedFilesRegistrationOptions: Encodable {
    struct FileSystemWatcher: Encodable {
        var globPattern: String
    }
    var watchers: [FileSystemWatcher]
}

/// `window/showMessage`'s parameters.
struct ShowMessageParams: Encodable {
    /// LSP 3.17's `MessageType`.
    enum MessageType: Int, Encodable {
        case error = 1
        case warning = 2
        case info = 3
        case log = 4
    }
    var type: MessageType
    var message: String
}
