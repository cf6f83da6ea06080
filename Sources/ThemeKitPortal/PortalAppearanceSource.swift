internal import CDBus
import Foundation
public import ThemeKit

/// The desktop's light or dark preference on Linux, read from the XDG desktop portal over
/// the session D-Bus.
///
/// The portal (`org.freedesktop.portal.Desktop`) publishes the preference as the setting
/// `org.freedesktop.appearance` `color-scheme`: 1 is dark, 2 is light, and anything else
/// (0 included) is no preference, `nil`. GNOME, KDE and other desktops set it; libadwaita,
/// Qt and Chromium read it there.
///
/// ```swift
/// themes.appearanceSource = PortalAppearanceSource()
/// ```
///
/// Nothing here can stop an app. A portal that answers with an error or a value of another
/// type is no preference. No bus, no portal, or no answer in time is no preference at the
/// start; later (a portal or a bus that goes) the last value stands until a portal answers
/// again, so that a restart does not flash the other appearance. A portal that starts is read
/// at once. Every call to the bus waits at most a second, and a bus that cannot be reached is
/// tried again after 1 s, then 2, 4, … up to 30 s.
///
/// `Sendable`: it holds only the bus's address; each ``appearances()`` sequence has its own
/// connection and thread.
public struct PortalAppearanceSource: AppearanceSource, Sendable {
    /// The bus's address; nil when the environment names none.
    let busAddress: String?
    /// How each sequence's loop is tuned (tests shorten its waits).
    let options: PortalOptions

    /// A source on the session bus: `DBUS_SESSION_BUS_ADDRESS`, else the socket `bus` in
    /// `XDG_RUNTIME_DIR` (where systemd starts it), as libdbus finds the session bus.
    public init() {
        self.init(busAddress: Self.sessionBusAddress(ProcessInfo.processInfo.environment), options: PortalOptions())
    }

    /// A source on the bus at `busAddress`, a D-Bus address such as
    /// `unix:path=/run/user/1000/bus`.
    public init(busAddress: String) {
        self.init(busAddress: busAddress, options: PortalOptions())
    }

    init(busAddress: String?, options: PortalOptions) {
        self.busAddress = busAddress
        self.options = options
    }

    /// The preference now, then at each change; `nil` is no preference.
    ///
    /// Each call starts its own connection, on its own thread, and returns at once: the first
    /// element comes when the portal has answered (or could not be reached), and each later
    /// element differs from the one before it. The sequence never ends by itself; when its
    /// consumer stops reading (the task is cancelled, or the sequence is dropped), the thread
    /// closes the connection and ends. A consumer that falls more than 16 changes behind
    /// loses the oldest it has not read.
    public func appearances() -> AsyncStream<ThemeAppearance?> {
        let (stream, continuation) = AsyncStream.makeStream(
            of: ThemeAppearance?.self, bufferingPolicy: .bufferingNewest(16))
        let waker = LoopWaker()
        continuation.onTermination = { _ in waker.stop() }
        PortalLoop.start(address: busAddress, options: options, continuation: continuation, waker: waker)
        return stream
    }

    /// The session bus's address in `environment`, as libdbus finds it (but never by starting
    /// one): `DBUS_SESSION_BUS_ADDRESS`, else `unix:path=$XDG_RUNTIME_DIR/bus`; nil when both
    /// are unset or empty.
    static func sessionBusAddress(_ environment: [String: String]) -> String? {
        if let address = environment["DBUS_SESSION_BUS_ADDRESS"], !address.isEmpty {
            return address
        }
        guard let runtime = environment["XDG_RUNTIME_DIR"], !runtime.isEmpty,
            let escaped = dbus_address_escape_value(runtime + "/bus")
        else { return nil }
        defer { dbus_free(escaped) }
        return "unix:path=" + String(cString: escaped)
    }
}
