// The XDG desktop portal is a Linux service, read over the session D-Bus (libdbus-1): this
// product has nothing to do on Apple platforms, and says so when built there rather than build
// a source that would only ever answer "no preference".
#if !os(Linux)
    #error(
        "ThemeKitPortal reads the XDG desktop portal over D-Bus and is Linux-only. On Apple platforms, do not link it: set ThemeManager.appearanceSource to an AppearanceSource of your own, or leave it unset."
    )
#endif
