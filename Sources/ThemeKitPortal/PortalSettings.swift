internal import CDBus
import ThemeKit

/// What ThemeKitPortal knows of the XDG desktop portal's `org.freedesktop.portal.Settings`:
/// its names, the one setting it reads (`org.freedesktop.appearance` `color-scheme`), and how
/// replies and signals carry that setting.
enum PortalSettings {
    /// The portal's well-known name on the session bus.
    static let busName = "org.freedesktop.portal.Desktop"
    /// The object that implements the portal's interfaces.
    static let objectPath = "/org/freedesktop/portal/desktop"
    /// The settings interface.
    static let interface = "org.freedesktop.portal.Settings"
    /// The setting's namespace and key.
    static let namespace = "org.freedesktop.appearance"
    static let key = "color-scheme"

    /// The two ways to read a setting.
    enum Method: String {
        /// Version 2 of the interface: the reply is a variant holding the value (`u`).
        case readOne = "ReadOne"
        /// Version 1 (Debian 12's xdg-desktop-portal 1.16 has no `ReadOne`): the reply is a
        /// variant holding a variant holding the value.
        case read = "Read"
    }

    /// A portal without `ReadOne` answers with this error; `Read` is then asked.
    static let unknownMethod = DBUS_ERROR_UNKNOWN_METHOD

    /// The errors that say no portal answered, as opposed to an answer (`NotFound`, …): none
    /// on the bus, none in time, or the connection went.
    static let noAnswer: Set<String> = [
        DBUS_ERROR_SERVICE_UNKNOWN, DBUS_ERROR_NAME_HAS_NO_OWNER, DBUS_ERROR_NO_REPLY, DBUS_ERROR_TIMEOUT,
        DBUS_ERROR_DISCONNECTED, DBUS_ERROR_NO_MEMORY,
    ]

    /// The call that reads `color-scheme` with `method`; nil when libdbus is out of memory.
    static func call(_ method: Method) -> DBusMessage? {
        DBusMessage.methodCall(
            destination: busName, path: objectPath, interface: interface, method: method.rawValue,
            arguments: [namespace, key])
    }

    /// The signals the loop asks the bus for, before it reads the value, so that no change
    /// between the read and the subscription is lost: `SettingChanged` from the portal for
    /// this one setting (`arg0`, `arg1`), and the bus's `NameOwnerChanged` for the portal's
    /// name, to read again when a portal starts. The bus delivers a signal to a rule with a
    /// well-known `sender` only when that name's owner sent it.
    static let matchRules = [
        "type='signal',sender='\(busName)',interface='\(interface)',member='SettingChanged',"
            + "path='\(objectPath)',arg0='\(namespace)',arg1='\(key)'",
        "type='signal',sender='org.freedesktop.DBus',interface='org.freedesktop.DBus',member='NameOwnerChanged',"
            + "path='/org/freedesktop/DBus',arg0='\(busName)'",
    ]

    /// The appearance a `color-scheme` number stands for: 1 dark, 2 light, and anything else
    /// (0 included) no preference.
    static func appearance(colorScheme: UInt32) -> ThemeAppearance? {
        switch colorScheme {
        case 1: .dark
        case 2: .light
        default: nil
        }
    }

    /// The appearance a reply to `ReadOne` or `Read` carries: its one argument must be a
    /// variant holding a `u`, or a variant holding a variant holding one. Any other reply is
    /// no preference.
    static func appearance(reply arguments: [DBusValue]) -> ThemeAppearance? {
        guard arguments.count == 1, let value = arguments.first else { return nil }
        return appearance(in: value)
    }

    /// The appearance in a setting's value: a variant holding a `u` (or a variant holding a
    /// variant holding one, as `Read` answers); anything else is no preference.
    static func appearance(in value: DBusValue) -> ThemeAppearance? {
        switch value {
        case .variant(.uint32(let number)), .variant(.variant(.uint32(let number))):
            appearance(colorScheme: number)
        default:
            nil
        }
    }

    /// What a message the loop receives means.
    enum Notice: Equatable {
        /// `color-scheme` changed: the appearance its new value stands for.
        case changed(ThemeAppearance?)
        /// A portal took the name: read the value again.
        case portalStarted
        /// The bus closed the connection (libdbus's local `Disconnected`).
        case disconnected
        /// Nothing for the loop: another signal, a reply, or a signal sent to this connection
        /// alone (a `SettingChanged` counts only when broadcast, where the bus checks its sender).
        case ignored
    }

    /// What `message` means to the loop.
    static func notice(for message: DBusMessage) -> Notice {
        if message.isSignal(interface: interface, member: "SettingChanged") {
            guard message.destination == nil, message.path == objectPath else { return .ignored }
            let arguments = message.arguments
            guard arguments.count == 3, arguments[0] == .string(namespace), arguments[1] == .string(key) else {
                return .ignored
            }
            return .changed(appearance(in: arguments[2]))
        }
        if message.isSignal(interface: "org.freedesktop.DBus", member: "NameOwnerChanged") {
            let arguments = message.arguments  // name, old owner, new owner ("" when none)
            guard message.sender == "org.freedesktop.DBus", arguments.count == 3, arguments[0] == .string(busName),
                arguments[2] != .string("")
            else { return .ignored }
            return .portalStarted
        }
        if message.isSignal(interface: "org.freedesktop.DBus.Local", member: "Disconnected") {
            return .disconnected
        }
        return .ignored
    }
}
