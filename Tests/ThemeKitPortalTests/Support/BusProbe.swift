@testable import ThemeKitPortal

/// Who owns `name` on the bus at `address` (a unique name owns itself while it is
/// connected); nil when nobody does, or the bus cannot be asked.
func owner(of name: String, on address: String) -> String? {
    guard case .success(let connection) = DBusConnection.open(address: address, timeout: .seconds(5)),
        let message = DBusMessage.methodCall(
            destination: "org.freedesktop.DBus", path: "/org/freedesktop/DBus", interface: "org.freedesktop.DBus",
            method: "GetNameOwner", arguments: [name]),
        case .success(let reply) = connection.call(message, timeout: .seconds(5)),
        case .string(let owner)? = reply.arguments.first
    else { return nil }
    return owner
}
