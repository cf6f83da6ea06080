import ThemeKit
import ThemeSupport

/// Silencing rules in a DTCG file, which has no comments: the format's own place for a
/// tool's data, `$extensions`, under the reverse-domain key `org.themekit.lint`.
///
///     "$extensions": { "org.themekit.lint": { "disable": ["token_note", "min_contrast"] } }
///
/// On a token or a group, it silences those rules on the lines the token or group spans (as
/// `themelint:disable-next-line` does for a plist's entry); at the file's root, in the
/// whole file (`themelint:disable-file`). A member that is not an object with a `disable`
/// list of rule ids is `invalid_disable`; one that silences nothing is
/// `superfluous_disable`, as for comments.
extension Suppression {
    /// The key under `$extensions` that holds themelint's directives.
    static let extensionKey = "org.themekit.lint"

    /// The directives of a DTCG file, in file order of the tokens and groups that hold them
    /// (an outer group's before an inner one's, so that the outer wins where both name a
    /// rule). The JSON is read again only when the reader kept such a member: one walk,
    /// linear in the file.
    static func directives(inTokens tokens: TokensDocument) -> [Directive] {
        guard tokens.extensions.values.contains(where: { $0[extensionKey] != nil }),
            let root = try? JSONReader.read(tokens.bytes, duplicateKeys: .keep, maximumDepth: 1024)
        else { return [] }
        let file = tokens.themeFile
        var found: [(first: Int, last: Int, directive: Directive)] = []
        // The last line of the value at `node` (its last member's or element's), the
        // directives below it added on the way back up. Nesting is bounded by the reader.
        func walk(_ node: JSONNode, firstLine: Int, isRoot: Bool) -> Int {
            var last = node.location.line
            switch node.value {
            case .object(let members):
                for member in members {
                    last = max(last, walk(member.value, firstLine: member.keyLocation.line, isRoot: false))
                }
                if let lint = node["$extensions"]?[extensionKey] {
                    found.append(
                        (firstLine, last, directive(lint, in: file, lines: isRoot ? nil : firstLine...last)))
                }
            case .array(let elements):
                for element in elements {
                    last = max(last, walk(element, firstLine: element.location.line, isRoot: false))
                }
            default:
                break
            }
            return last
        }
        _ = walk(root, firstLine: root.location.line, isRoot: true)
        return found.sorted { ($0.first, -$0.last) < ($1.first, -$1.last) }.map(\.directive)
    }

    /// The directive `lint` (the value of `org.themekit.lint`) makes: for `lines`, or for the
    /// whole file when nil.
    private static func directive(_ lint: JSONNode, in file: ThemeFile, lines: ClosedRange<Int>?) -> Directive {
        let at = SourceRange(start: lint.location.offset, end: lint.location.offset)
        let kind: Kind = lines == nil ? .file : .nextLine
        guard let list = lint["disable"]?.elements, lint.members?.count == 1 else {
            return Directive(
                file: file, range: at, inJSON: true, kind: kind, ids: [], lines: lines,
                malformed: InvalidDisableRule.notAnExtension)
        }
        // Shown as written in what is reported of them (a rule id has no character to escape).
        let ids = list.compactMap(\.string).map(Escaping.visible)
        guard ids.count == list.count else {
            return Directive(
                file: file, range: at, inJSON: true, kind: kind, ids: [], lines: lines,
                malformed: InvalidDisableRule.notAnExtension)
        }
        return Directive(file: file, range: at, inJSON: true, kind: kind, ids: ids, lines: lines)
    }
}
