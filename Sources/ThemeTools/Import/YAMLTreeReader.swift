internal import CYaml
import ThemeKit
import ThemeSupport
import Yams

/// Reads YAML into located `ImportNode`s from libyaml's events (the C library Yams wraps),
/// with libyaml's marks (1-based line and column, columns in Unicode scalars, as ThemeKit
/// counts them). Scalars are typed by Yams's resolver (YAML 1.1 core schema): `null`,
/// booleans, integers, floats, else strings; a quoted scalar is always a string.
///
/// It composes the nodes itself, where Yams's composer would not do what an import needs:
/// a key written twice is kept twice (the importers note it, as for JSON and plists, where
/// Yams fails the whole file), merge keys (`<<: *base`) are merged, and what aliases
/// expand to is bounded by the file's size (a few lines of nested aliases otherwise expand
/// to a billion values).
package enum YAMLTreeReader {
    /// How deep mappings and sequences may nest (libyaml's own limit is 1,000).
    static let maxDepth = 512

    /// How many values a file's aliases may expand to, in all: 4 a byte of the file, and at
    /// least 10,000 (a base style merged into many: a theme's own use of aliases stays far
    /// below; a few lines of aliases of aliases would reach billions).
    static func expansionLimit(forSize size: Int) -> Int { 10_000 + 4 * size }

    /// Reads the YAML `bytes` (one document); `file` names it in locations.
    ///
    /// - Throws: `ImportFailure` for a syntax error (at libyaml's mark), text that is not
    ///   UTF-8, an empty document or more than one, values nested too deep, or aliases that
    ///   expand beyond `expansionLimit(forSize:)`.
    package static func read(_ bytes: [UInt8], file: String) throws(ImportFailure) -> ImportNode {
        guard UTF8Check.isValid(bytes) else {
            throw ImportFailure("the file is not UTF-8 text", at: SourceLocation(file: file, line: 1, column: 1))
        }
        let composer = Composer(file: file, limit: expansionLimit(forSize: bytes.count))
        let result = bytes.withUnsafeBufferPointer { buffer in
            Result { () throws(ImportFailure) in try composer.document(buffer) }
        }
        return try result.get()
    }

    /// One pass over libyaml's events. The parser lives at a fixed address, as libyaml
    /// needs; every pointer use is in this type.
    final class Composer {
        let file: String
        let limit: Int
        let parser = UnsafeMutablePointer<yaml_parser_t>.allocate(capacity: 1)
        /// The nodes of the anchors seen, with the number of values each holds.
        var anchors: [String: (node: ImportNode, size: Int)] = [:]
        /// The values the aliases have expanded to so far.
        var expanded = 0

        init(file: String, limit: Int) {
            self.file = file
            self.limit = limit
            yaml_parser_initialize(parser)
            yaml_parser_set_encoding(parser, YAML_UTF8_ENCODING)
        }

        deinit {
            yaml_parser_delete(parser)
            parser.deallocate()
        }

        /// What one event says, copied out of libyaml's memory.
        struct Event {
            var type: yaml_event_type_t
            var location: SourceLocation
            var anchor: String?
            var alias: String?
            var scalar = ""
            var scalarTag: String?
            var scalarStyle = Node.Scalar.Style.any
        }

        func location(_ mark: yaml_mark_t) -> SourceLocation {
            SourceLocation(file: file, line: mark.line + 1, column: mark.column + 1)
        }

        func next() throws(ImportFailure) -> Event {
            var raw = yaml_event_t()
            guard yaml_parser_parse(parser, &raw) == 1 else { throw failure() }
            defer { yaml_event_delete(&raw) }
            var event = Event(type: raw.type, location: location(raw.start_mark))
            switch raw.type {
            case YAML_ALIAS_EVENT:
                event.alias = Self.string(raw.data.alias.anchor)
            case YAML_SCALAR_EVENT:
                event.anchor = Self.string(raw.data.scalar.anchor)
                let buffer = UnsafeBufferPointer(start: raw.data.scalar.value, count: raw.data.scalar.length)
                event.scalar = String(decoding: buffer, as: UTF8.self)
                event.scalarTag =
                    raw.data.scalar.quoted_implicit == 1 ? Tag.Name.str.rawValue : Self.string(raw.data.scalar.tag)
                event.scalarStyle = Node.Scalar.Style(rawValue: numericCast(raw.data.scalar.style.rawValue)) ?? .any
            case YAML_SEQUENCE_START_EVENT:
                event.anchor = Self.string(raw.data.sequence_start.anchor)
            case YAML_MAPPING_START_EVENT:
                event.anchor = Self.string(raw.data.mapping_start.anchor)
            default:
                break
            }
            return event
        }

        static func string(_ pointer: UnsafeMutablePointer<UInt8>?) -> String? {
            guard let pointer else { return nil }
            return String(cString: pointer)
        }

        /// The parser's error, in the importer's words where libyaml's would name its API.
        func failure() -> ImportFailure {
            let state = parser.pointee
            let at = location(state.problem_mark)
            if state.error == YAML_MEMORY_ERROR { return ImportFailure("the YAML is too large to read", at: at) }
            let problem = state.problem.map { String(cString: $0) } ?? "an error"
            if problem.contains("nest") {
                return ImportFailure("values are nested more than \(YAMLTreeReader.maxDepth) deep", at: at)
            }
            return ImportFailure("malformed YAML: \(problem)", at: at)
        }

        func document(_ buffer: UnsafeBufferPointer<UInt8>) throws(ImportFailure) -> ImportNode {
            yaml_parser_set_input_string(parser, buffer.baseAddress, buffer.count)
            _ = try next()  // the stream's start
            let start = try next()
            guard start.type == YAML_DOCUMENT_START_EVENT else {
                throw ImportFailure("the YAML document is empty", at: SourceLocation(file: file, line: 1, column: 1))
            }
            let root = try node(try next(), depth: 0).node
            _ = try next()  // the document's end
            let after = try next()
            if after.type == YAML_DOCUMENT_START_EVENT {
                throw ImportFailure(
                    "the file holds more than one YAML document: a theme is one", at: after.location)
            }
            return root
        }

        /// The node that `event` starts, and how many values it holds.
        func node(_ event: Event, depth: Int) throws(ImportFailure) -> (node: ImportNode, size: Int) {
            let made: (node: ImportNode, size: Int)
            switch event.type {
            case YAML_ALIAS_EVENT:
                guard let name = event.alias, let found = anchors[name] else {
                    throw ImportFailure("malformed YAML: found undefined alias", at: event.location)
                }
                expanded += found.size
                guard expanded <= limit else {
                    throw ImportFailure(
                        "the aliases expand to more than \(limit) values, which a file of this size cannot mean: refused (nested aliases that multiply)",
                        at: event.location)
                }
                return found
            case YAML_SCALAR_EVENT:
                made = (scalar(event), 1)
            case YAML_SEQUENCE_START_EVENT:
                guard depth < YAMLTreeReader.maxDepth else {
                    throw ImportFailure(
                        "values are nested more than \(YAMLTreeReader.maxDepth) deep", at: event.location)
                }
                var items: [ImportNode] = []
                var size = 1
                var item = try next()
                while item.type != YAML_SEQUENCE_END_EVENT {
                    let child = try node(item, depth: depth + 1)
                    items.append(child.node)
                    size += child.size
                    item = try next()
                }
                made = (ImportNode(.array(items), at: event.location), size)
            case YAML_MAPPING_START_EVENT:
                guard depth < YAMLTreeReader.maxDepth else {
                    throw ImportFailure(
                        "values are nested more than \(YAMLTreeReader.maxDepth) deep", at: event.location)
                }
                made = try mapping(event, depth: depth)
            default:
                throw ImportFailure("malformed YAML: an unexpected event", at: event.location)
            }
            if let anchor = event.anchor { anchors[anchor] = made }
            return made
        }

        /// A mapping's members in file order (a key written twice kept twice), then the
        /// members its merge keys bring that it does not set itself (an earlier merged
        /// mapping winning over a later one, as YAML's merge key says).
        func mapping(_ start: Event, depth: Int) throws(ImportFailure) -> (node: ImportNode, size: Int) {
            var members: [ImportMember] = []
            var merged: [ImportMember] = []
            var size = 1
            var keyEvent = try next()
            while keyEvent.type != YAML_MAPPING_END_EVENT {
                let key = try node(keyEvent, depth: depth + 1)
                let value = try node(try next(), depth: depth + 1)
                size += key.size + value.size
                let isMerge =
                    keyEvent.type == YAML_SCALAR_EVENT && keyEvent.scalar == "<<"
                    && (keyEvent.scalarTag == nil || keyEvent.scalarTag == Tag.Name.merge.rawValue)
                if isMerge {
                    let sources = value.node.members.map { [$0] } ?? arrayItems(value.node).compactMap(\.members)
                    guard value.node.members != nil || !sources.isEmpty else {
                        throw ImportFailure(
                            "a merge key ('<<') takes a mapping or a list of mappings, not \(value.node.noun)",
                            at: value.node.location)
                    }
                    merged += sources.flatMap { $0 }
                } else {
                    let name = keyEvent.type == YAML_SCALAR_EVENT ? keyEvent.scalar : key.node.string ?? key.node.noun
                    members.append(ImportMember(key: name, keyLocation: key.node.location, node: value.node))
                }
                keyEvent = try next()
            }
            if !merged.isEmpty {
                var present = Set(members.map(\.key))
                for member in merged where present.insert(member.key).inserted { members.append(member) }
            }
            return (ImportNode(.dict(members), at: start.location), size)
        }

        func arrayItems(_ node: ImportNode) -> [ImportNode] {
            if case .array(let items) = node.value { return items }
            return []
        }

        /// A scalar typed as Yams types it.
        func scalar(_ event: Event) -> ImportNode {
            let tag = Tag(event.scalarTag.map(Tag.Name.init(rawValue:)) ?? .implicit)
            let node = Node.scalar(Node.Scalar(event.scalar, tag, event.scalarStyle))
            let at = event.location
            if node.null != nil { return ImportNode(.null, at: at) }
            if let flag = node.bool { return ImportNode(.bool(flag), at: at) }
            if let number = node.int { return ImportNode(.integer(number), at: at) }
            if let number = node.float { return ImportNode(.real(number), at: at) }
            return ImportNode(.string(event.scalar), at: at)
        }
    }
}
