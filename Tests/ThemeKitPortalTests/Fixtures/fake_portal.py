#!/usr/bin/python3
"""A fake XDG desktop portal for ThemeKitPortal's tests: org.freedesktop.portal.Settings at
org.freedesktop.portal.Desktop, /org/freedesktop/portal/desktop, on the bus at --address.

It needs python3-dbus and python3-gi, so run it with /usr/bin/python3 (a python3 earlier on
PATH may lack them). It prints "ready" once it owns the portal's name, then reads commands,
one a line, on standard input:

    set N             color-scheme becomes N: Read and ReadOne answer it, SettingChanged says so
    emit NS KEY N     SettingChanged for another setting (what the source must not take)
    spoof N           SettingChanged for color-scheme from a second connection that does not
                      own the portal's name (what the bus must not deliver to the source)
    quit              exit (so does the end of standard input: a test that dies takes it along)
"""

import argparse
import os
import sys

import dbus
import dbus.bus
import dbus.service
from dbus.mainloop.glib import DBusGMainLoop
from gi.repository import GLib

BUS_NAME = "org.freedesktop.portal.Desktop"
OBJECT_PATH = "/org/freedesktop/portal/desktop"
INTERFACE = "org.freedesktop.portal.Settings"
NAMESPACE = "org.freedesktop.appearance"
KEY = "color-scheme"


class NotFound(dbus.DBusException):
    _dbus_error_name = "org.freedesktop.portal.Error.NotFound"


class SettingsV1(dbus.service.Object):
    """Version 1 of the interface, as xdg-desktop-portal 1.16 (Debian 12) has it: no ReadOne."""

    def __init__(self, connection, options):
        super().__init__(connection, OBJECT_PATH)
        self.options = options
        self.value = options.value

    def current(self, namespace, key):
        """The setting's value as the portal holds it, or NotFound."""
        if self.options.not_found or (namespace, key) != (NAMESPACE, KEY):
            raise NotFound("Requested setting not found")
        if self.options.wrong_type:
            return dbus.String("dark")
        return dbus.UInt32(self.value)

    @dbus.service.method(INTERFACE, in_signature="ss", out_signature="v", async_callbacks=("reply", "error"))
    def Read(self, namespace, key, reply, error):
        # Read wraps the value in a second variant (a variant inside the reply's variant).
        self.answer(namespace, key, reply, error, variant_level=2)

    def answer(self, namespace, key, reply, error, variant_level):
        if self.options.silent:
            return  # never answers: the caller's timeout must end its wait
        try:
            value = self.current(namespace, key)
        except NotFound as failure:
            error(failure)
            return
        reply(type(value)(value, variant_level=variant_level))

    @dbus.service.signal(INTERFACE, signature="ssv")
    def SettingChanged(self, namespace, key, value):
        pass


class SettingsV2(SettingsV1):
    """Version 2: ReadOne, whose reply's variant holds the value itself."""

    @dbus.service.method(INTERFACE, in_signature="ss", out_signature="v", async_callbacks=("reply", "error"))
    def ReadOne(self, namespace, key, reply, error):
        self.answer(namespace, key, reply, error, variant_level=1)


class Spoofer(dbus.service.Object):
    """The portal's object on a second connection, which does not own the portal's name."""

    @dbus.service.signal(INTERFACE, signature="ssv")
    def SettingChanged(self, namespace, key, value):
        pass


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--address", required=True, help="the bus's D-Bus address")
    parser.add_argument("--version", type=int, choices=(1, 2), default=2, help="the interface's version")
    parser.add_argument("--value", type=int, default=0, help="color-scheme at the start")
    parser.add_argument("--not-found", action="store_true", help="Read and ReadOne answer NotFound")
    parser.add_argument("--wrong-type", action="store_true", help="Read and ReadOne answer a string")
    parser.add_argument("--silent", action="store_true", help="Read and ReadOne never answer")
    options = parser.parse_args()

    DBusGMainLoop(set_as_default=True)
    connection = dbus.bus.BusConnection(options.address)
    # The object first, then the name: a client that sees the name's new owner can call it at once.
    portal = (SettingsV2 if options.version == 2 else SettingsV1)(connection, options)
    if connection.request_name(BUS_NAME, dbus.bus.NAME_FLAG_DO_NOT_QUEUE) != dbus.bus.REQUEST_NAME_REPLY_PRIMARY_OWNER:
        sys.exit("fake_portal: " + BUS_NAME + " is taken")
    spoofer = Spoofer(dbus.bus.BusConnection(options.address), OBJECT_PATH)
    loop = GLib.MainLoop()
    pending = b""

    def command(line):
        words = line.split()
        if words[:1] == ["set"] and len(words) == 2:
            portal.value = int(words[1])
            portal.SettingChanged(NAMESPACE, KEY, dbus.UInt32(portal.value, variant_level=1))
        elif words[:1] == ["emit"] and len(words) == 4:
            portal.SettingChanged(words[1], words[2], dbus.UInt32(int(words[3]), variant_level=1))
        elif words[:1] == ["spoof"] and len(words) == 2:
            spoofer.SettingChanged(NAMESPACE, KEY, dbus.UInt32(int(words[1]), variant_level=1))
        elif words == ["quit"]:
            loop.quit()
        else:
            print("fake_portal: unknown command " + repr(line), file=sys.stderr, flush=True)

    def readable(fd, condition):
        nonlocal pending
        chunk = os.read(fd, 4096)
        if not chunk:
            loop.quit()
            return False
        pending += chunk
        *lines, pending = pending.split(b"\n")
        for line in lines:
            command(line.decode())
        return True

    GLib.io_add_watch(sys.stdin.fileno(), GLib.PRIORITY_DEFAULT, GLib.IO_IN | GLib.IO_HUP, readable)
    print("ready", flush=True)
    loop.run()


if __name__ == "__main__":
    main()
