/// Where a JSON value or key starts (or ends): its byte offset and its 1-based line and
/// column.
///
/// A line break is LF (a CR before it belongs to the line, as `SourceLines` counts); the
/// column counts Unicode scalars from the line's start, as every location themelint and
/// `themekit import` print. A leading byte-order mark is not counted: positions start at
/// the character after it, as editors show them.
package struct JSONLocation: Sendable, Hashable {
    /// Bytes from the start of the text (after a leading byte-order mark).
    package var offset: Int
    /// The 1-based line.
    package var line: Int
    /// The 1-based column, in Unicode scalars.
    package var column: Int

    /// Creates a location.
    package init(offset: Int, line: Int, column: Int) {
        self.offset = offset
        self.line = line
        self.column = column
    }
}

/// A JSON value as read, with where it starts and ends; objects keep their members in
/// source order.
package struct JSONNode: Sendable, Hashable {
    /// What the node holds.
    package enum Value: Sendable, Hashable {
        case null
        case bool(Bool)
        /// A number written without fraction or exponent that fits an `Int`.
        case integer(Int)
        /// Any other number (always finite: `JSONReader` refuses one out of `Double`'s range).
        case real(Double)
        case string(String)
        case array([JSONNode])
        /// The members in source order; a key written twice is here twice unless the reader
        /// refused it (`JSONReader.DuplicateKeys`).
        case object([JSONMember])
    }

    /// What the node holds.
    package var value: Value
    /// Where the value starts.
    package var location: JSONLocation
    /// The offset just past the value's last character (a string's closing quote, an
    /// object's `}`): `location.offset..<endOffset` is the whole value as written. Its line
    /// and column are `end(in:)`'s: an offset is one `Int` a node, where a location would be
    /// three for every node of every file, asked for by few.
    package var endOffset: Int

    /// Creates a node; one made by a caller, not read, ends where it starts unless told.
    package init(_ value: Value, at location: JSONLocation, endOffset: Int? = nil) {
        self.value = value
        self.location = location
        self.endOffset = endOffset ?? location.offset
    }

    /// Where the value ends (just past its last character), in `bytes`, the text the node
    /// was read from as given to `JSONReader.read`: counted from its start, over the value.
    package func end(in bytes: [UInt8]) -> JSONLocation { location.advanced(to: endOffset, in: bytes) }

    /// The members, when the node is an object.
    package var members: [JSONMember]? {
        if case .object(let members) = value { return members }
        return nil
    }

    /// The elements, when the node is an array.
    package var elements: [JSONNode]? {
        if case .array(let elements) = value { return elements }
        return nil
    }

    /// The text, when the node is a string.
    package var string: String? {
        if case .string(let text) = value { return text }
        return nil
    }

    /// The last member named `key`, when the node is an object.
    package subscript(key: String) -> JSONNode? {
        members?.last { $0.key == key }?.value
    }

    /// The value without locations; of a key written twice, the last is kept.
    package var plain: JSONValue {
        switch value {
        case .null: .null
        case .bool(let flag): .bool(flag)
        case .integer(let number): .number(Double(number))
        case .real(let number): .number(number)
        case .string(let text): .string(text)
        case .array(let elements): .array(elements.map(\.plain))
        case .object(let members):
            .object(Dictionary(members.map { ($0.key, $0.value.plain) }, uniquingKeysWith: { _, last in last }))
        }
    }
}

/// One member of a JSON object: its key, where the key starts and ends, and its value.
package struct JSONMember: Sendable, Hashable {
    /// The key, its escapes decoded.
    package var key: String
    /// Where the key starts (its opening quote).
    package var keyLocation: JSONLocation
    /// The offset just past the key's closing quote (its line and column: `keyEnd(in:)`).
    package var keyEndOffset: Int
    /// The value.
    package var value: JSONNode

    /// Creates a member; one made by a caller, not read, has its key end where it starts
    /// unless told.
    package init(key: String, keyLocation: JSONLocation, keyEndOffset: Int? = nil, value: JSONNode) {
        self.key = key
        self.keyLocation = keyLocation
        self.keyEndOffset = keyEndOffset ?? keyLocation.offset
        self.value = value
    }

    /// Where the key ends (just past its closing quote), in `bytes`, the text it was read
    /// from as given to `JSONReader.read`.
    package func keyEnd(in bytes: [UInt8]) -> JSONLocation { keyLocation.advanced(to: keyEndOffset, in: bytes) }
}

extension JSONLocation {
    /// The location of `offset`, at or after this one, in `bytes` (the text as given to
    /// `JSONReader.read`, a leading byte-order mark not counted, as the reader counts):
    /// lines and columns counted over the bytes between, as the reader counts them.
    package func advanced(to offset: Int, in bytes: [UInt8]) -> JSONLocation {
        let skipped = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        var location = self
        var index = self.offset + skipped
        let end = min(max(offset, self.offset) + skipped, bytes.count)
        while index < end {
            let byte = bytes[index]
            if byte == 0x0A {
                location.line += 1
                location.column = 1
            } else if byte & 0xC0 != 0x80 {
                // Every byte that is not a UTF-8 continuation byte starts a scalar.
                location.column += 1
            }
            index += 1
        }
        location.offset = end - skipped
        return location
    }
}

/// Why a text is not JSON: where, and what, in words for a person (user text quoted and
/// escaped as JSON escapes it, `JSONText.quoted`).
package struct JSONSyntaxError: Error, Sendable, Hashable, CustomStringConvertible {
    /// Where the problem is.
    package var location: JSONLocation
    /// What is wrong.
    package var message: String

    /// Creates an error.
    package init(_ message: String, at location: JSONLocation) {
        self.message = message
        self.location = location
    }

    /// `LINE:COLUMN: MESSAGE`.
    package var description: String { "\(location.line):\(location.column): \(message)" }
}

extension JSONNode {
    /// The number, when the node is one (an integer as a `Double`).
    package var number: Double? {
        switch value {
        case .integer(let whole): Double(whole)
        case .real(let real): real
        default: nil
        }
    }

    /// The number as an `Int`, when the node is a number with no fraction (`2`, `2.0`, `2e0`)
    /// that fits one.
    package var wholeNumber: Int? {
        switch value {
        case .integer(let whole): whole
        case .real(let real): Int(exactly: real)
        default: nil
        }
    }

    /// What the value is, in the words of an error message: `a string`, `an object`, …
    package var kind: String {
        switch value {
        case .null: "null"
        case .bool: "a boolean"
        case .integer, .real: "a number"
        case .string: "a string"
        case .array: "an array"
        case .object: "an object"
        }
    }
}
