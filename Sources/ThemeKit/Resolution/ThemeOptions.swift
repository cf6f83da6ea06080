/// Options that change how themes are read and resolved.
public struct ThemeOptions: Sendable, Hashable {
    /// Where 4- and 8-digit colors keep their alpha: CSS order by default.
    public var alphaOrder: ThemeColor.AlphaOrder
    /// Bounds on each file read.
    public var limits: ThemeLimits

    /// Creates options.
    public init(alphaOrder: ThemeColor.AlphaOrder = .alphaLast, limits: ThemeLimits = .standard) {
        self.alphaOrder = alphaOrder
        self.limits = limits
    }
}
