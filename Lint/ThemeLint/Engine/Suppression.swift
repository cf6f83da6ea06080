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
        // Comments and entries are both in file order: the entry after each comment is
        // found by walking the entries once for all comments, not once per comment.
        var following = 0
        return comments.compactMap { comment in
            let text = comment.text.trimmingCharacters(in: .whitespaces)
            guard text.hasPrefix(marker) else { return nil }
            let ids = text.dropFirst(marker.count)
                .split(whereSeparator: { $0 == "," || $0 == " " || $0 == "\t" || $0 == "\n" })
                .map(String.init)
            while following < entries.count, entries[following].keyRange.start <= comment.range.start {
                following += 1
            }
            let next = following < entries.count ? entries[following] : nil
            let lines = next.map { next -> ClosedRange<Int> in
                let first = index.line(at: next.keyRange.start)
                return first...max(index.line(at: next.valueRange.end), first)
            }
            return Directive(file: file, comment: comment, ids: ids, lines: lines)
        }
    }

    /// Removes what the files' directives silence, and reports directives that name no
    /// rule (`invalid_disable`) or silence nothing (`superfluous_disable`).
    static func apply(to diagnostics: inout [Diagnostic], files: [ThemeFile]) {
        let directives = files.flatMap(directives(in:))
        guard !directives.isEmpty else { return }
        let silencing = index(of: directives)
        var used = [Bool](repeating: false, count: directives.count)
        // Kept diagnostics are moved down in place: a large report is not copied.
        var keptCount = 0
        for index in diagnostics.indices {
            let silencedBy = silencing[diagnostics[index].location.file]?[
                LineRule(line: diagnostics[index].location.line, code: diagnostics[index].code)]
            if let silencedBy {
                used[silencedBy] = true
            } else {
                diagnostics.swapAt(keptCount, index)
                keptCount += 1
            }
        }
        diagnostics.removeSubrange(keptCount...)
        var kept: [Diagnostic] = []
        defer { diagnostics += kept }
        // "Did you mean" for rule ids that name no rule, in file order while the budget lasts.
        let ruleIDs = RuleCatalog.descriptions.map(\.id.rawValue)
        var budget = Suggestions.Budget()
        for (index, directive) in directives.enumerated() {
            let document = directive.file.document
            let unknown = directive.ids.filter { RuleCatalog.description(of: DiagnosticCode(rawValue: $0)) == nil }
            if directive.ids.isEmpty {
                kept.append(
                    document.diagnostic(
                        .invalidDisable, InvalidDisableRule.namesNoRule, at: directive.comment.range))
            }
            for id in unknown {
                let suggestion = budget.closest(to: id, among: ruleIDs)
                kept.append(
                    document.diagnostic(
                        .invalidDisable, InvalidDisableRule.unknownRule(id, suggestion: suggestion),
                        at: directive.comment.range))
            }
            // A rule that no comment can silence (parse_error, not_flat, …) is named, not
            // reported as silencing nothing: the problem may well be there.
            let unsilenceable = directive.ids.filter {
                RuleCatalog.description(of: DiagnosticCode(rawValue: $0))?.isSuppressible == false
            }
            for id in unsilenceable {
                kept.append(
                    document.diagnostic(
                        .invalidDisable, InvalidDisableRule.cannotBeSilenced(id),
                        at: directive.comment.range))
            }
            if !used[index], unknown.isEmpty, unsilenceable.isEmpty, !directive.ids.isEmpty {
                kept.append(
                    document.diagnostic(
                        .superfluousDisable, severity: .warning,
                        SuperfluousDisableRule.message(directive.ids),
                        at: directive.comment.range))
            }
        }
    }

    /// A line of a file and a rule.
    struct LineRule: Hashable {
        var line: Int
        var code: DiagnosticCode
    }

    /// For each file path, line and suppressible rule, the first directive that silences
    /// that rule on that line: one lookup per diagnostic instead of a scan of every
    /// directive.
    ///
    /// Directives that follow one another before the same entry share its lines, and are
    /// taken together, so that the lines of one entry are visited once however many
    /// comments stand before it: the work is linear in the lines and the comments.
    static func index(of directives: [Directive]) -> [String: [LineRule: Int]] {
        var index: [String: [LineRule: Int]] = [:]
        var start = 0
        while start < directives.count {
            let path = directives[start].file.path
            let lines = directives[start].lines
            var end = start + 1
            while end < directives.count, directives[end].file.path == path, directives[end].lines == lines {
                end += 1
            }
            defer { start = end }
            guard let lines else { continue }
            // The first directive of the run that names each suppressible rule.
            var first: [DiagnosticCode: Int] = [:]
            for position in start..<end {
                for id in directives[position].ids {
                    let code = DiagnosticCode(rawValue: id)
                    guard first[code] == nil, RuleCatalog.description(of: code)?.isSuppressible == true else {
                        continue
                    }
                    first[code] = position
                }
            }
            guard !first.isEmpty else { continue }
            // Runs come in directive order, so a line and rule already taken belong to an
            // earlier directive, which wins as it did when every directive was tried in order.
            for line in lines {
                for (code, position) in first where index[path]?[LineRule(line: line, code: code)] == nil {
                    index[path, default: [:]][LineRule(line: line, code: code)] = position
                }
            }
        }
        return index
    }
}
