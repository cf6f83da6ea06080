#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Reads XML property lists into `PropertyListDocument`s, through libxml2.
///
/// The reader parses from memory with a SAX2 handler of its own and never expands
/// entities, loads a DTD or touches the network. It refuses outright what a property list
/// never needs: a DOCTYPE internal subset (where entity tricks live) and any entity
/// reference other than XML's five predefined ones.
package struct PropertyListReader: Sendable {
    /// Bounds that keep any input from taking unbounded memory or time.
    package typealias Limits = ThemeLimits

    /// The bounds this reader enforces.
    package var limits: Limits
    /// Whether libxml2's callbacks in C open and close a plain theme's keys and values (the
    /// default). Off, every tag goes through the Swift builder: the reading the tests and
    /// the fuzzer hold the fast one to.
    var fastPath = true

    /// Creates a reader.
    package init(limits: Limits = .standard) {
        self.limits = limits
    }

    /// Reads the file at `path`; locations name it `displayPath` (by default `path`).
    ///
    /// - Throws: `ThemeError` with code `io_error` when the file cannot be read at all
    ///   (missing, unreadable, a directory). Everything wrong with the content, including a
    ///   file over the size limit, is in the returned document's `diagnostics` instead.
    package func read(contentsOf path: String, displayPath: String? = nil) throws(ThemeError)
        -> PropertyListDocument
    {
        let name = displayPath ?? path
        let text: SourceText
        do {
            text = try FileBytes.loadText(path, limit: limits.maxFileSize)
        } catch {
            switch error {
            case .tooLarge(let size):
                var document = PropertyListDocument(file: name, text: SourceText([]))
                document.diagnostics.append(
                    Diagnostic(
                        .parseError, Self.tooLarge(size, limit: limits.maxFileSize),
                        at: SourceLocation(file: name, line: 1, column: 1)))
                return document
            case .system(let message):
                throw ThemeError(
                    Diagnostic(.ioError, message, at: .wholeFile(name)))
            }
        }
        return parse(text, file: name)
    }

    private static func tooLarge(_ size: Int, limit: Int) -> String {
        "the file is \(size) bytes, over the limit of \(limit) bytes"
    }

    /// Parses a property list held in memory; `file` is the path used in locations.
    package func parse(_ bytes: [UInt8], file: String) -> PropertyListDocument {
        if bytes.count > limits.maxFileSize {
            return refused(Self.tooLarge(bytes.count, limit: limits.maxFileSize), text: SourceText(bytes), file: file)
        }
        return parse(SourceText(bytes), file: file)
    }

    /// Parses a property list held in memory into a tree of every value, nested ones
    /// included; `file` is the path used in locations. The same parse as `parse(_:file:)`,
    /// under the same limits and refusals (size, depth, encodings, entities), with a builder
    /// of the tree beside the flat one: built only when asked for, it costs a theme's reading
    /// nothing.
    package func parseTree(_ bytes: [UInt8], file: String) -> PropertyListTree {
        if bytes.count > limits.maxFileSize {
            let document = refused(
                Self.tooLarge(bytes.count, limit: limits.maxFileSize), text: SourceText(bytes), file: file)
            return PropertyListTree(document: document, root: nil, diagnostics: [])
        }
        let (document, tree) = parse(SourceText(bytes), file: file, tree: true)
        guard document.diagnostics.isEmpty, let tree else {
            return PropertyListTree(document: document, root: nil, diagnostics: [])
        }
        if let problem = tree.problem {
            return PropertyListTree(document: document, root: nil, diagnostics: [problem])
        }
        return PropertyListTree(document: document, root: tree.root, diagnostics: [])
    }

    /// Parses a text read whole (a file's bytes, as read, parsed where they lie).
    private func parse(_ text: SourceText, file: String) -> PropertyListDocument {
        parse(text, file: file, tree: false).document
    }

    /// Parses a text read whole, with its tree when `tree` is set.
    private func parse(_ text: SourceText, file: String, tree: Bool) -> (
        document: PropertyListDocument, tree: TreeBuilder?
    ) {
        let body: SourceText
        switch TextEncoding.decode(text.buffer) {
        case .utf8(let start):
            body = start == 0 ? text : SourceText(Array(text.buffer[start...]))
        case .converted(let utf8):
            body = SourceText(utf8)
        case .refused(let message):
            return (refused(message, text: text, file: file), nil)
        }
        if tree { return SAXPropertyListParser.parseTree(body, file: file, limits: limits, fastPath: fastPath) }
        return (SAXPropertyListParser.parse(body, file: file, limits: limits, fastPath: fastPath), nil)
    }

    private func refused(_ message: String, text: SourceText, file: String) -> PropertyListDocument {
        var document = PropertyListDocument(file: file, text: text)
        document.diagnostics.append(
            Diagnostic(.parseError, message, at: SourceLocation(file: file, line: 1, column: 1)))
        return document
    }
}

/// Reads a whole regular file with POSIX calls, checking its size before reading it: what
/// ThemeKit reads themes with, and the linter its configuration file.
package enum FileBytes: Sendable {
    /// Why a file was not read.
    package enum Failure: Error, Sendable, Hashable {
        /// The file is larger than the limit (its size, or the bytes read so far).
        case tooLarge(Int)
        /// The file could not be opened or read, or is not a regular file: the reason.
        case system(String)
    }

    /// The bytes of the regular file at `path`, at most `limit` of them. Opened without
    /// blocking, so that a FIFO or a device at `path` is refused rather than waited on.
    package static func load(_ path: String, limit: Int) throws(Failure) -> [UInt8] {
        try loadText(path, limit: limit).bytes
    }

    /// The bytes of the regular file at `path` as a `SourceText`, read straight into the
    /// memory the text owns (a theme is not copied after it is read).
    static func loadText(_ path: String, limit: Int) throws(Failure) -> SourceText {
        // Non-blocking, so that a FIFO (or a device) named like a theme cannot stall the
        // open; its type is refused below before anything is read.
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else { throw .system(describe(errno, path)) }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { throw .system(describe(errno, path)) }
        guard info.st_mode & S_IFMT == S_IFREG else {
            throw .system(
                info.st_mode & S_IFMT == S_IFDIR ? "is a directory, not a theme file" : "is not a regular file")
        }
        let size = Int(info.st_size)
        guard size <= limit else { throw .tooLarge(size) }
        // Read until end of file rather than trusting the size: the file may change.
        var buffer = GrowingBytes(capacity: size + 1)
        var count = 0
        while true {
            if count == buffer.capacity {
                guard buffer.capacity <= limit else {
                    buffer.release()
                    throw .tooLarge(buffer.capacity)
                }
                buffer.grow(by: max(4096, buffer.capacity))
            }
            let got = read(descriptor, buffer.base + count, buffer.capacity - count)
            if got < 0 {
                if errno == EINTR { continue }
                buffer.release()
                throw .system(describe(errno, path))
            }
            if got == 0 { break }
            count += got
        }
        guard count <= limit else {
            buffer.release()
            throw .tooLarge(count)
        }
        return SourceText(adopting: buffer.base, capacity: buffer.capacity, count: count)
    }

    /// Memory being read into, grown as the file turns out longer than it said.
    private struct GrowingBytes {
        private(set) var base: UnsafeMutablePointer<UInt8>
        private(set) var capacity: Int

        init(capacity: Int) {
            self.capacity = capacity
            base = .allocate(capacity: capacity)
        }

        mutating func grow(by extra: Int) {
            let grown = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity + extra)
            grown.moveInitialize(from: base, count: capacity)
            base.deallocate()
            base = grown
            capacity += extra
        }

        func release() { base.deallocate() }
    }

    private static func describe(_ code: Int32, _ path: String) -> String {
        switch code {
        case ENOENT: "no such file"
        case EACCES: "permission denied"
        case EISDIR: "is a directory, not a theme file"
        default: String(cString: strerror(code)).lowercased()
        }
    }
}
