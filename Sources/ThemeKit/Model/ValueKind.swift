/// What a value is, without the value: the kind of a key as a theme uses it, and the type a
/// typed key hands back.
///
/// The typed kinds follow the key's suffix (`…Color`, `…Font`, `…Size`, …; see
/// `ValueKind`); a key with no typed suffix holds a `string`, `number` or `bool`, as written.
package enum ThemeValueKind: String, Sendable, Hashable, CaseIterable {
    case color, font, size, length, opacity, duration, image, string, number, bool
}

/// One kind of value: everything ThemeKit and its tools know about it, in one entry of one
/// table (`ValueKind.all`).
///
/// The resolver parses and checks a typed key's value from its entry, the linter's rules and
/// the tools (`themekit show`, `export`, `preview`, `keys`) read their words, units and types
/// from it, and the fuzz invariants check every loaded value against it. Adding a kind is
/// adding an entry here (with its case of `ThemeValueKind` and its `DiagnosticCode`) and
/// its rule file in ThemeLint, listed in `RuleCatalog`; a test fails when a kind has no
/// rule, no preview section, no export or no key type.
package final class ValueKind: Sendable {
    /// What a typed value must be.
    package enum Domain: Sendable, Hashable {
        /// A hex color.
        case color
        /// A font name (a `<string>`), with a size found for it.
        case font
        /// An image name (a `<string>`).
        case image
        /// A number (`<integer>`, `<real>` or a numeric `<string>`) in `range`.
        case number(NumberRange)
        /// Whatever was written: a string, number or bool.
        case untyped

        /// Whether any string is a value of the domain (a font or image name). Where none
        /// is, a string that reads as a key name is taken for an alias that names no key.
        package var takesNames: Bool {
            switch self {
            case .font, .image, .untyped: true
            case .color, .number: false
            }
        }
    }

    /// The bounds of a typed number.
    package struct NumberRange: Sendable, Hashable {
        /// The least value allowed.
        package var minimum: Double
        /// Whether `minimum` itself is allowed.
        package var includesMinimum: Bool
        /// The greatest value allowed (excluded when `includesMaximum` is false).
        package var maximum: Double
        /// Whether `maximum` itself is allowed.
        package var includesMaximum: Bool

        /// Whether `number` is within the bounds (never for NaN).
        package func contains(_ number: Double) -> Bool {
            (includesMinimum ? number >= minimum : number > minimum)
                && (includesMaximum ? number <= maximum : number < maximum)
        }
    }

    /// The kind.
    package let kind: ThemeValueKind
    /// The key suffixes that make a key this kind (none for the untyped kinds). No suffix
    /// ends another, so the order they are matched in does not matter; `…FontSize` ends in
    /// `Size` and is a size.
    package let suffixes: [String]
    /// What the value must be.
    package let domain: Domain
    /// The code of a value that is not of this kind (typed kinds only).
    package let code: DiagnosticCode?
    /// What the value must be, as the diagnostic says it: "a color (3, 4, 6 or 8 hex
    /// digits, '#' optional)".
    package let expected: String
    /// The same, short: "a color", for "which is neither a color nor a key".
    package let noun: String
    /// A value of this kind as a theme writes it.
    package let example: String
    /// The Swift type a lookup hands back (and a generated `ThemeKey` holds).
    package let lookupType: String
    /// The section of `themekit preview` that shows keys of this kind.
    package let previewSection: String
    /// The CSS unit of a number of this kind (`px`, `s`), if it has one.
    package let unit: String?
    /// The kind names a `$type` declaration gives this kind with (SPEC §2): the design
    /// tokens' (`color`, `dimension`, …) plus `image`, `string` and `boolean`. A name
    /// belongs to one kind; a kind may have none (`…Font`, `…Size` and `…Opacity` are
    /// suffix kinds only).
    package let declaredNames: [String]

    /// Entries are the table's (`all`): a class, so that handing one out costs a retain,
    /// not a copy of every field.
    private init(
        kind: ThemeValueKind, suffixes: [String], domain: Domain, code: DiagnosticCode?, expected: String,
        noun: String, example: String, lookupType: String, previewSection: String, unit: String?,
        declaredNames: [String] = []
    ) {
        self.kind = kind
        self.suffixes = suffixes
        self.domain = domain
        self.code = code
        self.expected = expected
        self.noun = noun
        self.example = example
        self.lookupType = lookupType
        self.previewSection = previewSection
        self.unit = unit
        self.declaredNames = declaredNames
    }

    // MARK: The table

    /// `…Color`: a hex color.
    package static let color = ValueKind(
        kind: .color, suffixes: ["Color"], domain: .color, code: .invalidColor,
        expected: "a color (3, 4, 6 or 8 hex digits, '#' optional)", noun: "a color", example: "#35a2fb",
        lookupType: "ThemeColor", previewSection: "Colors", unit: nil, declaredNames: ["color"])
    /// `…Size` (and `…FontSize`): a number greater than 0, in points.
    package static let size = ValueKind(
        kind: .size, suffixes: ["Size"], domain: .number(.positive), code: .invalidSize,
        expected: "a number greater than 0", noun: "a number greater than 0", example: "17",
        lookupType: "Double", previewSection: "Sizes", unit: "px")
    /// `…Font`: a font name, sized by its `…FontSize`.
    package static let font = ValueKind(
        kind: .font, suffixes: ["Font"], domain: .font, code: .invalidFont, expected: "a font name",
        noun: "a font name", example: "Helvetica", lookupType: "ThemeFont", previewSection: "Fonts", unit: nil)
    /// `…Image`: an image name.
    package static let image = ValueKind(
        kind: .image, suffixes: ["Image"], domain: .image, code: .invalidImage, expected: "an image name",
        noun: "an image name", example: "headerBackground", lookupType: "String", previewSection: "Images",
        unit: nil, declaredNames: ["image"])
    /// `…Width`, `…Height`, `…Radius`, `…Padding`, `…Spacing`: a length of 0 or more, in
    /// points (DB5's and RNThemeManager's `cornerRadius`, `borderWidth`, …).
    package static let length = ValueKind(
        kind: .length, suffixes: ["Width", "Height", "Radius", "Padding", "Spacing"],
        domain: .number(.nonNegative), code: .invalidLength, expected: "a length of 0 or more",
        noun: "a length of 0 or more", example: "8", lookupType: "Double", previewSection: "Lengths", unit: "px",
        declaredNames: ["dimension"])
    /// `…Alpha`, `…Opacity`: a number from 0 to 1.
    package static let opacity = ValueKind(
        kind: .opacity, suffixes: ["Alpha", "Opacity"], domain: .number(.unit), code: .invalidOpacity,
        expected: "a number from 0 to 1", noun: "a number from 0 to 1", example: "0.6", lookupType: "Double",
        previewSection: "Opacities", unit: nil)
    /// `…Duration`, `…Delay`: a number of seconds, 0 or more, looked up as a `Duration`
    /// (which holds less than 2^63 seconds).
    package static let duration = ValueKind(
        kind: .duration, suffixes: ["Duration", "Delay"], domain: .number(.seconds), code: .invalidDuration,
        expected: "a number of seconds (0 or more, below 2^63)", noun: "a number of seconds", example: "0.25",
        lookupType: "Duration", previewSection: "Durations", unit: "s", declaredNames: ["duration"])
    /// An untyped `<string>`.
    package static let string = ValueKind(
        kind: .string, suffixes: [], domain: .untyped, code: nil, expected: "a string", noun: "a string",
        example: "Welcome", lookupType: "String", previewSection: untypedSection, unit: nil,
        declaredNames: ["string", "fontFamily", "cubicBezier", "strokeStyle"])
    /// An untyped `<integer>` or `<real>`.
    package static let number = ValueKind(
        kind: .number, suffixes: [], domain: .untyped, code: nil, expected: "a number", noun: "a number",
        example: "3", lookupType: "Double", previewSection: untypedSection, unit: nil,
        declaredNames: ["number", "fontWeight"])
    /// An untyped `<true/>` or `<false/>`.
    package static let bool = ValueKind(
        kind: .bool, suffixes: [], domain: .untyped, code: nil, expected: "a flag", noun: "a flag", example: "<true/>",
        lookupType: "Bool", previewSection: untypedSection, unit: nil, declaredNames: ["boolean"])

    /// The preview section of the untyped kinds.
    private static let untypedSection = "Strings, numbers and flags"

    /// Every kind, in the order the tools show them: the typed ones, then the untyped.
    package static let all: [ValueKind] = ThemeValueKind.allCases.map(of)

    /// The kinds a key's suffix can give.
    package static let typed: [ValueKind] = all.filter { !$0.suffixes.isEmpty }

    /// The entry of `kind`.
    package static func of(_ kind: ThemeValueKind) -> ValueKind {
        switch kind {
        case .color: color
        case .font: font
        case .size: size
        case .length: length
        case .opacity: opacity
        case .duration: duration
        case .image: image
        case .string: string
        case .number: number
        case .bool: bool
        }
    }

    /// The typed kind `key`'s suffix gives it, or `nil` for an untyped key.
    ///
    /// Called for every key a theme loads: the key's last eight bytes are read once into a
    /// word, and each suffix is one masked compare.
    package static func typed(forKey key: String) -> ValueKind? {
        let found =
            key.utf8.withContiguousStorageIfAvailable(suffixIndex.typedIndex)
            ?? Array(key.utf8).withUnsafeBufferPointer(suffixIndex.typedIndex)
        return found.map { typed[$0] }
    }

    /// The kind a `$type` declaration names (`color`, `dimension`, …), or `nil` for a name
    /// that is no kind.
    package static func declared(named name: String) -> ValueKind? { declaredByName[name] }

    /// Every kind name a `$type` may give, in the table's order.
    package static let declaredNames: [String] = all.flatMap(\.declaredNames)

    private static let declaredByName: [String: ValueKind] = Dictionary(
        all.flatMap { kind in kind.declaredNames.map { ($0, kind) } }, uniquingKeysWith: { first, _ in first })

    /// The number the resolver holds a kind as: its index in `typed` plus one, or 0 for an
    /// untyped kind (as `SuffixIndex.typedNumber(forKey:)` numbers a suffix's kind).
    package var typedNumber: UInt8 {
        ValueKind.typed.firstIndex { $0 === self }.map { UInt8($0 + 1) } ?? 0
    }

    /// The typed kinds' suffixes, which give a key's typed kind as a number
    /// (`typedNumber(forKey:)`). Read once and held by the loop that uses it: each read of
    /// the static is a `swift_once` call.
    package static var keySuffixes: SuffixIndex { suffixIndex }

    /// Each typed kind's domain, by `typedNumber - 1`.
    package static let typedDomains: [Domain] = typed.map(\.domain)

    /// What a value of this kind must be where a `$type` declares the kind rather than a
    /// suffix: a declared `dimension` (the one name of `length`) may be negative, as DTCG's
    /// dimensions may; every other kind's domain is its suffix's.
    package var declaredDomain: Domain { kind == .length ? .number(.finite) : domain }

    /// `expected` where a `$type` declares the kind.
    package var declaredExpected: String { kind == .length ? "a length (a number)" : expected }

    /// `declaredDomain` of each typed kind, by `typedNumber - 1`.
    package static let typedDeclaredDomains: [Domain] = typed.map(\.declaredDomain)

    /// `typedNumber` of `…Size` keys and of `…Font` keys. Literals, not found in `typed`:
    /// a static computed at run time costs a `swift_once` call at each read, and the
    /// resolver reads these once a value. A test holds them to `typed`.
    package static let sizeNumber: UInt8 = 3
    package static let fontNumber: UInt8 = 2

    /// A suffix as the last bytes of a key: its bytes, last byte in the top byte of `word`,
    /// and the mask of its length. (No suffix is longer than eight bytes: checked by a test.)
    fileprivate struct SuffixWord {
        var word: UInt64
        var mask: UInt64
        var length: Int
        /// The index of its kind in `typed`.
        var kind: Int
        /// The next suffix (plus one) ending in the same byte; 0 for none.
        var next: Int
    }

    /// Every suffix of every typed kind as words, chained by last byte: `first[b]` is the
    /// first suffix (plus one) ending in byte `b`. Held in memory that is never freed, so
    /// that reading it costs no retain and no bounds check.
    package struct SuffixIndex: @unchecked Sendable {
        // Written once, when the table is built, then only read.
        fileprivate let first: UnsafeMutablePointer<UInt8>
        fileprivate let suffixes: UnsafeMutablePointer<SuffixWord>

        /// The typed kind of a key given as its UTF-8 bytes, as a number: its index in
        /// `typed` plus one, or 0 for none. The reader stores it in each entry, so that
        /// resolution neither matches suffixes again nor touches a `ValueKind` (a class: a
        /// retain and a release each time) for the keys that are fine.
        @inline(__always)
        package func typedNumber(forKey bytes: UnsafeBufferPointer<UInt8>) -> UInt8 {
            typedIndex(bytes).map { UInt8($0 + 1) } ?? 0
        }

        /// The index in `typed` of the kind whose suffix `bytes` end with.
        ///
        /// The key's last byte picks the suffixes that could match (at most two share one:
        /// `Size`/`Image`, `Width`/`Height`, …); each is then one masked compare of the key's
        /// last eight bytes.
        @inline(__always)
        fileprivate func typedIndex(_ bytes: UnsafeBufferPointer<UInt8>) -> Int? {
            guard let base = bytes.baseAddress, let last = bytes.last else { return nil }
            var candidate = Int(first[Int(last)])
            guard candidate != 0 else { return nil }
            var tail: UInt64
            if bytes.count >= 8 {
                // The last eight bytes in one load: the last byte lands in the top byte.
                tail = UInt64(littleEndian: UnsafeRawPointer(base + bytes.count - 8).loadUnaligned(as: UInt64.self))
            } else {
                tail = 0
                for offset in 0..<bytes.count {
                    tail |= UInt64(base[bytes.count - 1 - offset]) << (56 - 8 * UInt64(offset))
                }
            }
            while candidate != 0 {
                let suffix = suffixes[candidate - 1]
                if tail & suffix.mask == suffix.word && suffix.length <= bytes.count { return suffix.kind }
                candidate = Int(suffix.next)
            }
            return nil
        }
    }

    private static let suffixIndex: SuffixIndex = {
        var words: [SuffixWord] = []
        for index in typed.indices {
            for suffix in typed[index].suffixes {
                let bytes = Array(suffix.utf8.suffix(8))
                var word: UInt64 = 0
                for (offset, byte) in bytes.reversed().enumerated() {
                    word |= UInt64(byte) << (56 - 8 * UInt64(offset))
                }
                let mask: UInt64 = bytes.count == 8 ? ~0 : ~(~0 >> (8 * UInt64(bytes.count)))
                words.append(SuffixWord(word: word, mask: mask, length: bytes.count, kind: index, next: 0))
            }
        }
        let first = UnsafeMutablePointer<UInt8>.allocate(capacity: 256)
        first.initialize(repeating: 0, count: 256)
        for position in words.indices.reversed() {
            let last = Int(words[position].word >> 56)
            words[position].next = Int(first[last])
            first[last] = UInt8(position + 1)
        }
        let suffixes = UnsafeMutablePointer<SuffixWord>.allocate(capacity: words.count)
        suffixes.initialize(from: words, count: words.count)
        return SuffixIndex(first: first, suffixes: suffixes)
    }()

    // MARK: Values

    /// The value a number is held as in a key of typed kind `typedNumber` (as
    /// `keySuffixes.typedNumber(forKey:)` gives it): `.size` for a size, `.number` otherwise.
    @inline(__always)
    package static func value(_ number: Double, typedNumber: UInt8) -> ThemeValue {
        typedNumber == sizeNumber ? .size(number) : .number(number)
    }

    /// The kind of `value` held by `key`: the key's typed kind, or for an untyped key the
    /// kind of what was written.
    package static func of(key: String, value: ThemeValue) -> ThemeValueKind {
        entry(forKey: key, value: value).kind
    }

    /// The entry of the kind of `value` held by `key` (see `of(key:value:)`).
    package static func entry(forKey key: String, value: ThemeValue) -> ValueKind {
        if let typed = typed(forKey: key) { return typed }
        return switch value {
        case .color: color
        case .font: font
        case .size: size
        case .image: image
        case .string: string
        case .number: number
        case .bool: bool
        }
    }

    // MARK: Font pairs

    /// The key that sizes the font `fontKey`: `xFont` → `xFontSize`.
    package static func sizeKey(ofFont fontKey: String) -> String { fontKey + sizeSuffix.description }

    /// What a font key's size key adds to it.
    package static let sizeSuffix: StaticString = "Size"

    /// The font a `…FontSize` key sizes (`xFontSize` → `xFont`), or `nil` for any other key.
    ///
    /// Compared on the bytes (`String.hasSuffix` compares graphemes, and a combining mark after
    /// the suffix would hide it), last byte first: the linter asks for every key.
    package static func fontKey(ofSize sizeKey: String) -> String? {
        let matches =
            sizeKey.utf8.withContiguousStorageIfAvailable(isFontSizeKey)
            ?? Array(sizeKey.utf8).withUnsafeBufferPointer(isFontSizeKey)
        return matches ? String(sizeKey.dropLast(4)) : nil
    }

    /// Whether a key given as its UTF-8 bytes ends with `FontSize`: its last eight bytes
    /// compared as one word.
    @inline(__always)
    package static func isFontSizeKey(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard bytes.count >= 8, let base = bytes.baseAddress else { return false }
        // "FontSize" read as a little-endian word.
        return UInt64(littleEndian: UnsafeRawPointer(base + bytes.count - 8).loadUnaligned(as: UInt64.self))
            == 0x657A_6953_746E_6F46
    }

    /// `FontSize`, as bytes.
}

extension ValueKind.NumberRange {
    /// Greater than 0 (sizes).
    package static let positive = Self(minimum: 0, includesMinimum: false, maximum: .infinity, includesMaximum: false)
    /// 0 or more (lengths).
    package static let nonNegative = Self(
        minimum: 0, includesMinimum: true, maximum: .infinity, includesMaximum: false)
    /// From 0 to 1 (opacities).
    package static let unit = Self(minimum: 0, includesMinimum: true, maximum: 1, includesMaximum: true)
    /// Any finite number: a declared `dimension` (DTCG's negative letter spacing and
    /// shadow offsets), where a `…Width` or `…Padding` length is 0 or more.
    package static let finite = Self(
        minimum: -.infinity, includesMinimum: false, maximum: .infinity, includesMaximum: false)
    /// 0 or more, below 2^63 seconds: what a `Duration` holds without trapping.
    package static let seconds = Self(minimum: 0, includesMinimum: true, maximum: 0x1p63, includesMaximum: false)
}
