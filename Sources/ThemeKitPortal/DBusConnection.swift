internal import CDBus

/// A D-Bus error: its name (`org.freedesktop.DBus.Error.UnknownMethod`, …) and message.
struct DBusFailure: Error, Equatable, Sendable {
    /// The error's name, as the bus or the peer gave it.
    var name: String
    /// What the error says, for a person.
    var message: String

    /// Runs `body` with a fresh `DBusError`, and returns what it returned and the error it set,
    /// if any. The `DBusError` is freed before this returns.
    static func catching<T>(_ body: (UnsafeMutablePointer<DBusError>) -> T) -> (T, DBusFailure?) {
        var error = DBusError()
        dbus_error_init(&error)
        defer { dbus_error_free(&error) }
        let result = withUnsafeMutablePointer(to: &error) { body($0) }
        guard dbus_error_is_set(&error) != 0 else { return (result, nil) }
        let name = error.name.map { String(cString: $0) } ?? ""
        let message = error.message.map { String(cString: $0) } ?? ""
        return (result, DBusFailure(name: name, message: message))
    }
}

/// A value read from a message, as far as ThemeKitPortal needs to tell values apart:
/// strings, unsigned 32-bit numbers and variants; any other type only by its code.
indirect enum DBusValue: Equatable, Sendable {
    case string(String)
    case uint32(UInt32)
    case variant(DBusValue)
    /// A value of another type, by its D-Bus type code (`i`, `a`, …).
    case other(typeCode: Int32)

    /// The most variants read one inside another. D-Bus allows 64; a portal's value needs two.
    static let variantDepthLimit = 4

    /// The arguments of `message`, in order.
    static func arguments(of message: OpaquePointer) -> [DBusValue] {
        var iterator = DBusMessageIter()
        guard dbus_message_iter_init(message, &iterator) != 0 else { return [] }
        var values: [DBusValue] = []
        repeat {
            values.append(read(&iterator, depth: 0))
        } while dbus_message_iter_next(&iterator) != 0
        return values
    }

    /// The value under `iterator`.
    private static func read(_ iterator: inout DBusMessageIter, depth: Int) -> DBusValue {
        let type = dbus_message_iter_get_arg_type(&iterator)
        switch type {
        case themekit_dbus_type_string():
            var text: UnsafePointer<CChar>?
            dbus_message_iter_get_basic(&iterator, &text)
            return .string(text.map { String(cString: $0) } ?? "")
        case themekit_dbus_type_uint32():
            var number: UInt32 = 0
            dbus_message_iter_get_basic(&iterator, &number)
            return .uint32(number)
        case themekit_dbus_type_variant() where depth < variantDepthLimit:
            var inner = DBusMessageIter()
            dbus_message_iter_recurse(&iterator, &inner)
            return .variant(read(&inner, depth: depth + 1))
        default:
            return .other(typeCode: type)
        }
    }
}

/// One D-Bus message, owned: released when the wrapper goes.
///
/// Not `Sendable`: a message is made, sent and read on its connection's thread.
final class DBusMessage {
    /// The libdbus message, one reference of which this wrapper owns.
    let pointer: OpaquePointer

    /// Takes over one reference to `pointer`.
    init(adopting pointer: OpaquePointer) {
        self.pointer = pointer
    }

    deinit {
        dbus_message_unref(pointer)
    }

    /// A method call with string arguments; nil when libdbus is out of memory.
    ///
    /// The names must be valid D-Bus names and the arguments valid UTF-8: libdbus aborts the
    /// process on a malformed one, so only constants may be passed here.
    static func methodCall(
        destination: String, path: String, interface: String, method: String, arguments: [String] = []
    ) -> DBusMessage? {
        guard let pointer = dbus_message_new_method_call(destination, path, interface, method) else { return nil }
        let message = DBusMessage(adopting: pointer)
        var iterator = DBusMessageIter()
        dbus_message_iter_init_append(pointer, &iterator)
        for argument in arguments {
            let appended = argument.withCString { text in
                var value: UnsafePointer<CChar>? = text
                return dbus_message_iter_append_basic(&iterator, themekit_dbus_type_string(), &value)
            }
            guard appended != 0 else { return nil }
        }
        return message
    }

    /// Whether this is the signal `member` of `interface`.
    func isSignal(interface: String, member: String) -> Bool {
        dbus_message_is_signal(pointer, interface, member) != 0
    }

    /// The object path the message is about, if it names one.
    var path: String? { dbus_message_get_path(pointer).map { String(cString: $0) } }
    /// Who sent the message: a unique name, or `org.freedesktop.DBus` for the bus itself.
    var sender: String? { dbus_message_get_sender(pointer).map { String(cString: $0) } }
    /// Who the message was sent to; nil for a signal broadcast to every matching rule.
    var destination: String? { dbus_message_get_destination(pointer).map { String(cString: $0) } }
    /// The message's arguments, in order.
    var arguments: [DBusValue] { DBusValue.arguments(of: pointer) }
}

/// A private connection to a message bus, registered on it, and closed when the wrapper goes.
///
/// Private (`dbus_connection_open_private`), never libdbus's shared one, so that closing it
/// disturbs no other code in the process. Not `Sendable`: it is made, used and closed on one
/// thread, the loop's.
final class DBusConnection {
    /// A method's reply, or why there is none.
    typealias Reply = Result<DBusMessage, DBusFailure>

    private let pointer: OpaquePointer
    /// The name the bus gave the connection (`:1.42`).
    let uniqueName: String

    private init(pointer: OpaquePointer, uniqueName: String) {
        self.pointer = pointer
        self.uniqueName = uniqueName
    }

    deinit {
        dbus_connection_close(pointer)
        dbus_connection_unref(pointer)
    }

    /// Connects to the bus at `address` and registers on it, waiting at most `timeout` for the
    /// bus to authenticate the connection, and as long again for it to answer `Hello`.
    ///
    /// Both waits are this function's own, for a bus that accepts the connection and then
    /// never answers (one that has hung): libdbus's calls first flush what they send with no
    /// time limit, and a message cannot leave before the connection is authenticated; and
    /// `dbus_bus_register` waits libdbus's default 25 seconds for `Hello`'s reply. So the
    /// connection is authenticated here, then registered with `Hello` sent by hand and
    /// `dbus_bus_set_unique_name`, as `dbus_bus_register` would.
    static func open(address: String, timeout: Duration) -> Result<DBusConnection, DBusFailure> {
        let (opened, openFailure) = DBusFailure.catching { dbus_connection_open_private(address, $0) }
        guard let pointer = opened else {
            return .failure(openFailure ?? DBusFailure(name: "", message: "cannot connect to \(address)"))
        }
        // A private connection does not end the process when the bus goes (the shared one can).
        dbus_connection_set_exit_on_disconnect(pointer, 0)
        let deadline = ContinuousClock.now + timeout
        while dbus_connection_get_is_authenticated(pointer) == 0 {
            let left = deadline - ContinuousClock.now
            guard left > .zero, dbus_connection_get_is_connected(pointer) != 0 else {
                close(pointer)
                return .failure(DBusFailure(name: "", message: "the bus at \(address) did not authenticate"))
            }
            _ = dbus_connection_read_write(pointer, milliseconds(left))
        }
        let hello = DBusMessage.methodCall(
            destination: "org.freedesktop.DBus", path: "/org/freedesktop/DBus", interface: "org.freedesktop.DBus",
            method: "Hello")
        let reply = hello.map { send($0, on: pointer, timeout: timeout) } ?? .failure(.outOfMemory)
        let name: String
        switch reply {
        case .success(let message):
            guard case .string(let unique)? = message.arguments.first,
                unique.withCString({ dbus_bus_set_unique_name(pointer, $0) }) != 0
            else {
                close(pointer)
                return .failure(DBusFailure(name: "", message: "the bus's Hello gave no name"))
            }
            name = unique
        case .failure(let failure):
            close(pointer)
            return .failure(failure)
        }
        return .success(DBusConnection(pointer: pointer, uniqueName: name))
    }

    /// Closes and releases a connection that never got its wrapper.
    private static func close(_ pointer: OpaquePointer) {
        dbus_connection_close(pointer)
        dbus_connection_unref(pointer)
    }

    /// Sends `message` and waits at most `timeout` for its reply; an error reply, a timeout
    /// (`org.freedesktop.DBus.Error.NoReply`) or a lost connection is a failure.
    private static func send(_ message: DBusMessage, on pointer: OpaquePointer, timeout: Duration) -> Reply {
        let (reply, failure) = DBusFailure.catching {
            dbus_connection_send_with_reply_and_block(pointer, message.pointer, milliseconds(timeout), $0)
        }
        guard let reply else { return .failure(failure ?? .outOfMemory) }
        return .success(DBusMessage(adopting: reply))
    }

    /// Calls a method and waits at most `timeout` for its reply.
    func call(_ message: DBusMessage, timeout: Duration) -> Reply {
        Self.send(message, on: pointer, timeout: timeout)
    }

    /// Asks the bus to route the signals `rule` matches to this connection, waiting at most
    /// `timeout` for it to agree; nil when it did.
    func addMatch(_ rule: String, timeout: Duration) -> DBusFailure? {
        guard
            let message = DBusMessage.methodCall(
                destination: "org.freedesktop.DBus", path: "/org/freedesktop/DBus", interface: "org.freedesktop.DBus",
                method: "AddMatch", arguments: [rule])
        else { return .outOfMemory }
        if case .failure(let failure) = call(message, timeout: timeout) { return failure }
        return nil
    }

    /// The connection's socket, for `poll`; nil when it has none (closed).
    var fileDescriptor: Int32? {
        var descriptor: Int32 = -1
        guard dbus_connection_get_unix_fd(pointer, &descriptor) != 0, descriptor >= 0 else { return nil }
        return descriptor
    }

    /// Whether the connection is still open: false once the bus has gone.
    var isConnected: Bool { dbus_connection_get_is_connected(pointer) != 0 }

    /// Reads what the socket holds and writes what is queued, without waiting.
    func pump() {
        _ = dbus_connection_read_write(pointer, 0)
    }

    /// The next message received and not yet taken, if any. After the bus goes, libdbus queues
    /// a last local `Disconnected` signal.
    func nextMessage() -> DBusMessage? {
        dbus_connection_pop_message(pointer).map { DBusMessage(adopting: $0) }
    }

    /// Whether libdbus needs memory to read on (`DBUS_DISPATCH_NEED_MEMORY`): the loop then
    /// waits a while instead of relying on the socket to wake it.
    var needsMemory: Bool { dbus_connection_get_dispatch_status(pointer) == DBUS_DISPATCH_NEED_MEMORY }
}

extension DBusFailure {
    /// libdbus could not allocate a message.
    static let outOfMemory = DBusFailure(name: "org.freedesktop.DBus.Error.NoMemory", message: "out of memory")
}

/// `duration` in whole milliseconds for libdbus, at least 1 and at most `Int32.max`.
func milliseconds(_ duration: Duration) -> Int32 {
    let (seconds, attoseconds) = duration.components
    guard seconds >= 0 else { return 1 }
    guard seconds < Int64(Int32.max / 1000) else { return Int32.max }
    return Int32(max(1, seconds * 1000 + attoseconds / 1_000_000_000_000_000))
}
