// libFuzzer entry point for ThemeKit's reader and its whole load path.
//
// Not part of the package: `Scripts/fuzz.sh` compiles this file together with
// Sources/ThemeKit/**/*.swift into one module with `swiftc -sanitize=fuzzer,address`.
// It uses ThemeKit's public API, and the internal `PropertyListDocument.text` only to
// check that positions fall inside the text.
//
// One input is:
//   (a) read whole by `PropertyListReader` and checked by `ThemeFile`;
//   (b) split on `separator` into up to `maxParts` files, loaded from memory by
//       `ThemeLoader.analyze("child", reader:)`: the first part is child.plist, and each
//       parent the lineage asks for next (whatever its name) gets the next part, so
//       inheritance, aliases and typed values are fuzzed whatever names the input uses;
//   (c) every diagnostic is rendered.
// Cheap invariants are checked along the way; a broken one traps, so libFuzzer reports it.

import Synchronization

/// Splits the input into theme files.
let separator: [UInt8] = Array("%%%%".utf8)
let maxParts = 3
let directory = "/fuzz"

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let reader = PropertyListReader()

    // (a) The reader and the file checks on the whole input.
    let whole = ThemeFile(reader.parse(bytes, file: "whole.plist"))
    check(whole)
    check(whole.diagnostics, in: [whole])

    // (b) The whole load path, from memory.
    let parts = split(bytes)
    let options = ThemeOptions(alphaOrder: size % 2 == 0 ? .alphaLast : .alphaFirst)
    let loader = ThemeLoader(directory: directory, options: options)
    let full = loader.analyze("child", reader: memoryReader(parts))
    let lint = loader.analyze("child", producesTheme: false, reader: memoryReader(parts))
    check(full, lint: lint)

    // (c) Rendering.
    var rendered = 0
    for diagnostic in whole.diagnostics + full.diagnostics {
        let text = diagnostic.rendered
        guard text.hasPrefix(diagnostic.summary) else {
            trap("rendered text does not start with the summary", diagnostic)
        }
        rendered &+= text.utf8.count
    }
    if !full.diagnostics.isEmpty {
        rendered &+= ThemeError(full.diagnostics).description.utf8.count
    }
    blackHole(rendered)
    return 0
}

// MARK: Input

func split(_ bytes: [UInt8]) -> [[UInt8]] {
    var parts: [[UInt8]] = []
    var start = 0
    var index = 0
    while parts.count < maxParts - 1, index + separator.count <= bytes.count {
        if bytes[index..<index + separator.count].elementsEqual(separator) {
            parts.append(Array(bytes[start..<index]))
            index += separator.count
            start = index
        } else {
            index += 1
        }
    }
    parts.append(Array(bytes[start...]))
    return parts
}

/// Serves `parts` in the order the loader asks for paths, each parsed under the path
/// asked; a later ask is a missing file. The loader never asks for one path twice (it
/// stops at a cycle first), and a fresh reader is made for each analysis.
func memoryReader(_ parts: [[UInt8]]) -> ThemeLoader.FileReader {
    let served = Mutex<[String: Int]>([:])
    return { path in
        let index = served.withLock { served -> Int in
            if let index = served[path] { return index }
            let index = served.count
            served[path] = index
            return index
        }
        guard index < parts.count else {
            return .failure(ThemeError(Diagnostic(.ioError, "no such file", at: .wholeFile(path))))
        }
        return .success(ThemeFile(PropertyListReader().parse(parts[index], file: path)))
    }
}

// MARK: Invariants

func trap(_ what: String, _ diagnostic: Diagnostic? = nil) -> Never {
    fatalError("fuzz invariant: \(what)\(diagnostic.map { "\n" + $0.rendered } ?? "")")
}

/// The byte length of each line of a document's text (a CR before the LF included), from
/// the text the reader's positions count on. `PropertyListDocument.text` is internal,
/// which is why this file is compiled into the ThemeKit module.
func lineLengths(_ document: PropertyListDocument) -> [Int] {
    var lengths: [Int] = []
    var start = 0
    let bytes = document.text.bytes
    for (index, byte) in bytes.enumerated() where byte == 0x0A {
        lengths.append(index - start)
        start = index + 1
    }
    lengths.append(bytes.count - start)
    return lengths
}

/// Why a position is not in the text, or nil when it is: 1-based, on an existing line, at
/// most one past the line's last character (columns count scalars, never more than bytes).
func misplaced(_ position: SourcePosition, in lengths: [Int]) -> String? {
    guard position.line >= 1, position.column >= 1 else { return "not 1-based" }
    guard position.line <= lengths.count else { return "past the last line (\(lengths.count))" }
    guard position.column <= lengths[position.line - 1] + 1 else {
        return "past the end of its line (\(lengths[position.line - 1]) bytes)"
    }
    return nil
}

func check(_ file: ThemeFile) {
    let document = file.document
    let lengths = lineLengths(document)
    func valid(_ position: SourcePosition, _ what: String) {
        if let problem = misplaced(position, in: lengths) {
            trap("\(what) at \(position.line):\(position.column) is \(problem)")
        }
    }
    func ordered(_ a: SourcePosition, _ b: SourcePosition, _ what: String) {
        guard !(b < a) else { trap("\(what): \(b.line):\(b.column) before \(a.line):\(a.column)") }
    }
    var previous: SourcePosition?
    for entry in document.entries {
        valid(entry.keySpan.start, "key span start of '\(entry.key)'")
        valid(entry.keySpan.end, "key span end of '\(entry.key)'")
        valid(entry.valueSpan.start, "value span start of '\(entry.key)'")
        valid(entry.valueSpan.end, "value span end of '\(entry.key)'")
        ordered(entry.keySpan.start, entry.keySpan.end, "key span of '\(entry.key)'")
        ordered(entry.keySpan.end, entry.valueSpan.start, "key and value of '\(entry.key)'")
        ordered(entry.valueSpan.start, entry.valueSpan.end, "value span of '\(entry.key)'")
        if let previous { ordered(previous, entry.keySpan.start, "entries out of file order at '\(entry.key)'") }
        previous = entry.valueSpan.end
    }
    for comment in document.comments {
        valid(comment.span.start, "comment start")
        valid(comment.span.end, "comment end")
        ordered(comment.span.start, comment.span.end, "comment span")
    }
    if let root = document.root {
        valid(root.span.start, "root start")
        valid(root.span.end, "root end")
        ordered(root.span.start, root.span.end, "root span")
    }
    for (key, index) in file.index {
        guard index < document.entries.count, document.entries[index].key == key else {
            trap("index of '\(key)' does not point at its entry")
        }
    }
    guard file.diagnostics == file.diagnostics.sorted() else { trap("file diagnostics not sorted") }
    guard document.diagnostics.allSatisfy({ $0.code == .parseError }) else { trap("reader reported a non-parse_error") }
}

func check(_ diagnostics: [Diagnostic], in files: [ThemeFile]) {
    // Line tables are built once per file: a file may have thousands of diagnostics.
    let lengths = files.map { lineLengths($0.document) }
    func table(_ path: String) -> (ThemeFile, [Int])? {
        files.firstIndex { $0.path == path }.map { (files[$0], lengths[$0]) }
    }
    for diagnostic in diagnostics {
        let location = diagnostic.location
        guard location.line >= 0, location.column >= 0 else { trap("negative location", diagnostic) }
        guard (location.line == 0) == (location.column == 0) else { trap("line 0 xor column 0", diagnostic) }
        if let end = diagnostic.end, end < location.position { trap("end before start", diagnostic) }
        guard location.line > 0, let (file, lines) = table(location.file) else { continue }
        if let problem = misplaced(location.position, in: lines) { trap("location \(problem)", diagnostic) }
        if let end = diagnostic.end, let problem = misplaced(end, in: lines) { trap("end \(problem)", diagnostic) }
        if let quoted = diagnostic.sourceLine, quoted != file.document.lines().text(ofLine: location.line) {
            trap("quoted source line is not the line at the location", diagnostic)
        }
        for note in diagnostic.notes where note.location.line > 0 {
            guard let (_, noteLines) = table(note.location.file),
                misplaced(note.location.position, in: noteLines) == nil
            else { trap("note outside its file", diagnostic) }
        }
    }
}

func check(_ analysis: ThemeAnalysis, lint: ThemeAnalysis) {
    for file in analysis.files { check(file) }
    check(analysis.diagnostics, in: analysis.files)
    guard analysis.diagnostics == analysis.diagnostics.sorted() else { trap("analysis diagnostics not sorted") }
    guard analysis.diagnostics == lint.diagnostics else {
        trap(
            "producesTheme: false found other diagnostics (\(lint.diagnostics.count) vs \(analysis.diagnostics.count))")
    }
    guard analysis.lineage == lint.lineage else { trap("producesTheme: false read another lineage") }
    guard lint.theme == nil else { trap("producesTheme: false built a theme") }
    let errors = analysis.errors
    if let theme = analysis.theme {
        if let first = errors.first { trap("a theme was returned with errors", first) }
        check(theme)
    } else if errors.isEmpty {
        trap("no theme and no error (\(analysis.diagnostics.count) warnings)")
    }
}

func check(_ theme: Theme) {
    guard theme.values[ThemeName.inheritanceKey] == nil else { trap("INHERITED_THEME is a value") }
    for (key, value) in theme.values {
        switch value {
        case .color(let color):
            for component in [color.red, color.green, color.blue, color.alpha] where !(0...1).contains(component) {
                trap("color component \(component) of '\(key)' outside 0…1")
            }
            guard KeyKind(key: key) == .color else { trap("'\(key)' holds a color") }
        case .size(let size):
            guard size.isFinite, size > 0 else { trap("size \(size) of '\(key)'") }
            guard KeyKind(key: key) == .size else { trap("'\(key)' holds a size") }
        case .font(let font):
            guard font.size.isFinite, font.size > 0 else { trap("font size \(font.size) of '\(key)'") }
            guard KeyKind(key: key) == .font else { trap("'\(key)' holds a font") }
        case .image:
            guard KeyKind(key: key) == .image else { trap("'\(key)' holds an image") }
        case .string, .number, .bool:
            guard KeyKind(key: key) == .untyped else { trap("untyped value for typed key '\(key)'") }
        }
        blackHole(value.description.utf8.count)
        guard let source = theme.source(forKey: key) else { trap("no source for '\(key)'") }
        guard source.key.line >= 1, source.key.column >= 1, source.value.line >= 1, source.value.column >= 1 else {
            trap("source of '\(key)' is not 1-based")
        }
    }
}

@inline(never)
func blackHole(_ value: Int) {
    if value == -1 { print("") }
}
