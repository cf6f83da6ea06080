/// A stable identifier for a kind of problem, such as `duplicate_key`.
///
/// Codes never change once published: tests, suppression comments and CI filters match on
/// them. They are the same strings `themelint` uses as rule ids. ThemeKit declares the codes
/// of what it refuses to load; ThemeLint declares those of its own checks.
public struct DiagnosticCode: RawRepresentable, Sendable, Hashable, Comparable,
    ExpressibleByStringLiteral, CustomStringConvertible
{
    /// The code as written, in `snake_case`.
    public var rawValue: String

    /// Creates a code from its `snake_case` spelling.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// Creates a code from a string literal.
    public init(stringLiteral value: String) { self.rawValue = value }

    public var description: String { rawValue }

    public static func < (lhs: DiagnosticCode, rhs: DiagnosticCode) -> Bool {
        lhs.rawValue < rhs.rawValue
    }

    /// The file is not a readable XML property list: malformed XML, a wrong encoding, an
    /// unknown element, a scalar whose text does not parse, a refused DTD feature.
    public static let parseError: DiagnosticCode = "parse_error"
    /// The root is not a `<dict>`, or a value is a `<dict>`, `<array>`, `<data>` or `<date>`.
    public static let notFlat: DiagnosticCode = "not_flat"
    /// A key appears twice in one file.
    public static let duplicateKey: DiagnosticCode = "duplicate_key"
    /// The file could not be read at all (unreadable, a directory, a dangling link).
    public static let ioError: DiagnosticCode = "io_error"
    /// A theme name that is not `[A-Za-z0-9][A-Za-z0-9._-]*`; refused before any file is read.
    public static let invalidThemeName: DiagnosticCode = "invalid_theme_name"
    /// No `<name>.plist` in the theme folder.
    public static let themeNotFound: DiagnosticCode = "theme_not_found"
    /// An alias that names no key: `@name`, or a typed value that is neither valid nor a key.
    public static let unresolvedAlias: DiagnosticCode = "unresolved_alias"
    /// Aliases that lead back to where they started.
    public static let aliasCycle: DiagnosticCode = "alias_cycle"
    /// A `…Font` with no `…FontSize`, on its own key or along its alias chain.
    public static let missingFontSize: DiagnosticCode = "missing_font_size"
    /// A `…Color` whose value is not a hex color.
    public static let invalidColor: DiagnosticCode = "invalid_color"
    /// A `…Size` whose value is not a number greater than zero.
    public static let invalidSize: DiagnosticCode = "invalid_size"
    /// A `…Font` whose value is not a font name (a string).
    public static let invalidFont: DiagnosticCode = "invalid_font"
    /// An `…Image` whose value is not an image name (a string).
    public static let invalidImage: DiagnosticCode = "invalid_image"
    /// `INHERITED_THEME` names a theme that does not exist or is not a valid name.
    public static let missingParent: DiagnosticCode = "missing_parent"
    /// `INHERITED_THEME` leads back to a theme already in the chain.
    public static let inheritanceCycle: DiagnosticCode = "inheritance_cycle"
    /// A length (`…Width`, `…Height`, `…Radius`, `…Padding`, `…Spacing`) that is not a
    /// number of 0 or more.
    public static let invalidLength: DiagnosticCode = "invalid_length"
    /// An opacity (`…Alpha`, `…Opacity`) that is not a number from 0 to 1.
    public static let invalidOpacity: DiagnosticCode = "invalid_opacity"
    /// A duration (`…Duration`, `…Delay`) that is not a number of seconds, 0 or more.
    public static let invalidDuration: DiagnosticCode = "invalid_duration"
    /// `APPEARANCE` is neither `light` nor `dark`.
    public static let invalidAppearance: DiagnosticCode = "invalid_appearance"
    /// `DARK_THEME` or `LIGHT_THEME` names a theme that does not exist or is not a valid name.
    public static let missingPartner: DiagnosticCode = "missing_partner"

    // DTCG tokens files (SPEC §12): themelint's rules of the same ids (Lint/ThemeLint/Rules/Token*);
    // package, as no app needs the constants.
    /// A token or group name with `{`, `}` or `.`, or one starting with `$` that DTCG does not reserve.
    package static let tokenName: DiagnosticCode = "token_name"
    /// A token's `$value` that does not fit its `$type` (a color object with no space, a
    /// dimension with no unit, …), or a token with no value.
    package static let tokenValue: DiagnosticCode = "token_value"
    /// A reference that cannot be followed as written: a curly reference to a token of
    /// another `$type`, a `{` with no `}`, a `$ref` to another file outside a resolver, a
    /// source a resolver cannot read. (One that names nothing is `unresolved_alias`, one
    /// that leads back to itself `alias_cycle`.)
    package static let tokenReference: DiagnosticCode = "token_reference"
    /// A warning: where a tokens file deviates from DTCG 2025.10 and the reader kept the
    /// value anyway (a hex string color, an `em` unit, a `string` type), or converted it
    /// (`rem` to pixels, a color out of sRGB's gamut).
    package static let tokenNote: DiagnosticCode = "token_note"
}
