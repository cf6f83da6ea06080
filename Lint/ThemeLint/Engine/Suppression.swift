import ThemeKit

/// `<!-- themelint:disable-next-line rule_id[, rule_id] -->` comments: each silences the
/// named rules for the entry that follows it (its key and value lines).
struct Suppression {
    static let marker = "themelint:disable-next-line"

    /// One comment's request.
    struct Directive {
        var file: ThemeFile
        var comment: PropertyListComment
        var ids: [String]
        /// The lines of the entry after the comment, if there is one.
        var lines: ClosedRange<Int>?
    }

    /// The directives of one file.
    static func directives(in file: ThemeFile) -> [Directive] {
        let entries = file.document.entries
        let comments = file.document.comments
        guard comments.contains(where: { $0.text.contains(marker) }) else { return [] }
        let index = file.document.lines()
        return comments.compactMap { comment in
            let text = comment.text.trimmingCharacters(in: .whitespaces)
            guard text.hasPrefix(marker) else { return nil }
            let ids = text.dropFirst(marker.count)
                .split(whereSeparator: { $0 == "," || $0 == " " || $0 == "\t" || $0 == "\n" })
                .map(String.init)
            let next = entries.first { $0.keyRange.start > comment.range.start }
            let lines = next.map { next -> ClosedRange<Int> in
                let first = index.line(at: next.keyRange.start)
                return first...max(index.line(at: next.valueRange.end), first)
            }
            return Directive(file: file, comment: comment, ids: ids, lines: lines)
        }
    }

    /// Removes what the files' directives silence, and reports directives that name no
    /// rule (`invalid_disable`) or silence nothing (`superfluous_disable`).
    static func apply(to diagnostics: [Diagnostic], files: [ThemeFile]) -> [Diagnostic] {
        let directives = files.flatMap(directives(in:))
        guard !directives.isEmpty else { return diagnostics }
        var kept: [Diagnostic] = []
        var used = [Bool](repeating: false, count: directives.count)
        for diagnostic in diagnostics {
            let silencedBy = directives.indices.first { index in
                let directive = directives[index]
                guard directive.file.path == diagnostic.location.file, let lines = directive.lines,
                    lines.contains(diagnostic.location.line), directive.ids.contains(diagnostic.code.rawValue),
                    RuleCatalog.description(of: diagnostic.code)?.isSuppressible == true
                else { return false }
                return true
            }
            if let silencedBy {
                used[silencedBy] = true
            } else {
                kept.append(diagnostic)
            }
        }
        for (index, directive) in directives.enumerated() {
            let document = directive.file.document
            let unknown = directive.ids.filter { RuleCatalog.description(of: DiagnosticCode(rawValue: $0)) == nil }
            if directive.ids.isEmpty {
                kept.append(
                    document.diagnostic(
                        .invalidDisable, "this comment names no rule to disable", at: directive.comment.range))
            }
            for id in unknown {
                let hint =
                    Suggestions.closest(to: id, among: RuleCatalog.descriptions.map(\.id.rawValue))
                    .map { "; did you mean '\($0)'?" } ?? ""
                kept.append(
                    document.diagnostic(
                        .invalidDisable, "'\(id)' is not a themelint rule\(hint)", at: directive.comment.range))
            }
            if !used[index], unknown.isEmpty, !directive.ids.isEmpty {
                kept.append(
                    document.diagnostic(
                        .superfluousDisable, severity: .warning,
                        "this comment silences nothing: no \(directive.ids.joined(separator: ", ")) on the next entry",
                        at: directive.comment.range))
            }
        }
        return kept
    }
}
