import ThemeKit

/// `themelint:` comments. `<!-- themelint:disable-next-line rule_id[, rule_id] -->`
/// silences the named rules for the entry that follows it (its key and value lines);
/// `<!-- themelint:disable-file rule_id… -->` silences them for the whole file. Any other
/// comment whose text starts `themelint:` is a mistake (`invalid_disable`), never ignored.
struct Suppression {
    /// What every directive starts with.
    static let prefix = "themelint:"

    /// The directives there are, by the word after `themelint:`.
    enum Kind: String, CaseIterable {
        case nextLine = "disable-next-line"
        case file = "disable-file"
    }

    /// One comment's request, or one `$extensions` member's in a DTCG file.
    struct Directive {
        var file: ThemeFile
        /// Where the comment is (from `<!--` to past `-->`), or the DTCG member's value.
        var range: SourceRange
        /// Whether the directive is a DTCG file's `"org.themekit.lint"` member.
        var inJSON = false
        var kind: Kind
        var ids: [String]
        /// The lines of the entry after the comment, if there is one (`disable-next-line`).
        var lines: ClosedRange<Int>?
        /// Why a comment starting `themelint:` is no directive; `nil` for a directive.
        var malformed: String?
    }

    /// Reads a comment's text: `nil` when it is no `themelint:` comment, else the directive
    /// or why it is none. Linear in the text.
    static func parse(_ commentText: Substring) -> (kind: Kind, ids: [String], malformed: String?)? {
        let text = commentText.drop(while: \.isWhitespace)
        guard text.hasPrefix(prefix) else { return nil }
        let afterPrefix = text.dropFirst(prefix.count)
        let word = afterPrefix.prefix { !$0.isWhitespace }
        guard let kind = Kind(rawValue: String(word)) else {
            // `disable-next-lineRULE`: a directive with its rule glued on.
            if let glued = Kind.allCases.first(where: { word.hasPrefix($0.rawValue) }) {
                return (glued, [], InvalidDisableRule.missingSpace(glued.rawValue))
            }
            let suggestion = Suggestions.closest(to: String(word), among: Kind.allCases.map(\.rawValue))
            return (
                .nextLine, [],
                InvalidDisableRule.notADirective(String(word), suggestion: suggestion.map { prefix + $0 })
            )
        }
        let ids = afterPrefix.dropFirst(word.count)
            .split(whereSeparator: { $0 == "," || $0.isWhitespace })
            .map(String.init)
        return (kind, ids, nil)
    }

    /// The directives of one file, and its `themelint:` comments that are none.
    static func directives(in file: ThemeFile) -> [Directive] {
        let comments = file.document.comments
        guard comments.contains(where: { $0.text.contains(prefix) }) else { return [] }
        // Only now: the entries as strings are made for the whole file on first use.
        let entries = file.document.entries
        let index = file.document.lines()
        // Comments and entries are both in file order: the entry after each comment is
        // found by walking the entries once for all comments, not once per comment.
        var following = 0
        return comments.compactMap { comment in
            guard let (kind, ids, malformed) = parse(comment.text[...]) else { return nil }
            guard malformed == nil, kind == .nextLine else {
                return Directive(file: file, range: comment.range, kind: kind, ids: ids, malformed: malformed)
            }
            while following < entries.count, entries[following].keyRange.start <= comment.range.start {
                following += 1
            }
            let next = following < entries.count ? entries[following] : nil
            let lines = next.map { next -> ClosedRange<Int> in
                let first = index.line(at: next.keyRange.start)
                return first...max(index.line(at: next.valueRange.end), first)
            }
            return Directive(file: file, range: comment.range, kind: kind, ids: ids, lines: lines)
        }
    }

    /// Removes what the files' directives silence, and reports `themelint:` comments that
    /// are no directive or name no rule (`invalid_disable`), and directives that silence
    /// nothing (`superfluous_disable`).
    ///
    /// `tokensFiles` are DTCG files, whose directives are their `$extensions` members
    /// (`directives(inTokens:)`).
    static func apply(to diagnostics: inout [Diagnostic], files: [ThemeFile], tokensFiles: [TokensDocument] = []) {
        let directives = files.flatMap(directives(in:)) + tokensFiles.flatMap(directives(inTokens:))
        guard !directives.isEmpty else { return }
        let silencing = index(of: directives)
        let silencingFiles = fileIndex(of: directives)
        var used = [Bool](repeating: false, count: directives.count)
        // Kept diagnostics are moved down in place: a large report is not copied.
        var keptCount = 0
        for index in diagnostics.indices {
            let location = diagnostics[index].location
            let code = diagnostics[index].code
            let silencedBy =
                silencing[location.file]?[LineRule(line: location.line, code: code)]
                ?? silencingFiles[location.file]?[code]
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
            if let malformed = directive.malformed {
                kept.append(document.diagnostic(.invalidDisable, malformed, at: directive.range))
                continue
            }
            let unknown = directive.ids.filter { RuleCatalog.description(of: DiagnosticCode(rawValue: $0)) == nil }
            if directive.ids.isEmpty {
                kept.append(
                    document.diagnostic(
                        .invalidDisable, InvalidDisableRule.namesNoRule, at: directive.range))
            }
            for id in unknown {
                let suggestion = budget.closest(to: id, among: ruleIDs)
                kept.append(
                    document.diagnostic(
                        .invalidDisable, InvalidDisableRule.unknownRule(id, suggestion: suggestion),
                        at: directive.range))
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
                        at: directive.range))
            }
            if !used[index], unknown.isEmpty, unsilenceable.isEmpty, !directive.ids.isEmpty {
                let message =
                    directive.inJSON
                    ? SuperfluousDisableRule.jsonMessage(directive.ids, wholeFile: directive.kind == .file)
                    : directive.kind == .file
                        ? SuperfluousDisableRule.fileMessage(directive.ids)
                        : SuperfluousDisableRule.message(directive.ids)
                kept.append(
                    document.diagnostic(
                        .superfluousDisable, severity: .warning, message, at: directive.range))
            }
        }
    }

    /// A line of a file and a rule.
    struct LineRule: Hashable {
        var line: Int
        var code: DiagnosticCode
    }

    /// For each file path and suppressible rule, the first `disable-file` directive that
    /// names it: linear in the directives' ids.
    static func fileIndex(of directives: [Directive]) -> [String: [DiagnosticCode: Int]] {
        var index: [String: [DiagnosticCode: Int]] = [:]
        for (position, directive) in directives.enumerated() where directive.kind == .file && directive.malformed == nil
        {
            for id in directive.ids {
                let code = DiagnosticCode(rawValue: id)
                guard RuleCatalog.description(of: code)?.isSuppressible == true,
                    index[directive.file.path]?[code] == nil
                else { continue }
                index[directive.file.path, default: [:]][code] = position
            }
        }
        return index
    }

    /// For each file path, line and suppressible rule, the first directive that silences
    /// that rule on that line: one lookup per diagnostic instead of a scan of every
    /// directive.
    ///
    /// `disable-next-line` directives that follow one another before the same entry share
    /// its lines, and are taken together (other `themelint:` comments among them do not
    /// break the run), so that the lines of one entry are visited once however many
    /// comments stand before it: the work is linear in the lines and the comments.
    static func index(of directives: [Directive]) -> [String: [LineRule: Int]] {
        var index: [String: [LineRule: Int]] = [:]
        var start = 0
        while start < directives.count {
            guard directives[start].kind == .nextLine, directives[start].malformed == nil else {
                start += 1
                continue
            }
            let path = directives[start].file.path
            let lines = directives[start].lines
            var end = start + 1
            while end < directives.count, directives[end].file.path == path,
                directives[end].kind != .nextLine || directives[end].malformed != nil || directives[end].lines == lines
            {
                end += 1
            }
            defer { start = end }
            guard let lines else { continue }
            // The first directive of the run that names each suppressible rule.
            var first: [DiagnosticCode: Int] = [:]
            for position in start..<end
            where directives[position].kind == .nextLine && directives[position].malformed == nil {
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
            // earlier directive, which wins, as it would if every directive were tried in order.
            for line in lines {
                for (code, position) in first where index[path]?[LineRule(line: line, code: code)] == nil {
                    index[path, default: [:]][LineRule(line: line, code: code)] = position
                }
            }
        }
        return index
    }
}
