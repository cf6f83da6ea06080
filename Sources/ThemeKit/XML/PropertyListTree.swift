internal import CLibXML2

/// A value of a property list read whole, nested values included, with where it starts:
/// what `themekit import` reads other managers' plists into (a theme itself is flat, and
/// is read as a `PropertyListDocument`).
package struct PropertyListNode: Sendable, Hashable {
    /// What the node holds.
    package enum Value: Sendable, Hashable {
        /// `<string>`: the text exactly as written, entities decoded.
        case string(String)
        /// `<integer>`.
        case integer(Int)
        /// `<real>`, or an `<integer>` written as a decimal number (`<integer>1.5</integer>`).
        case real(Double)
        /// `<true/>` or `<false/>`.
        case bool(Bool)
        /// `<dict>`: its keys and values in file order, duplicates kept.
        case dict([PropertyListMember])
        /// `<array>`: its values in file order.
        case array([PropertyListNode])
        /// `<data>`: bytes no theme has a value for, not decoded.
        case data
        /// `<date>`: the text as written, without the white space around it.
        case date(String)
    }

    /// What the node holds.
    package var value: Value
    /// Where the node's element starts (its `<`).
    package var location: SourceLocation

    /// Creates a node.
    package init(_ value: Value, at location: SourceLocation) {
        self.value = value
        self.location = location
    }
}

/// One key of a `<dict>` and its value.
package struct PropertyListMember: Sendable, Hashable {
    /// The key's text.
    package var key: String
    /// Where the `<key>` starts.
    package var keyLocation: SourceLocation
    /// The value after the key.
    package var node: PropertyListNode

    /// Creates a member.
    package init(key: String, keyLocation: SourceLocation, node: PropertyListNode) {
        self.key = key
        self.keyLocation = keyLocation
        self.node = node
    }
}

/// What `PropertyListReader.parseTree(_:file:)` made of one file: the flat reading of the
/// same parse (its root element, comments and problems with the XML) and the whole tree.
package struct PropertyListTree: Sendable {
    /// The flat reading, exactly as `parse(_:file:)` gives it.
    package var document: PropertyListDocument
    /// The root value with everything under it; `nil` when the document or the tree has a
    /// problem.
    package var root: PropertyListNode?
    /// What is wrong inside a value the flat reading skips (a nested `<dict>` or `<array>`):
    /// the first problem found, coded `parse_error`; the tree is not read past it. Empty
    /// when the flat reading already has problems (`document.diagnostics`), which come first.
    package var diagnostics: [Diagnostic]
}

/// Builds a `PropertyListNode` tree from the events of one parse, beside the flat builder
/// (which keeps judging the XML and the root dictionary, and enforces the limits): it sees
/// every start tag, text chunk and end tag before the flat builder does.
///
/// Open containers keep their children on two shared stacks (`nodes`, and `keys` for a
/// dict's keys) and take them off when they close: each value is moved once into its parent.
struct TreeBuilder {
    let file: String
    let lines: SourceLines
    private(set) var root: PropertyListNode?
    /// The first problem in the tree; nothing more is read after it.
    private(set) var problem: Diagnostic?

    private var frames: [Frame] = []
    private var nodes: [PropertyListNode] = []
    private var keys: [PendingKey] = []
    /// The text of the scalar being read (scalars hold no elements, so one at a time).
    private var text: [UInt8] = []
    /// Where the text between two tags starts, in a dict or an array.
    private var textStart: Int?

    struct PendingKey {
        var text: String
        var location: SourceLocation
    }

    struct Frame {
        var element: Element
        var start: Int
        /// Where this container's children start on `nodes` and `keys`.
        var firstNode: Int
        var firstKey: Int
        /// A dict's key read and waiting for its value.
        var key: PendingKey?
        /// Where a scalar's content starts, past its start tag's `>` (-1 for `<x/>`).
        var contentStart = -1
    }

    init(file: String, lines: SourceLines) {
        self.file = file
        self.lines = lines
    }

    private func location(_ offset: Int) -> SourceLocation {
        SourceLocation(file: file, lines.position(at: offset))
    }

    private mutating func fail(_ message: String, at location: SourceLocation) {
        guard problem == nil else { return }
        problem = Diagnostic(
            .parseError, message, at: location, sourceLine: lines.text(ofLine: location.line))
    }

    /// A start tag at `start` (its `<`); `written` names it as written.
    mutating func open(_ element: Element, at start: Int, contentStart: Int = -1, written: () -> String) {
        guard problem == nil else { return }
        textStart = nil
        guard let parent = frames.last else {
            if element == .plist {
                push(element, at: start)
            } else {
                openValue(element, at: start, contentStart: contentStart, written: written)
            }
            return
        }
        switch parent.element {
        case .dict:
            if element == .key {
                if let key = parent.key {
                    return fail("the key '\(key.text)' has no value", at: key.location)
                }
                return push(element, at: start, contentStart: contentStart)
            }
            guard parent.key != nil else {
                return fail("this <\(written())> has no <key> before it", at: location(start))
            }
            openValue(element, at: start, contentStart: contentStart, written: written)
        case .array, .plist:
            openValue(element, at: start, contentStart: contentStart, written: written)
        case .key, .string, .integer, .real, .true, .false, .data, .date, .unknown:
            fail("<\(written())> cannot appear inside <\(parent.element.name)>", at: location(start))
        }
    }

    private mutating func openValue(_ element: Element, at start: Int, contentStart: Int, written: () -> String) {
        switch element {
        case .dict, .array, .string, .integer, .real, .true, .false, .data, .date:
            push(element, at: start, contentStart: contentStart)
        case .plist, .key, .unknown:
            fail("<\(written())> is not a property-list element", at: location(start))
        }
    }

    private mutating func push(_ element: Element, at start: Int, contentStart: Int = -1) {
        text.removeAll(keepingCapacity: true)
        frames.append(
            Frame(
                element: element, start: start, firstNode: nodes.count, firstKey: keys.count,
                contentStart: contentStart))
    }

    /// Whether the next chunk of text starts a run in a dict or an array, whose start
    /// `characters(_:offset:)` then needs.
    var needsTextStart: Bool {
        guard problem == nil, textStart == nil, let innermost = frames.last?.element else { return false }
        return innermost == .dict || innermost == .array
    }

    /// A chunk of text that starts at `offset` (read only when `needsTextStart`), after a CR
    /// that libxml2 dropped when `droppedCR`.
    mutating func characters(_ chunk: UnsafeBufferPointer<UInt8>, offset: Int, droppedCR: Bool = false) {
        guard problem == nil, let innermost = frames.last?.element else { return }
        switch innermost {
        case .dict, .array:
            if textStart == nil { textStart = offset }
            if chunk.contains(where: { !Builder.isXMLSpace($0) }) {
                fail(
                    innermost == .dict ? "unexpected text in a <dict>" : "unexpected text in an <array>",
                    at: location(textStart ?? 0))
            }
        case .plist, .unknown:
            break
        case .key, .string, .integer, .real, .true, .false, .data, .date:
            if droppedCR { text.append(0x0D) }
            text.append(contentsOf: chunk)
        }
    }

    /// A comment: text after it starts a new run.
    mutating func comment() {
        textStart = nil
    }

    /// The end tag of the innermost element, whose `<` is at `contentEnd` in `source`.
    mutating func close(contentEnd: Int, source: UnsafeBufferPointer<UInt8>) {
        guard problem == nil, let frame = frames.popLast() else { return }
        textStart = nil
        let at = location(frame.start)
        /// A scalar's text. libxml2 hands a CRLF or a lone CR over as LF, as XML asks;
        /// Foundation's reader (and every manager an import reads) keeps each CR. Content
        /// with no markup in it is its own text, so it is taken from the source as written.
        func scalarText() -> String {
            if frame.contentStart >= 0, frame.contentStart <= contentEnd, contentEnd <= source.count {
                let raw = UnsafeBufferPointer(rebasing: source[frame.contentStart..<contentEnd])
                if raw.contains(0x0D), !raw.contains(where: { $0 == UInt8(ascii: "&") || $0 == UInt8(ascii: "<") }) {
                    return String(decoding: raw, as: UTF8.self)
                }
            }
            return String(decoding: text, as: UTF8.self)
        }
        switch frame.element {
        case .key:
            if !frames.isEmpty {
                frames[frames.count - 1].key = PendingKey(text: scalarText(), location: at)
            }
        case .dict:
            if let key = frame.key { return fail("the key '\(key.text)' has no value", at: key.location) }
            var members: [PropertyListMember] = []
            members.reserveCapacity(nodes.count - frame.firstNode)
            for (key, node) in zip(keys[frame.firstKey...], nodes[frame.firstNode...]) {
                members.append(PropertyListMember(key: key.text, keyLocation: key.location, node: node))
            }
            nodes.removeSubrange(frame.firstNode...)
            keys.removeSubrange(frame.firstKey...)
            add(PropertyListNode(.dict(members), at: at))
        case .array:
            let items = Array(nodes[frame.firstNode...])
            nodes.removeSubrange(frame.firstNode...)
            add(PropertyListNode(.array(items), at: at))
        case .string:
            add(PropertyListNode(.string(scalarText()), at: at))
        case .integer:
            let written = scalarText().trimmingXMLSpace()
            if let number = PlistNumber.integer(written) {
                add(PropertyListNode(.integer(number), at: at))
            } else if let number = Double(written) {
                add(PropertyListNode(.real(number), at: at))
            } else {
                fail("'\(written)' is not an integer", at: at)
            }
        case .real:
            let written = scalarText().trimmingXMLSpace()
            guard let number = Double(written) else { return fail("'\(written)' is not a number", at: at) }
            add(PropertyListNode(.real(number), at: at))
        case .true, .false:
            add(PropertyListNode(.bool(frame.element == .true), at: at))
        case .date:
            add(PropertyListNode(.date(scalarText().trimmingXMLSpace()), at: at))
        case .data:
            add(PropertyListNode(.data, at: at))
        case .plist, .unknown:
            break
        }
    }

    /// A value just closed: the next member of the dict or item of the array it is in, or the root.
    private mutating func add(_ node: PropertyListNode) {
        guard let parent = frames.last, parent.element != .plist else {
            if root == nil { root = node }
            return
        }
        if parent.element == .dict {
            guard let key = parent.key else { return }
            keys.append(key)
            frames[frames.count - 1].key = nil
        }
        nodes.append(node)
    }
}

extension Builder {
    /// Hands a start tag to the tree, with where its `<` is.
    mutating func treeStart(
        _ name: UnsafePointer<xmlChar>, prefix: UnsafePointer<xmlChar>?, namespace: UnsafePointer<xmlChar>?
    ) {
        guard tree != nil, !stopped else { return }
        let element = prefix == nil && namespace == nil ? Element(name) : .unknown
        let cursor = offset
        let start = tagStart(before: cursor)
        // The callback comes with the cursor on the start tag's `>` (on `/` for `<x/>`).
        let contentStart = cursor < bytes.count && bytes[cursor] == UInt8(ascii: ">") ? cursor + 1 : -1
        tree?.open(element, at: start, contentStart: contentStart) {
            Element.written(name, prefix: prefix, namespace: namespace)
        }
    }

    /// Hands an end tag to the tree.
    mutating func treeEnd() {
        guard !stopped else { return }
        // The callback comes with the cursor past the end tag.
        let contentEnd = tagStart(before: offset)
        tree?.close(contentEnd: contentEnd, source: bytes)
    }

    /// Hands a chunk of text to the tree, with where it starts when the tree needs that.
    ///
    /// libxml2 turns a CRLF into LF as XML asks, handing the LF over as a pointer just past
    /// the CR it dropped; Foundation's reader (and every manager an import reads) keeps the
    /// CR, so the tree gets it back.
    mutating func treeCharacters(_ chunk: UnsafeBufferPointer<xmlChar>) {
        guard let needsStart = tree?.needsTextStart, !stopped else { return }
        let start = needsStart ? textOffset(of: chunk) : 0
        var droppedCR = false
        if chunk.first == 0x0A, let context, let pointer = chunk.baseAddress {
            let at = themekit_parser_offset_of(context, pointer)
            droppedCR = at > 0 && at <= bytes.count && bytes[at - 1] == 0x0D
        }
        tree?.characters(chunk, offset: start, droppedCR: droppedCR)
    }
}
