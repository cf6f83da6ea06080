import Foundation
import Synchronization
import ThemeBenchSupport
import ThemeKit
import ThemeLSP
import ThemeLint

/// What the server wrote, counted (the benchmark reads nothing of it but its size).
private final class Written: Sendable {
    let bytes = Atomic<Int>(0)
}

/// `themekit lsp`'s latencies on a 2,000-key theme with a parent on disk, in process: a
/// `didChange` message in to its `publishDiagnostics` out (the JSON decoded, the buffer
/// linted, the answer encoded and written), and a hover, answered from the theme the last
/// answer built and after an edit (the theme built again first, on the server's worker in
/// `themekit lsp`, here in line: message in to answer out). The baseline is `ThemeLinter.lint` of the same theme
/// from disk: the engine alone. Two shapes: a child that overrides its parent's 2,000 keys
/// (clean: the common case while editing), and the load benchmark's child, whose 2,000 keys
/// are all new to its parent (2,000 `unknown_override` warnings, each with its "did you
/// mean": the most the server has to send).
func lspRows(workspace: String) throws -> [Row] {
    let folder = workspace + "/lsp"
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    let generator = ThemeGenerator(keys: 2_000, seed: 3)
    try Data(ThemeGenerator(keys: 2_000, seed: 4).standalone().utf8).write(
        to: URL(fileURLWithPath: folder + "/overridden-base.plist"))
    try Data(generator.standalone(inheriting: "overridden-base").utf8).write(
        to: URL(fileURLWithPath: folder + "/overridden.plist"))
    _ = try Inputs(keys: 2_000, name: "added", directory: folder, seed: 3)
    return try lspRows(folder: folder, name: "overridden", shape: "2,000 keys overriding the parent's")
        + lspRows(folder: folder, name: "added", shape: "2,000 keys new to the parent, as many warnings")
}

private func lspRows(folder: String, name: String, shape: String) throws -> [Row] {
    let path = folder + "/\(name).plist"
    let uri = URL(fileURLWithPath: path).absoluteString
    let original = try String(contentsOfFile: path, encoding: .utf8)
    let edited = original.replacingOccurrences(
        of: "</dict>", with: "<key>zzAddedColor</key><string>#123456</string>\n</dict>")
    func body(_ message: [String: Any]) throws -> [UInt8] {
        Array(try JSONSerialization.data(withJSONObject: message))
    }
    func change(_ text: String, version: Int) throws -> [UInt8] {
        try body([
            "jsonrpc": "2.0", "method": "textDocument/didChange",
            "params": ["textDocument": ["uri": uri, "version": version], "contentChanges": [["text": text]]],
        ])
    }
    let changes = [try change(edited, version: 2), try change(original, version: 3)]
    // A hover on the value of the 1,000th key.
    let lines = original.components(separatedBy: "\n")
    let keyLines = lines.indices.filter { lines[$0].contains("<key>") && !lines[$0].contains("INHERITED_THEME") }
    let hoverLine = keyLines[min(1_000, keyLines.count - 1)] + 1
    let hover = try body([
        "jsonrpc": "2.0", "id": 7, "method": "textDocument/hover",
        "params": ["textDocument": ["uri": uri], "position": ["line": hoverLine, "character": 10]],
    ])

    let written = Written()
    let server = LanguageServer(writer: MessageWriter { written.bytes.add($0.count, ordering: .relaxed) })
    server.handle(
        .body(try body(["jsonrpc": "2.0", "id": 1, "method": "initialize", "params": ["rootUri": NSNull()]])))
    server.handle(
        .body(
            try body([
                "jsonrpc": "2.0", "method": "textDocument/didOpen",
                "params": ["textDocument": ["uri": uri, "languageId": "xml", "version": 1, "text": original]],
            ])))
    server.publishStaleDiagnostics()
    log("themekit lsp, \(shape): didChange → publishDiagnostics, hover…")
    var turn = 0
    let relint = median(runs: 60) {
        server.handle(.body(changes[turn % 2]))
        server.publishStaleDiagnostics()
        turn += 1
    }
    let before = written.bytes.load(ordering: .relaxed)
    // The first hover waits for the theme to be built (by the worker in the server): built
    // here, as it is answered.
    server.handle(.body(hover))
    server.answerWaitingRequests()
    // The hover must have found the key: an empty answer is a few dozen bytes.
    guard written.bytes.load(ordering: .relaxed) - before > 200 else {
        log("themebench: the hover on line \(hoverLine) of \(name).plist answered nothing")
        finish(1)
    }
    // Answered on the server's worker (here in line), from the snapshot kept.
    let cachedHover = median(runs: 200) {
        server.handle(.body(hover))
        server.answerWaitingRequests()
    }
    let hoverAfterEdit = median(runs: 60) {
        server.handle(.body(changes[turn % 2]))
        turn += 1
        server.handle(.body(hover))
        server.answerWaitingRequests()
    }
    let linter = ThemeLinter(currentDirectory: folder)
    let engine = median(runs: 60) { sink &+= (try? linter.lint(paths: [path]))?.diagnostics.count ?? 0 }
    sink &+= written.bytes.load(ordering: .relaxed)

    func row(_ name: String, _ nanoseconds: Double, limit milliseconds: Double) -> Row {
        Row(
            name: name, themeKit: format(nanoseconds: nanoseconds), baseline: format(nanoseconds: engine),
            baselineName: "ThemeLinter.lint of the file on disk", ratio: nanoseconds / engine,
            ratioText: String(format: "%.2fx the engine", nanoseconds / engine),
            target: String(format: "≤ %.0f ms", milliseconds), holds: nanoseconds <= milliseconds * 1e6,
            themeKitNanoseconds: nanoseconds, baselineNanoseconds: engine)
    }
    return [
        row("lsp: didChange → publishDiagnostics, \(shape)", relint, limit: 20),
        row("lsp: hover, \(shape) (theme built by the last answer)", cachedHover, limit: 5),
        row("lsp: hover after a didChange, \(shape)", hoverAfterEdit, limit: 5),
    ]
}

/// `themebench --scaling-lsp-open DIR`: the language server, in process, opening every theme
/// of DIR in order, each theme's diagnostics published before the next is opened (an editor
/// restoring a session of many themes); the bytes it wrote. Opening changes no file, so the
/// work is one lint per theme opened.
func lspOpenEach(folder: String) throws -> Int {
    let written = Written()
    let server = LanguageServer(writer: MessageWriter { written.bytes.add($0.count, ordering: .relaxed) })
    func body(_ message: [String: Any]) throws -> [UInt8] {
        Array(try JSONSerialization.data(withJSONObject: message))
    }
    let root = URL(fileURLWithPath: folder).absoluteString
    server.handle(
        .body(try body(["jsonrpc": "2.0", "id": 1, "method": "initialize", "params": ["rootUri": root]])))
    let names = try FileManager.default.contentsOfDirectory(atPath: folder).filter {
        $0.hasSuffix(".plist") || $0.hasSuffix(".tokens.json")
    }.sorted()
    for name in names {
        let path = folder + "/" + name
        let text = try String(contentsOfFile: path, encoding: .utf8)
        let document: [String: Any] = [
            "uri": URL(fileURLWithPath: path).absoluteString, "languageId": "xml", "version": 1, "text": text,
        ]
        server.handle(
            .body(
                try body([
                    "jsonrpc": "2.0", "method": "textDocument/didOpen", "params": ["textDocument": document],
                ])))
        server.publishStaleDiagnostics()
        guard name.hasSuffix(".tokens.json"), let last = text.range(of: "\"t", options: .backwards) else { continue }
        // A tokens file is hovered on its last token's name, then asked its colors.
        let line = text[..<last.lowerBound].filter { $0 == "\n" }.count
        let lineStart = text[..<last.lowerBound].lastIndex(of: "\n").map { text.index(after: $0) } ?? text.startIndex
        let position = ["line": line, "character": text[lineStart..<last.lowerBound].utf16.count + 2]
        let uri = URL(fileURLWithPath: path).absoluteString
        server.handle(
            .body(
                try body([
                    "jsonrpc": "2.0", "id": 2, "method": "textDocument/hover",
                    "params": ["textDocument": ["uri": uri], "position": position],
                ])))
        server.handle(
            .body(
                try body([
                    "jsonrpc": "2.0", "id": 3, "method": "textDocument/documentColor",
                    "params": ["textDocument": ["uri": uri]],
                ])))
        server.answerWaitingRequests()
    }
    return written.bytes.load(ordering: .relaxed)
}
