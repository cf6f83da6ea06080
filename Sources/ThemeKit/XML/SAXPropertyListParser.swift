internal import CLibXML2

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The one place that talks to libxml2: a SAX2 handler that turns the events of one
/// in-memory document into a `PropertyListDocument`.
///
/// Per-parse state lives in one `Builder` and the `themekit_reader_state` it shares with
/// the C callbacks of `shim.h` (which read a plain theme's tags and text without calling
/// into Swift), reached from every callback through the context's single `userData`
/// pointer. Errors are read from the callback libxml2 hands them to for this context,
/// never from its global last-error slot.
///
/// Beside this file: `Prescan` (Prescan.swift) refuses what libxml2 must never see, the
/// builder rewords libxml2's errors in LibXMLMessages.swift, and `PlistNumber` reads an
/// `<integer>`'s text.
enum SAXPropertyListParser {
    /// What every parse asks of libxml2. No `NOENT` (entities stay unexpanded), no
    /// `DTDLOAD` (nothing is fetched), no `HUGE` (libxml2's own size limits stay on), no
    /// `RECOVER` (broken input is an error, not silently repaired). `IGNORE_ENC` because
    /// the text is always UTF-8 by the time libxml2 sees it. `NOCDATA` so that CDATA
    /// sections arrive as ordinary text.
    static let options: Int32 = Int32(
        XML_PARSE_NONET.rawValue | XML_PARSE_NOERROR.rawValue | XML_PARSE_NOWARNING.rawValue
            | XML_PARSE_IGNORE_ENC.rawValue | XML_PARSE_NOCDATA.rawValue)

    /// libxml2 must be initialised once before it is used from several threads.
    private static let initialised: Bool = {
        xmlInitParser()
        return true
    }()

    /// Reads `text`. `fastPath` false sends every tag through the Swift builder: the
    /// reference the tests and the fuzzer compare the C callbacks' reading with.
    static func parse(_ text: SourceText, file: String, limits: PropertyListReader.Limits, fastPath: Bool = true)
        -> PropertyListDocument
    {
        read(text, file: file, limits: limits, fastPath: fastPath, tree: false).document
    }

    /// Reads `text` as `parse` does, and builds the whole tree of its values beside the
    /// flat reading (`TreeBuilder`).
    static func parseTree(_ text: SourceText, file: String, limits: PropertyListReader.Limits, fastPath: Bool = true)
        -> (document: PropertyListDocument, tree: TreeBuilder?)
    {
        read(text, file: file, limits: limits, fastPath: fastPath, tree: true)
    }

    /// The one parse behind both: with `tree`, a `TreeBuilder` sees every event first.
    private static func read(
        _ text: SourceText, file: String, limits: PropertyListReader.Limits, fastPath: Bool, tree: Bool
    ) -> (document: PropertyListDocument, tree: TreeBuilder?) {
        _ = initialised
        var document = PropertyListDocument(file: file, text: text)
        var built: TreeBuilder?
        text.withBytes { bytes in
            // The builder is reached through a raw pointer rather than a class reference:
            // callbacks then pay no reference counting and no dynamic exclusivity checks,
            // which measured as a fifth of the reader's instructions.
            let builder = UnsafeMutablePointer<Builder>.allocate(capacity: 1)
            // The state the C callbacks share with the builder, and libxml2's context
            // pointer for every callback.
            let state = UnsafeMutablePointer<themekit_reader_state>.allocate(capacity: 1)
            state.initialize(to: themekit_reader_state())
            state.pointee.builder = UnsafeMutableRawPointer(builder)
            state.pointee.base = bytes.baseAddress
            state.pointee.end = bytes.baseAddress.map { $0 + bytes.count }
            state.pointee.slow_text = { builder, chunk, length in
                guard let builder, let chunk else { return }
                Builder.from(builder).pointee.characters(UnsafeBufferPointer(start: chunk, count: Int(length)))
            }
            state.pointee.slow_start = { builder, name, prefix, namespace in
                guard let builder, let name else { return }
                Builder.from(builder).pointee.startElement(name, prefix: prefix, namespace: namespace)
            }
            state.pointee.slow_end = { builder in
                guard let builder else { return }
                Builder.from(builder).pointee.endElement()
            }
            state.pointee.entry = { builder, element, start, end in
                guard let builder, let element = Element(rawValue: UInt8(truncatingIfNeeded: element)) else { return }
                Builder.from(builder).pointee.closeValue(element, range: SourceRange(start: start, end: end))
            }
            builder.initialize(
                to: Builder(bytes: bytes, text: text, file: file, limits: limits, state: state, fastPath: fastPath))
            if tree { builder.pointee.tree = TreeBuilder(file: file, lines: text.lines) }
            defer {
                builder.deinitialize(count: 1)
                builder.deallocate()
                state.deallocate()
            }
            run(builder, over: bytes, tree: tree)
            builder.pointee.finish()
            builder.pointee.indexKeys()
            builder.pointee.releaseMemory()
            document.store = EntryStore(
                file: file, source: text, side: builder.pointee.side, packed: builder.pointee.entries,
                index: builder.pointee.index,
                duplicates: builder.pointee.duplicates, keyShapes: builder.pointee.keyShapes)
            document.comments = builder.pointee.comments
            document.root = builder.pointee.root
            document.diagnostics = builder.pointee.diagnostics
            built = builder.pointee.tree
        }
        return (document, built)
    }

    private static func run(
        _ builder: UnsafeMutablePointer<Builder>, over bytes: UnsafeBufferPointer<UInt8>, tree: Bool
    ) {
        guard let base = bytes.baseAddress, bytes.count > 0, bytes.count < Int(Int32.max),
            let context = themekit_new_parser(base, Int32(bytes.count))
        else {
            builder.pointee.fail("libxml2 could not start a parser for this file", at: 0)
            return
        }
        defer {
            if let tree = context.pointee.myDoc { xmlFreeDoc(tree) }
            xmlFreeParserCtxt(context)
        }
        if let refusal = Prescan.refusal(in: bytes) {
            builder.pointee.fail(refusal.message, at: refusal.offset)
            return
        }
        builder.pointee.state.pointee.parser = context
        context.pointee.sax.pointee = tree ? makeTreeHandler() : makeHandler()
        context.pointee.userData = UnsafeMutableRawPointer(builder.pointee.state)
        xmlCtxtUseOptions(context, options)
        xmlParseDocument(context)
        builder.pointee.state.pointee.parser = nil
    }

    /// The callbacks of `makeHandler`, each of which first hands its event to the builder's
    /// tree: the C callbacks stay as they are, and a theme's reading pays nothing for the tree.
    private static func makeTreeHandler() -> xmlSAXHandler {
        var handler = makeHandler()
        handler.startElementNs = { context, name, prefix, uri, namespaceCount, namespaces, count, defaulted, values in
            if let context, let name { Builder.at(context).pointee.treeStart(name, prefix: prefix, namespace: uri) }
            themekit_start_element(context, name, prefix, uri, namespaceCount, namespaces, count, defaulted, values)
        }
        handler.endElementNs = { context, name, prefix, uri in
            if let context { Builder.at(context).pointee.treeEnd() }
            themekit_end_element(context, name, prefix, uri)
        }
        handler.characters = { context, chunk, length in
            if let context, let chunk {
                Builder.at(context).pointee.treeCharacters(UnsafeBufferPointer(start: chunk, count: Int(length)))
            }
            themekit_characters(context, chunk, length)
        }
        handler.ignorableWhitespace = handler.characters
        handler.comment = { context, text in
            guard let context, let text else { return }
            Builder.at(context).pointee.tree?.comment()
            Builder.at(context).pointee.comment(text)
        }
        return handler
    }

    /// The callbacks. Those left out (`entityDecl`, `getEntity`, `externalSubset`,
    /// `resolveEntity`, …) are what keeps entity declarations and external DTDs inert.
    private static func makeHandler() -> xmlSAXHandler {
        var handler = xmlSAXHandler()
        handler.initialized = UInt32(XML_SAX2_MAGIC)
        handler.startElementNs = themekit_start_element
        handler.endElementNs = themekit_end_element
        handler.characters = themekit_characters
        handler.ignorableWhitespace = themekit_characters
        handler.comment = { context, text in
            guard let context, let text else { return }
            Builder.at(context).pointee.comment(text)
        }
        handler.internalSubset = { context, _, _, _ in
            guard let context else { return }
            Builder.at(context).pointee.doctype()
        }
        handler.reference = { context, name in
            guard let context, let name else { return }
            Builder.at(context).pointee.entityReference(String(cString: name))
        }
        handler.serror = { context, error in
            guard let context, let error else { return }
            Builder.at(context).pointee.libxmlError(error.pointee)
        }
        return handler
    }
}

/// The element names a property list uses.
enum Element: UInt8, Equatable {
    case plist, dict, key, string, integer, real, `true`, `false`, array, data, date
    /// Any other element: `Element.written(_:prefix:namespace:)` names it.
    case unknown

    /// The element a start tag names. SAX2 hands over the local name, so `<x:dict>` and
    /// `<dict xmlns="…">` arrive as `dict` with a prefix or a namespace beside it: neither is
    /// a property list's `<dict>` (Apple's plists use no namespace), so both are unknown,
    /// named as written (`x:dict`, or `dict xmlns="…"` for a default namespace).
    init(_ name: UnsafePointer<xmlChar>, prefix: UnsafePointer<xmlChar>?, namespace: UnsafePointer<xmlChar>?) {
        if prefix != nil || namespace != nil {
            self = .unknown
            return
        }
        self.init(name)
    }

    /// An element's name as written: `x:dict` for a prefix, `dict xmlns="…"` for a
    /// default namespace.
    static func written(
        _ name: UnsafePointer<xmlChar>, prefix: UnsafePointer<xmlChar>?, namespace: UnsafePointer<xmlChar>?
    ) -> String {
        if let prefix { return String(cString: prefix) + ":" + String(cString: name) }
        if let namespace { return String(cString: name) + " xmlns=\"" + String(cString: namespace) + "\"" }
        return String(cString: name)
    }

    init(_ name: UnsafePointer<xmlChar>) {
        func named(_ candidate: StaticString) -> Bool {
            strcmp(
                UnsafeRawPointer(name).assumingMemoryBound(to: CChar.self),
                UnsafeRawPointer(candidate.utf8Start).assumingMemoryBound(to: CChar.self)) == 0
        }
        switch name[0] {
        case UInt8(ascii: "k") where named("key"): self = .key
        case UInt8(ascii: "s") where named("string"): self = .string
        case UInt8(ascii: "i") where named("integer"): self = .integer
        case UInt8(ascii: "r") where named("real"): self = .real
        case UInt8(ascii: "t") where named("true"): self = .true
        case UInt8(ascii: "f") where named("false"): self = .false
        case UInt8(ascii: "d") where named("dict"): self = .dict
        case UInt8(ascii: "d") where named("data"): self = .data
        case UInt8(ascii: "d") where named("date"): self = .date
        case UInt8(ascii: "a") where named("array"): self = .array
        case UInt8(ascii: "p") where named("plist"): self = .plist
        default: self = .unknown
        }
    }

    /// The property-list kind this element writes, if it writes a value.
    var kind: PropertyListKind? {
        switch self {
        case .string: .string
        case .integer: .integer
        case .real: .real
        case .true, .false: .bool
        case .dict: .dict
        case .array: .array
        case .data: .data
        case .date: .date
        case .plist, .key, .unknown: nil
        }
    }

    /// What the C start tag handler may open of it (`themekit_name_slot.role`): 1 a key,
    /// 2 a scalar value, 0 nothing (the builder opens it).
    var role: UInt8 {
        switch self {
        case .key: 1
        case .string, .integer, .real, .true, .false: 2
        case .plist, .dict, .array, .data, .date, .unknown: 0
        }
    }

    /// The length of the element's name (0 for an unknown element).
    var nameLength: Int {
        switch self {
        case .key, .dict, .real, .true, .data, .date: self == .key ? 3 : 4
        case .plist, .false, .array: 5
        case .string: 6
        case .integer: 7
        case .unknown: 0
        }
    }

    var name: String {
        switch self {
        case .plist: "plist"
        case .dict: "dict"
        case .key: "key"
        case .string: "string"
        case .integer: "integer"
        case .real: "real"
        case .true: "true"
        case .false: "false"
        case .array: "array"
        case .data: "data"
        case .date: "date"
        case .unknown: "?"
        }
    }
}

/// Collects one document from SAX events.
struct Builder {
    /// What an open element is, from the reader's point of view.
    enum Frame {
        /// `<plist>`: holds the root object.
        case plist
        /// The root `<dict>`: alternates keys and values.
        case rootDict
        /// A `<key>` or scalar value whose text is being collected.
        case scalar(Element, start: Int)
        /// A nested value of the root dict: recorded as an entry, its content skipped.
        case nested(PropertyListKind, start: Int)
        /// A root that is not a dict: recorded as the root, its content skipped.
        case otherRoot
        /// Anything else: already reported (or inside something skipped), content skipped.
        case skipped

        var isScalar: Bool {
            if case .scalar = self { return true }
            return false
        }
    }

    let bytes: UnsafeBufferPointer<UInt8>
    /// The same bytes as a document's text, whose line index places and quotes diagnostics.
    let sourceText: SourceText
    let file: String
    let limits: PropertyListReader.Limits
    /// The hash seed and the typed kinds' suffixes, held here: read from their statics,
    /// each would be a `swift_once` call per entry.
    private let hashSeed = KeyHash.current
    private let keySuffixes = ValueKind.keySuffixes
    /// The parser, while it runs (kept in the shared state, where the C callbacks read it).
    var context: xmlParserCtxtPtr? { state.pointee.parser }

    private(set) var entries: PackedBuffer
    /// The first bytes and lengths of the keys read.
    private(set) var keyShapes = KeyShapes()
    /// Text that is not one run of the source bytes (decoded entities, pieces joined).
    private(set) var side: [UInt8] = []
    /// Each key's first entry.
    private(set) var index = KeyTable()
    /// Entries whose key an earlier entry has: (the later, the first).
    private(set) var duplicates: [(Int32, Int32)] = []
    private(set) var comments: [PropertyListComment] = []
    private(set) var diagnostics: [Diagnostic] = []
    private(set) var root: PropertyListRoot?

    private var frames = GrowingBuffer<Frame>(capacity: 8)
    /// The whole tree, when it is asked for (`PropertyListReader.parseTree`): it sees every
    /// event before the builder does (`SAXPropertyListParser.makeTreeHandler`).
    var tree: TreeBuilder?
    /// The start tag being handled, while its callback runs: what names an unknown element.
    private var startTag: (UnsafePointer<xmlChar>, UnsafePointer<xmlChar>?, UnsafePointer<xmlChar>?)?

    /// The name of `element` as the current start tag writes it.
    private func written(_ element: Element) -> String {
        guard element == .unknown, let (name, prefix, namespace) = startTag else { return element.name }
        return Element.written(name, prefix: prefix, namespace: namespace)
    }
    /// What the C callbacks share with the builder (`themekit_reader_state`): the text of
    /// the scalar being read, the key waiting for its value, the scalar C has open, and
    /// whether C may open one.
    let state: UnsafeMutablePointer<themekit_reader_state>
    /// Whether the C callbacks may open keys and values (off only to compare readings).
    private let fastPath: Bool

    /// Where the text of the scalar being read is. libxml2 usually hands over a scalar's
    /// text in one piece, as a pointer into its input: that is recorded as a run of the
    /// source bytes (by `themekit_characters`), and only copied to `side` when it comes
    /// decoded or in pieces.
    private var text: TextRef {
        var start: Int32 = 0
        var count: Int32 = 0
        themekit_text_ref(state, &start, &count)
        return TextRef(start: start, count: count)
    }

    /// Forgets the text read.
    private func resetText() {
        themekit_reset_text(state)
    }
    private var scalarHasChild = false

    /// The key read and waiting for its value: kept in the shared state, where the C end
    /// tag handler leaves it.
    private var pendingKey: PendingKey? {
        get {
            let state = state.pointee
            guard state.has_key != 0 else { return nil }
            return PendingKey(
                text: TextRef(start: state.key_start, count: state.key_count),
                range: SourceRange(start: state.key_from, end: state.key_to))
        }
        nonmutating set {
            guard let key = newValue else {
                state.pointee.has_key = 0
                return
            }
            state.pointee.has_key = 1
            state.pointee.key_start = key.text.start
            state.pointee.key_count = key.text.count
            state.pointee.key_from = key.range.start
            state.pointee.key_to = key.range.end
        }
    }

    /// A key read, waiting for its value.
    private struct PendingKey {
        var text: TextRef
        var range: SourceRange
    }
    private var rootElementSeen = false
    private(set) var stopped = false

    init(
        bytes: UnsafeBufferPointer<UInt8>, text: SourceText, file: String, limits: PropertyListReader.Limits,
        state: UnsafeMutablePointer<themekit_reader_state>, fastPath: Bool
    ) {
        self.bytes = bytes
        self.state = state
        self.fastPath = fastPath
        names = NameCache(state)
        self.sourceText = text
        self.file = file
        self.limits = limits
        // A theme entry takes 40 to 60 bytes of XML: room for one every 48 bytes spares most
        // regrowth, and what is not used is little.
        entries = PackedBuffer(capacity: bytes.count / 48)
    }

    /// The elements of the names seen so far. libxml2 hands over each name from its
    /// dictionary, so every `<key>` of a document comes with the same pointer: comparing
    /// pointers spares comparing the bytes of each tag.
    private let names: NameCache

    /// Sixteen slots in the shared state, a name in one of two chosen by its pointer
    /// (`themekit_name_slot_find`), here and in the C start tag handler.
    struct NameCache {
        private let slots: UnsafeMutablePointer<themekit_name_slot>

        init(_ state: UnsafeMutablePointer<themekit_reader_state>) {
            slots = UnsafeMutableRawPointer(state.pointer(to: \.names)!).assumingMemoryBound(
                to: themekit_name_slot.self)
        }

        @inline(__always)
        func element(_ name: UnsafePointer<xmlChar>) -> Element {
            if let slot = themekit_name_slot_find(slots, name), let element = Element(rawValue: slot.pointee.element) {
                return element
            }
            let element = Element(name)
            // The first of the name's two slots that is free, else the first.
            let first = Int(themekit_name_slot_index(name))
            let slot = slots[first].name != nil && slots[(first + 1) & 15].name == nil ? (first + 1) & 15 : first
            slots[slot] = themekit_name_slot(
                name: name, element: element.rawValue, role: element.role, length: UInt8(element.nameLength))
            return element
        }
    }

    /// Opens an element: the text callback collects text while the innermost is a scalar.
    @inline(__always)
    private mutating func push(_ frame: Frame) {
        frames.append(frame)
        shareOpenElements()
    }

    /// Closes the innermost element.
    @inline(__always)
    private mutating func pop() -> Frame? {
        let frame = frames.popLast()
        shareOpenElements()
        return frame
    }

    /// Tells the C callbacks what the open elements allow: collecting text in a scalar;
    /// opening a key or a value in the root dict, within the depth limit, before a stop.
    @inline(__always)
    private func shareOpenElements() {
        let innermost = frames.last
        state.pointee.collecting = innermost?.isScalar == true ? 1 : 0
        let inRootDict: Bool
        if case .rootDict = innermost { inRootDict = true } else { inRootDict = false }
        state.pointee.fast = fastPath && inRootDict && frames.count < limits.maxDepth && !stopped ? 1 : 0
    }

    /// Takes over the key or value the C start tag handler opened, as an open element of
    /// its own: every callback but the C handlers' `entry` starts here, so that it sees the
    /// elements open as they are.
    @inline(__always)
    mutating func adoptOpenScalar() {
        guard state.pointee.open_role != 0 else { return }
        state.pointee.open_role = 0
        let element = Element(rawValue: UInt8(truncatingIfNeeded: state.pointee.open)) ?? .unknown
        scalarHasChild = false
        push(.scalar(element, start: state.pointee.open_start))
    }

    /// Frees the stack of open elements (the builder is a plain value reached through a
    /// pointer, so it cannot free it itself).
    mutating func releaseMemory() {
        frames.release()
    }

    /// The builder behind a callback's context pointer (the shared state's).
    @inline(__always)
    static func at(_ pointer: UnsafeMutableRawPointer) -> UnsafeMutablePointer<Builder> {
        from(pointer.assumingMemoryBound(to: themekit_reader_state.self).pointee.builder.unsafelyUnwrapped)
    }

    /// The builder behind the shared state's `builder` pointer.
    @inline(__always)
    static func from(_ pointer: UnsafeMutableRawPointer) -> UnsafeMutablePointer<Builder> {
        pointer.assumingMemoryBound(to: Builder.self)
    }

    // MARK: Offsets

    /// The parser's offset in the text; libxml2 parses these very bytes, in place.
    var offset: Int {
        themekit_cursor(state)
    }

    /// The offset of the `<` that opens the tag the parser is in or just finished.
    ///
    /// A start tag's callback comes with the cursor on its `>`; `<` cannot occur inside a
    /// tag (not even in attribute values), so the nearest `<` before it opens the tag.
    /// `tagStart(before:)` for a start tag of `element`: where a tag is written with no
    /// space or attribute (`<key>`, `<true/>`), its `<` is the name's length before the
    /// cursor, and no scan is needed (no `<` can stand between a tag's `<` and the cursor).
    @inline(__always)
    private func tagStart(of element: Element, before offset: Int) -> Int {
        let candidate = offset - element.nameLength - 1
        if candidate >= 0, candidate < bytes.count, let base = bytes.baseAddress,
            base[candidate] == UInt8(ascii: "<")
        {
            return candidate
        }
        return tagStart(before: offset)
    }

    func tagStart(before offset: Int) -> Int {
        guard let base = bytes.baseAddress else { return 0 }
        var index = min(offset, bytes.count) - 1
        while index > 0, base[index] != UInt8(ascii: "<") { index -= 1 }
        return max(index, 0)
    }

    // MARK: Events

    mutating func startElement(
        _ name: UnsafePointer<xmlChar>, prefix: UnsafePointer<xmlChar>?, namespace: UnsafePointer<xmlChar>?
    ) {
        adoptOpenScalar()
        guard !stopped else { return }
        let element = prefix == nil && namespace == nil ? names.element(name) : .unknown
        startTag = (name, prefix, namespace)
        let parent = frames.last
        if frames.count >= limits.maxDepth {
            fail("elements are nested more than \(limits.maxDepth) deep", at: tagStart(before: offset))
            return
        }
        switch parent {
        case nil:
            if element == .plist {
                push(.plist)
            } else {
                openRoot(element)
            }
        case .plist:
            if rootElementSeen {
                report(
                    "a property list holds one root object; this <\(written(element))> is a second",
                    at: tagStart(before: offset))
                push(.skipped)
            } else {
                openRoot(element)
            }
        case .rootDict:
            openInRootDict(element)
        case .scalar(let scalar, _):
            report("<\(written(element))> cannot appear inside <\(scalar.name)>", at: tagStart(before: offset))
            scalarHasChild = true
            push(.skipped)
        case .nested, .otherRoot, .skipped:
            push(.skipped)
        }
    }

    private mutating func openRoot(_ element: Element) {
        rootElementSeen = true
        let start = tagStart(before: offset)
        if element == .unknown {
            report("unknown element <\(written(element))>; a property list's root is <dict>", at: start)
        }
        root = PropertyListRoot(
            kind: element.kind, elementName: written(element), range: SourceRange(start: start, end: start))
        push(element == .dict ? .rootDict : .otherRoot)
    }

    private mutating func openInRootDict(_ element: Element) {
        let startOffset = tagStart(of: element, before: offset)
        if element == .key {
            if let pendingKey { keyWithoutValue(pendingKey) }
            pendingKey = nil
            beginText()
            push(.scalar(.key, start: startOffset))
            return
        }
        guard let kind = element.kind else {
            report(
                element == .plist
                    ? "<plist> can only be the outermost element"
                    : "unknown element <\(written(element))>; a value is <string>, <integer>, <real>, <true/> or <false/>",
                at: startOffset)
            pendingKey = nil
            push(.skipped)
            return
        }
        guard pendingKey != nil else {
            report("this <\(written(element))> has no <key> before it", at: startOffset)
            push(.skipped)
            return
        }
        switch kind {
        case .dict, .array, .data, .date:
            push(.nested(kind, start: startOffset))
        case .string, .integer, .real, .bool:
            beginText()
            push(.scalar(element, start: startOffset))
        }
    }

    mutating func endElement() {
        adoptOpenScalar()
        guard !stopped, let frame = pop() else { return }
        switch frame {
        case .scalar(let element, let start):
            let range = SourceRange(start: start, end: offset)
            defer { resetText() }
            if scalarHasChild {
                scalarHasChild = false
                pendingKey = nil
                return
            }
            if element == .key {
                pendingKey = PendingKey(text: text, range: range)
                return
            }
            closeValue(element, range: range)
        case .nested(let kind, let start):
            let range = SourceRange(start: start, end: offset)
            if let key = pendingKey { append(key, kind: kind, payload: 0, valueRange: range) }
            pendingKey = nil
        case .rootDict, .otherRoot:
            if let key = pendingKey { keyWithoutValue(key) }
            pendingKey = nil
            let end = offset
            root?.range.end = end
        case .plist, .skipped:
            break
        }
    }

    /// A scalar value has closed (its text not yet forgotten): records the entry of the
    /// key waiting for it, if any. The C end tag handler calls this for the values it
    /// opened, so it does not adopt an open scalar.
    mutating func closeValue(_ element: Element, range: SourceRange) {
        guard let key = pendingKey else { return }
        pendingKey = nil
        if let (kind, payload) = scalarValue(element, range: range) {
            append(key, kind: kind, payload: payload, valueRange: range)
        }
    }

    /// Records an entry (its key is indexed after the parse, by `indexKeys`).
    private mutating func append(_ key: PendingKey, kind: PropertyListKind, payload: UInt64, valueRange: SourceRange) {
        // Locals: the closure reading the builder's own properties would copy the builder.
        let seed = hashSeed
        let suffixes = keySuffixes
        let (hash, isASCII, typedKind, first) = withText(key.text) { bytes in
            let (hash, isASCII) = KeyHash.of(bytes, seed: seed)
            return (hash, isASCII, suffixes.typedNumber(forKey: bytes), bytes.first ?? 0)
        }
        keyShapes.insert(first: first, count: Int(key.text.count))
        let entry = PackedEntry(
            key: key.text, payload: payload, keyStart: Int32(key.range.start), keyEnd: Int32(key.range.end),
            valueStart: Int32(valueRange.start), valueEnd: Int32(valueRange.end),
            hash: UInt32(truncatingIfNeeded: hash), kind: kind, keyIsASCII: isASCII, typedKind: typedKind)
        entries.append(entry)
    }

    /// Indexes every entry's key, and notes each entry whose key an earlier one has.
    ///
    /// One pass after the parse rather than one probe per entry during it: between two
    /// entries libxml2 streams a few hundred bytes of text through the cache, so each probe
    /// of the table found its slot evicted and waited on memory (a quarter of the time of
    /// recording an entry, `perf annotate`); back to back, the probes' misses overlap.
    mutating func indexKeys() {
        var index = KeyTable(capacity: entries.count)
        for number in 0..<entries.count {
            let entry = entries[number]
            switch index.probe(hash: Int(entry.hash), matching: { sameKey(entries[$0], entry) }) {
            case .found(let first, _): duplicates.append((Int32(number), Int32(first)))
            case .vacant(let slot): index.place(number, hash: Int(entry.hash), in: slot)
            }
        }
        self.index = index
    }

    /// Whether two entries of this document have the same key (see `EntryStore.sameKey`).
    private func sameKey(_ a: PackedEntry, _ b: PackedEntry) -> Bool {
        guard a.hash == b.hash else { return false }
        return withText(a.key) { x in
            withText(b.key) { y in KeyHash.sameKey(x, isASCII: a.keyIsASCII, y, isASCII: b.keyIsASCII) }
        }
    }

    /// Calls `body` with the bytes of `text` (source or side buffer).
    @inline(__always)
    private func withText<Result>(_ text: TextRef, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        if text.start >= 0 {
            return body(UnsafeBufferPointer(rebasing: bytes[Int(text.start)..<Int(text.start) + Int(text.count)]))
        }
        let start = -Int(text.start) - 1
        return side.withUnsafeBufferPointer { body(UnsafeBufferPointer(rebasing: $0[start..<start + Int(text.count)])) }
    }

    private func string(_ text: TextRef) -> String {
        withText(text) { String(decoding: $0, as: UTF8.self) }
    }

    mutating func characters(_ chunk: UnsafeBufferPointer<xmlChar>) {
        adoptOpenScalar()
        guard !stopped else { return }
        switch frames.last {
        case .scalar:
            collect(chunk)
        case .nested, .skipped, .otherRoot:
            break
        case nil, .plist, .rootDict:
            if let first = chunk.firstIndex(where: { !Self.isXMLSpace($0) }) {
                let snippet = String(decoding: chunk[first...].prefix(20), as: UTF8.self)
                report(
                    "unexpected text '\(snippet.trimmingXMLSpace())' outside any value",
                    at: textOffset(of: chunk) + first)
            }
        }
    }

    /// Adds a chunk to the scalar's text that `themekit_characters` could not add to its
    /// run of the input (decoded, or not right after the run): the text moves to `side`,
    /// and goes on there.
    private mutating func collect(_ chunk: UnsafeBufferPointer<xmlChar>) {
        guard !chunk.isEmpty else { return }
        if state.pointee.elsewhere == 0 {
            let run = text
            let sideStart = side.count
            if run.count > 0 {
                side.append(contentsOf: bytes[Int(run.start)..<Int(run.start) + Int(run.count)])
            }
            state.pointee.side_start = Int32(-sideStart - 1)
            state.pointee.side_count = run.count
            state.pointee.elsewhere = 1
        }
        side.append(contentsOf: chunk)
        state.pointee.side_count += Int32(chunk.count)
    }

    /// Where a chunk of text starts: exact when libxml2 hands over a pointer into its
    /// input (the usual case), else estimated from the cursor, which is then past it.
    func textOffset(of chunk: UnsafeBufferPointer<xmlChar>) -> Int {
        if let context, let start = chunk.baseAddress {
            let exact = themekit_parser_offset_of(context, start)
            if exact >= 0 { return min(exact, bytes.count) }
        }
        return max(offset - chunk.count, 0)
    }

    mutating func comment(_ text: UnsafePointer<xmlChar>) {
        adoptOpenScalar()
        guard !stopped else { return }
        let end = offset
        // The start is the `<!--` before the end: not the end minus the text's length,
        // because libxml2 hands over the text with CRLF already turned into LF.
        var start = max(end - 4, 0)
        while start > 0,
            !(bytes[start] == UInt8(ascii: "<") && bytes[start + 1] == UInt8(ascii: "!")
                && bytes[start + 2] == UInt8(ascii: "-") && bytes[start + 3] == UInt8(ascii: "-"))
        {
            start -= 1
        }
        comments.append(
            PropertyListComment(
                text: String(cString: text),
                range: SourceRange(start: start, end: end)))
    }

    /// The DOCTYPE callback: the cursor stands on `[` when an internal subset follows.
    mutating func doctype() {
        adoptOpenScalar()
        guard !stopped, let context else { return }
        if themekit_parser_peek(context) == Int32(UInt8(ascii: "[")) {
            fail(
                "a DOCTYPE with an internal subset is not allowed: a property list needs no entity or element declarations",
                at: tagStart(before: offset))
        }
    }

    mutating func entityReference(_ name: String) {
        adoptOpenScalar()
        guard !stopped else { return }
        fail(Self.entityMessage(name), at: tagStart(before: offset) < offset ? entityStart(name) : offset)
    }

    mutating func finish() {
        adoptOpenScalar()
        if stopped { return }
        if let key = pendingKey { keyWithoutValue(key) }
        if root == nil, diagnostics.isEmpty {
            report("the file has no root element", at: 0)
        }
    }

    // MARK: Values

    private mutating func beginText() {
        resetText()
        scalarHasChild = false
    }

    /// The value of a scalar just closed, as its kind and payload (`PackedEntry.payload`);
    /// nil, and reported, when its text does not parse.
    private mutating func scalarValue(_ element: Element, range: SourceRange) -> (PropertyListKind, UInt64)? {
        switch element {
        case .string:
            return (.string, PackedEntry.payload(of: text))
        case .integer:
            if let value = withText(text, PlistNumber.plainInteger) {
                return (.integer, UInt64(bitPattern: Int64(value)))
            }
            let written = string(text).trimmingXMLSpace()
            if let value = PlistNumber.integer(written) { return (.integer, UInt64(bitPattern: Int64(value))) }
            let reason = PlistNumber.looksNumeric(written) ? "is out of range for an integer" : "is not an integer"
            report(range: range, "<integer> '\(written)' \(reason)")
            return nil
        case .real:
            if let value = withText(text, ThemeValue.plainDecimal) { return (.real, value.bitPattern) }
            let written = string(text).trimmingXMLSpace()
            if let value = Double(written) { return (.real, value.bitPattern) }
            report(range: range, "<real> '\(written)' is not a number")
            return nil
        case .true, .false:
            if withText(text, { $0.contains(where: { !Self.isXMLSpace($0) }) }) {
                report(range: range, "<\(element.name)/> takes no text")
                return nil
            }
            return (.bool, element == .true ? 1 : 0)
        default:
            return nil
        }
    }

    static func isXMLSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }

    // MARK: Reporting

    private mutating func keyWithoutValue(_ key: PendingKey) {
        report(range: key.range, "key '\(string(key.text))' has no value after it")
    }

    private mutating func report(_ message: String, at offset: Int) {
        report(range: SourceRange(start: offset, end: offset), message)
    }

    private mutating func report(range: SourceRange, _ message: String) {
        // Entries keep byte offsets; only problems found while reading are placed at once,
        // through the text's line index (built at the first of them).
        let lines = sourceText.lines
        let span = PropertyListDocument.span(of: range, in: lines)
        diagnostics.append(
            Diagnostic(
                .parseError, message, at: SourceLocation(file: file, span.start),
                end: span.end != span.start ? span.end : nil,
                sourceLine: lines.text(ofLine: span.start.line)))
    }

    /// Records an error that ends the parse, and stops libxml2.
    mutating func fail(_ message: String, at offset: Int) {
        guard !stopped else { return }
        report(message, at: offset)
        stopped = true
        state.pointee.fast = 0
        if let context { xmlStopParser(context) }
    }
}

extension String {
    /// The string without leading and trailing XML white space (space, tab, CR, LF).
    package func trimmingXMLSpace() -> String {
        let isSpace: (UInt8) -> Bool = { $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }
        let bytes = utf8
        guard let first = bytes.firstIndex(where: { !isSpace($0) }),
            let last = bytes.lastIndex(where: { !isSpace($0) })
        else { return "" }
        if first == bytes.startIndex, bytes.index(after: last) == bytes.endIndex { return self }
        return String(self[first...last])
    }
}
