// libFuzzer entry point for ThemeKit's reader and its whole load path.
//
// Not part of the package: `Scripts/fuzz.sh` compiles this file together with
// Sources/ThemeKit/**/*.swift into one module with `swiftc -sanitize=fuzzer,address`.
// It uses ThemeKit's public API, the internal `PropertyListDocument.text` to check that
// positions fall inside the text, and the reader's internal `fastPath` switch and the
// document's `record` to hold the C callbacks' reading to the Swift builder's.
//
// One input is:
//   (a) read whole by `PropertyListReader` (with and without the C fast path, which must
//       agree, and with the whole tree beside it, which must change nothing) and checked by
//       `ThemeFile`;
//   (b) split on `separator` into up to `maxParts` files, loaded from memory by
//       `ThemeLoader.analyze("child", reader:)`: the first part is child.plist, and each
//       parent the lineage asks for next (whatever its name) gets the next part, so
//       inheritance, aliases and typed values are fuzzed whatever names the input uses;
//   (c) every diagnostic is rendered, with no raw control or invisible character.
// Cheap invariants are checked along the way; a broken one traps, so libFuzzer reports it.

import Synchronization
import ThemeSupport

/// Splits the input into theme files.

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let reader = PropertyListReader()

    // (a) The reader and the file checks on the whole input. The C callbacks' reading
    // must record what the Swift builder alone records.
    let document = reader.parse(bytes, file: "whole.plist")
    var reference = reader
    reference.fastPath = false
    if reference.parse(bytes, file: "whole.plist").record != document.record {
        trap("the C callbacks read the input otherwise than the Swift builder alone")
    }
    // The whole tree (what `themekit import` reads) comes from the same parse, and leaves
    // its flat reading as it is.
    if reader.parseTree(bytes, file: "whole.plist").document.record != document.record {
        trap("reading the whole tree changed the flat reading")
    }
    let whole = ThemeFile(document)
    check(whole)
    check(whole.diagnostics, in: [whole])

    // (b) The whole load path, from memory.
    let parts = split(bytes)
    let options = ThemeOptions(alphaOrder: size % 2 == 0 ? .alphaLast : .alphaFirst)
    let loader = ThemeLoader(directory: directory, options: options)
    // One reader for both: it hands the parts out in the order paths are first asked for,
    // so the session must see the paths the lone analysis already named.
    let read = memoryReader(parts)
    let full = loader.analyze("child", reader: read)
    let lint = loader.analyze("child", in: ThemeLoader.Session(reader: read))
    check(full, lint: lint)

    // (c) Rendering.
    var rendered = 0
    for diagnostic in whole.diagnostics + full.diagnostics {
        let text = diagnostic.rendered
        guard text.hasPrefix(diagnostic.summary) else {
            trap("rendered text does not start with the summary", diagnostic)
        }
        // Escaped (`Escaping.visible`): the summary is one line, and nothing rendered holds a
        // raw control or invisible character but the line breaks between its lines and the
        // source line's tabs.
        guard !diagnostic.summary.unicodeScalars.contains(where: Escaping.isInvisible),
            !text.unicodeScalars.contains(where: { $0 != "\n" && $0 != "\t" && Escaping.isInvisible($0) })
        else {
            trap("a rendered diagnostic holds a raw control or invisible character", diagnostic)
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

/// The position of every byte offset of a document's text (0 through its length), by the
/// plainest walk over it: a line after each LF, a column per byte that is not a UTF-8
/// continuation byte. For checking the positions the document works out.
func referencePositions(_ document: PropertyListDocument) -> [SourcePosition] {
    var positions: [SourcePosition] = []
    positions.reserveCapacity(document.text.bytes.count + 1)
    var line = 1
    var column = 1
    for byte in document.text.bytes {
        positions.append(SourcePosition(line: line, column: column))
        if byte == 0x0A {
            line += 1
            column = 1
        } else if byte & 0xC0 != 0x80 {
            column += 1
        }
    }
    positions.append(SourcePosition(line: line, column: column))
    return positions
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
    let count = document.text.bytes.count
    let reference = referencePositions(document)
    // Offsets: inside the text, each range in order, entries in file order.
    func inText(_ range: SourceRange, _ what: String) {
        guard range.start >= 0, range.start <= range.end, range.end <= count else {
            trap("\(what): bytes \(range.start)..<\(range.end) not an ordered range of the \(count)-byte text")
        }
    }
    // Positions worked out from the offsets: on the text, in order, and where an
    // independent walk over the bytes puts them.
    func placed(_ range: SourceRange, _ what: String) -> SourceSpan {
        inText(range, what)
        let span = document.span(of: range)
        valid(span.start, "\(what) start")
        valid(span.end, "\(what) end")
        ordered(span.start, span.end, what)
        for (offset, position) in [(range.start, span.start), (range.end, span.end)]
        where position != reference[offset] {
            trap("\(what): offset \(offset) placed at \(position.line):\(position.column)")
        }
        return span
    }
    var previous: (offset: Int, position: SourcePosition)?
    for entry in document.entries {
        let keySpan = placed(entry.keyRange, "key span of '\(entry.key)'")
        let valueSpan = placed(entry.valueRange, "value span of '\(entry.key)'")
        ordered(keySpan.end, valueSpan.start, "key and value of '\(entry.key)'")
        guard entry.keyRange.end <= entry.valueRange.start else { trap("key and value of '\(entry.key)' overlap") }
        if let previous {
            ordered(previous.position, keySpan.start, "entries out of file order at '\(entry.key)'")
            guard previous.offset <= entry.keyRange.start else {
                trap("entry offsets out of file order at '\(entry.key)'")
            }
        }
        previous = (entry.valueRange.end, valueSpan.end)
    }
    for comment in document.comments {
        _ = placed(comment.range, "comment span")
    }
    if let root = document.root {
        _ = placed(root.range, "root span")
    }
    // The reader's key index agrees with a dictionary of the keys (Swift's string equality):
    // each key's first entry, a nested first value holding no value, later duplicates none.
    var firsts: [String: Int] = [:]
    for (position, entry) in document.entries.enumerated() where firsts[entry.key] == nil {
        firsts[entry.key] = position
    }
    var scalarKeys: Set<String> = []
    for (key, position) in firsts {
        var scalar = true
        if case .nested = document.entries[position].value { scalar = false }
        if scalar { scalarKeys.insert(key) }
        guard file.firstIndex(ofKey: key) == (scalar ? position : nil), file.isFirstScalar(at: position) == scalar
        else {
            trap("index of '\(key)' does not point at its first entry")
        }
    }
    for position in document.entries.indices where firsts[document.entries[position].key] != position {
        guard !file.isFirstScalar(at: position) else { trap("a later duplicate counted as its key's entry") }
    }
    guard Set(file.keys) == scalarKeys else { trap("the file's keys differ from its entries' first scalars") }
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
    // A session (the linter's and the tools' way) finds what a lone analysis finds.
    guard analysis.diagnostics == lint.diagnostics else {
        trap("a session found other diagnostics (\(lint.diagnostics.count) vs \(analysis.diagnostics.count))")
    }
    // In an inheritance cycle a session keeps the start of the lineage only (issue 12),
    // never a theme twice.
    let cycle = analysis.diagnostics.contains { $0.code == .inheritanceCycle }
    let prefix = analysis.lineage.starts(with: lint.lineage) && Set(lint.lineage).count == lint.lineage.count
    guard analysis.lineage == lint.lineage || (cycle && prefix) else {
        trap("a session read another lineage")
    }
    let errors = analysis.errors
    let theme = analysis.theme
    // Compared as text: a NaN value (`<real>nan</real>`) is never == itself.
    guard theme?.values.mapValues(\.description) == lint.theme?.values.mapValues(\.description) else {
        trap("a session resolved other values")
    }
    if let theme {
        if let first = errors.first { trap("a theme was returned with errors", first) }
        check(theme)
    } else if errors.isEmpty {
        trap("no theme and no error (\(analysis.diagnostics.count) warnings)")
    }
}

func check(_ theme: Theme) {
    guard theme.values[ThemeName.inheritanceKey] == nil else { trap("INHERITED_THEME is a value") }
    for (key, value) in theme.values {
        // Every value against its key's entry of the one table of kinds (`ValueKind`): the
        // kind a `$type` declares for it (SPEC §2), else its suffix's.
        let kind: ValueKind?
        if let declared = theme.declaredKind(ofKey: key) {
            kind = declared.kind.suffixes.isEmpty ? nil : declared.kind
        } else {
            kind = ValueKind.typed(forKey: key)
        }
        switch value {
        case .color(let color):
            for component in [color.red, color.green, color.blue, color.alpha] where !(0...1).contains(component) {
                trap("color component \(component) of '\(key)' outside 0…1")
            }
            guard kind?.domain == .color else { trap("'\(key)' holds a color") }
        case .size(let size):
            guard kind?.kind == .size, case .number(let range)? = kind?.domain, range.contains(size) else {
                trap("size \(size) of '\(key)'")
            }
        case .font(let font):
            guard font.size.isFinite, font.size > 0 else { trap("font size \(font.size) of '\(key)'") }
            guard kind?.domain == .font else { trap("'\(key)' holds a font") }
        case .image:
            guard kind?.domain == .image else { trap("'\(key)' holds an image") }
        case .number(let number):
            if let kind {
                guard kind.kind != .size, case .number(let range) = kind.domain, range.contains(number) else {
                    trap("number \(number) of typed key '\(key)'")
                }
            }
        case .string, .bool:
            guard kind == nil else { trap("untyped value for typed key '\(key)'") }
        }
        if kind?.kind == .duration, theme.duration(forKey: key) == nil { trap("'\(key)' is no Duration") }
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
