import TestSupport
import Testing
import ThemeKit

@testable import ThemeKitPortal

/// What the source makes of the portal's answers, and of its environment, without a bus.
@Suite struct PortalDecodingTests {
    @Test(
        "color-scheme 1 is dark, 2 light, anything else no preference",
        arguments: [(0, nil), (1, .dark), (2, .light), (3, nil), (7, nil), (.max, nil)] as [(UInt32, ThemeAppearance?)])
    func colorSchemeNumbers(number: UInt32, expected: ThemeAppearance?) {
        #expect(PortalSettings.appearance(colorScheme: number) == expected)
    }

    @Test(
        "a reply is a variant holding u (ReadOne) or a variant holding that (Read); any other shape is no preference",
        arguments: [
            ([.variant(.uint32(1))], .dark),
            ([.variant(.variant(.uint32(2)))], .light),
            ([.variant(.variant(.variant(.uint32(1))))], nil),
            ([.uint32(1)], nil),
            ([.variant(.string("dark"))], nil),
            ([.variant(.other(typeCode: 105))], nil),
            ([], nil),
            ([.variant(.uint32(1)), .variant(.uint32(1))], nil),
        ] as [([DBusValue], ThemeAppearance?)])
    func replyShapes(reply: [DBusValue], expected: ThemeAppearance?) {
        #expect(PortalSettings.appearance(reply: reply) == expected)
    }

    @Test("the match rules narrow SettingChanged to the portal's color-scheme, and NameOwnerChanged to the portal")
    func matchRules() {
        #expect(
            PortalSettings.matchRules == [
                "type='signal',sender='org.freedesktop.portal.Desktop',interface='org.freedesktop.portal.Settings',"
                    + "member='SettingChanged',path='/org/freedesktop/portal/desktop',"
                    + "arg0='org.freedesktop.appearance',arg1='color-scheme'",
                "type='signal',sender='org.freedesktop.DBus',interface='org.freedesktop.DBus',"
                    + "member='NameOwnerChanged',path='/org/freedesktop/DBus',arg0='org.freedesktop.portal.Desktop'",
            ])
    }

    @Test("the session bus is DBUS_SESSION_BUS_ADDRESS, else XDG_RUNTIME_DIR's bus (escaped), else none")
    func sessionBusAddress() {
        let address = PortalAppearanceSource.sessionBusAddress
        #expect(
            address(["DBUS_SESSION_BUS_ADDRESS": "unix:path=/a", "XDG_RUNTIME_DIR": "/run/user/1"]) == "unix:path=/a")
        #expect(
            address(["DBUS_SESSION_BUS_ADDRESS": "", "XDG_RUNTIME_DIR": "/run/user/1"]) == "unix:path=/run/user/1/bus")
        #expect(address(["XDG_RUNTIME_DIR": "/tmp/a b,c"]) == "unix:path=/tmp/a%20b%2cc/bus")
        #expect(address(["XDG_RUNTIME_DIR": ""]) == nil)
        #expect(address([:]) == nil)
    }

    @Test("retries wait 1 s, then twice as long each time up to 30 s, and start over after a connection")
    func retryDelays() {
        var delay = RetryDelay(first: .seconds(1), longest: .seconds(30))
        let waits = (0..<7).map { _ in delay.next() }
        #expect(waits == [1, 2, 4, 8, 16, 30, 30].map { Duration.seconds($0) })
        delay.reset()
        #expect(delay.next() == .seconds(1))
    }

    @Test("timeouts reach libdbus as whole milliseconds, at least 1, at most Int32.max")
    func timeoutMilliseconds() {
        #expect(milliseconds(.seconds(1)) == 1000)
        #expect(milliseconds(.milliseconds(1500)) == 1500)
        #expect(milliseconds(.microseconds(10)) == 1)
        #expect(milliseconds(.zero) == 1)
        #expect(milliseconds(.seconds(-5)) == 1)
        #expect(milliseconds(.seconds(Int64.max)) == Int32.max)
    }

    @Test("the product's public API is the source, its two initializers and its sequence")
    func publicSurface() throws {
        let declarations = try PackageSources.publicDeclarations(under: "Sources/ThemeKitPortal").map {
            $0.split(separator: ": ", maxSplits: 1).last.map(String.init) ?? $0
        }
        #expect(
            declarations.sorted() == [
                "public func appearances() -> AsyncStream<ThemeAppearance?> {",
                "public init() {",
                "public init(busAddress: String) {",
                "public struct PortalAppearanceSource: AppearanceSource, Sendable {",
            ])
    }
}
