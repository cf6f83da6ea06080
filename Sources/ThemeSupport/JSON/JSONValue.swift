/// A JSON value without locations: what a reader keeps when it needs the values only (a
/// configuration's meaning once its places are checked, the parts of a Language Server
/// message that are not modelled, such as `id`).
///
/// Objects are dictionaries: `JSONReader` refuses a key written twice before a value of
/// this type is made from a file (`.refuse`), and order does not matter to what reads it.
package enum JSONValue: Codable, Sendable, Hashable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    package init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let flag = try? container.decode(Bool.self) {
            self = .bool(flag)
        } else if let number = try? container.decode(Double.self) {
            self = .number(number)
        } else if let text = try? container.decode(String.self) {
            self = .string(text)
        } else if let array = try? container.decode([JSONValue].self) {
            self = .array(array)
        } else {
            self = .object(try container.decode([String: JSONValue].self))
        }
    }

    package func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .null: try container.encodeNil()
        case .bool(let flag): try container.encode(flag)
        case .number(let number):
            // Ids are integers: written without a fraction.
            if number.rounded() == number, abs(number) < 1e15 {
                try container.encode(Int64(number))
            } else {
                try container.encode(number)
            }
        case .string(let text): try container.encode(text)
        case .array(let array): try container.encode(array)
        case .object(let object): try container.encode(object)
        }
    }

    /// The member `key` of an object; nil otherwise.
    package subscript(key: String) -> JSONValue? {
        if case .object(let object) = self { return object[key] }
        return nil
    }

    /// The text of a string.
    package var string: String? {
        if case .string(let text) = self { return text }
        return nil
    }

    /// The elements of an array.
    package var array: [JSONValue]? {
        if case .array(let array) = self { return array }
        return nil
    }

    /// What the value is, in the words of an error message: `a string`, `an object`, …
    package var kind: String {
        switch self {
        case .null: "null"
        case .bool: "a boolean"
        case .number: "a number"
        case .string: "a string"
        case .array: "an array"
        case .object: "an object"
        }
    }
}
