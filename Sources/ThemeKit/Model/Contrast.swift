import Foundation

extension ThemeColor {
    /// The color's relative luminance as WCAG 2.x defines it: 0 for black, 1 for white.
    ///
    /// Channels are taken as sRGB and linearised first; alpha is ignored (see
    /// `contrastRatio(against:)` for translucent colors).
    package var relativeLuminance: Double {
        func linear(_ channel: Double) -> Double {
            let value = min(max(channel, 0), 1)
            return value <= 0.04045 ? value / 12.92 : pow((value + 0.055) / 1.055, 2.4)
        }
        return 0.2126 * linear(red) + 0.7152 * linear(green) + 0.0722 * linear(blue)
    }

    /// This color painted over `background`: the color a translucent foreground shows as.
    /// The result is opaque when the background is.
    package func composited(over background: ThemeColor) -> ThemeColor {
        let alpha = min(max(self.alpha, 0), 1)
        let below = min(max(background.alpha, 0), 1)
        let outAlpha = alpha + below * (1 - alpha)
        guard outAlpha > 0 else { return ThemeColor(red: 0, green: 0, blue: 0, alpha: 0) }
        func mix(_ top: Double, _ bottom: Double) -> Double {
            (top * alpha + bottom * below * (1 - alpha)) / outAlpha
        }
        return ThemeColor(
            red: mix(red, background.red), green: mix(green, background.green), blue: mix(blue, background.blue),
            alpha: outAlpha)
    }

    /// A contrast ratio as WCAG checkers show it: two decimals, truncated rather than
    /// rounded, so that a failing 4.499 reads 4.49 and never the passing-looking 4.50.
    package static func contrastRatioText(_ ratio: Double) -> String {
        guard ratio.isFinite, ratio >= 0, ratio < 1e12 else { return String(ratio) }
        let hundredths = Int((ratio * 100).rounded(.down))
        let fraction = hundredths % 100
        return "\(hundredths / 100).\(fraction < 10 ? "0" : "")\(fraction)"
    }

    /// The WCAG 2.x contrast ratio of this color as text on `background`, from 1 (none) to 21
    /// (black on white). A translucent foreground is painted over the background first; a
    /// translucent background is taken as painted over white, as a page's would be.
    package func contrastRatio(against background: ThemeColor) -> Double {
        let white = ThemeColor(red: 1, green: 1, blue: 1)
        let ground = background.alpha < 1 ? background.composited(over: white) : background
        let text = alpha < 1 ? composited(over: ground) : self
        let lighter = max(text.relativeLuminance, ground.relativeLuminance)
        let darker = min(text.relativeLuminance, ground.relativeLuminance)
        return (lighter + 0.05) / (darker + 0.05)
    }
}
