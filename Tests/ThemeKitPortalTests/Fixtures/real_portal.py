#!/usr/bin/python3
"""The real desktop portal on a private session bus, as GNOME runs it, for ThemeKitPortalTests.

    real_portal.py --folder DIR [--scheme prefer-dark|default|prefer-light] [--cold]

Starts, each in a process group of its own and each told to die with this script:

- an X server with no screen of its own (Xvfb, on the first free display: -displayfd), which
  xdg-desktop-portal-gtk needs;
- a session dbus-daemon on DIR/bus, with Debian's session configuration (so it activates
  /usr/share/dbus-1/services: xdg-desktop-portal, xdg-desktop-portal-gtk, dconf-service)
  and an environment of its own (HOME, XDG_CONFIG_HOME and XDG_RUNTIME_DIR in DIR, so dconf
  writes there; XDG_CURRENT_DESKTOP=GNOME, so the portal picks the GTK backend;
  GSETTINGS_BACKEND=dconf; DISPLAY the Xvfb's);

then sets org.gnome.desktop.interface color-scheme with gsettings, starts the portal by
asking it for org.freedesktop.appearance color-scheme (gdbus, D-Bus activation) and waits
until it answers with the value set. With --cold, the portal is not started: the first
client to call it starts it (a cold start). Prints "address ADDRESS", then "ready".

Then reads commands, one a line, on standard input:

    set prefer-dark|default|prefer-light   gsettings set, then waits until the portal says so;
                                           prints "ok N" (N the portal's value) or "failed ..."
    read                                   prints "value N" (or "failed ...")

and on end of input (or SIGTERM, SIGINT, SIGHUP) kills every process group it started and
exits. Every wait is bounded (--patience seconds, 60 by default: a loaded CI machine starts
a desktop slowly): a step that does not happen in time prints "failed WHAT" on standard
output and exits 1, with the processes killed.
"""

import argparse
import os
import select
import signal
import subprocess
import sys
import time

SCHEMES = {"default": 0, "prefer-dark": 1, "prefer-light": 2}
PR_SET_PDEATHSIG = 1
PR_SET_CHILD_SUBREAPER = 36

children = []


def prctl(option, value):
    try:
        import ctypes

        ctypes.CDLL("libc.so.6", use_errno=True).prctl(option, value, 0, 0, 0)
    except OSError:
        pass


def die_with_parent():
    """Runs in each child before exec: its own process group, and SIGKILL when this script
    dies, however it dies (a killed test runner included)."""
    os.setpgid(0, 0)
    prctl(PR_SET_PDEATHSIG, signal.SIGKILL)


def start(arguments, environment, **options):
    child = subprocess.Popen(arguments, env=environment, preexec_fn=die_with_parent, **options)
    children.append(child)
    return child


def teardown(*_):
    # Each child leads its own group; the bus's group holds the services it activated.
    for child in reversed(children):
        try:
            os.killpg(child.pid, signal.SIGKILL)
        except (ProcessLookupError, PermissionError):
            pass
    for child in children:
        try:
            child.wait(timeout=5)
        except subprocess.TimeoutExpired:
            pass
    children.clear()
    # The services the bus started were reparented here (a subreaper) when it died: reap them,
    # so that none is left a zombie of a PID 1 that reaps nothing (a container's).
    deadline = time.monotonic() + 5
    while time.monotonic() < deadline:
        try:
            pid, _ = os.waitpid(-1, os.WNOHANG)
        except ChildProcessError:
            break
        if pid == 0:
            time.sleep(0.01)


def fail(what):
    print("failed " + what.replace("\n", " "), flush=True)
    teardown()
    sys.exit(1)


def read_line(stream, deadline, what):
    """A line from a child's pipe, waiting at most until deadline."""
    data = b""
    while not data.endswith(b"\n"):
        left = deadline - time.monotonic()
        if left <= 0 or not select.select([stream], [], [], left)[0]:
            fail("waiting for " + what)
        chunk = os.read(stream.fileno(), 1)
        if not chunk:
            fail(what + " ended")
        data += chunk
    return data.decode().strip()


def run(arguments, environment, timeout):
    try:
        done = subprocess.run(
            arguments, env=environment, capture_output=True, text=True, timeout=timeout, preexec_fn=die_with_parent
        )
    except subprocess.TimeoutExpired:
        return None, "timed out"
    return done.returncode, (done.stdout + done.stderr).strip()


def portal_value(environment, timeout):
    """The portal's color-scheme, as a client reads it (D-Bus activating the portal): an int,
    or None and why not. `Read`, which every version has (Debian 12's 1.16 is version 1, with
    no `ReadOne`)."""
    status, output = run(
        [
            "gdbus", "call", "--session", "--timeout", str(max(1, int(timeout))),
            "--dest", "org.freedesktop.portal.Desktop", "--object-path", "/org/freedesktop/portal/desktop",
            "--method", "org.freedesktop.portal.Settings.Read", "org.freedesktop.appearance", "color-scheme",
        ],
        environment,
        timeout + 2,
    )
    # The answer reads "(<<uint32 1>>,)": a variant in a variant.
    if status == 0 and "uint32" in output:
        digits = output.split("uint32", 1)[1].strip(" <>,)\n")
        if digits.isdigit():
            return int(digits), output
    return None, output


def wait_for_value(environment, expected, patience):
    deadline = time.monotonic() + patience
    last = ""
    while time.monotonic() < deadline:
        value, last = portal_value(environment, min(5, max(1, deadline - time.monotonic())))
        if value == expected:
            return value
        time.sleep(0.05)
    fail("the portal to say %d (last answer: %s)" % (expected, last))


def set_scheme(environment, scheme, patience):
    status, output = run(
        ["gsettings", "set", "org.gnome.desktop.interface", "color-scheme", scheme], environment, patience
    )
    if status != 0:
        fail("gsettings set color-scheme %s: %s" % (scheme, output))
    return wait_for_value(environment, SCHEMES[scheme], patience)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--folder", required=True)
    parser.add_argument("--scheme", default="default", choices=sorted(SCHEMES))
    parser.add_argument("--patience", type=float, default=60)
    parser.add_argument("--cold", action="store_true")
    options = parser.parse_args()
    # Orphans of the children (the services the bus activated, once it is killed) come here.
    prctl(PR_SET_CHILD_SUBREAPER, 1)
    for name in (signal.SIGTERM, signal.SIGINT, signal.SIGHUP):
        signal.signal(name, lambda *_: (teardown(), sys.exit(0)))

    folder = os.path.abspath(options.folder)
    for sub in ("home", "config", "runtime", "cache"):
        os.makedirs(os.path.join(folder, sub), mode=0o700, exist_ok=True)
    environment = {
        "PATH": "/usr/bin:/bin:/usr/sbin:/sbin",
        "HOME": os.path.join(folder, "home"),
        "XDG_CONFIG_HOME": os.path.join(folder, "config"),
        "XDG_RUNTIME_DIR": os.path.join(folder, "runtime"),
        "XDG_CACHE_HOME": os.path.join(folder, "cache"),
        "XDG_CURRENT_DESKTOP": "GNOME",
        "GSETTINGS_BACKEND": "dconf",
        "NO_AT_BRIDGE": "1",
        "GTK_A11Y": "none",
    }
    deadline = time.monotonic() + options.patience

    # Xvfb writes the display it took to the descriptor -displayfd names.
    display_read, display_write = os.pipe()
    start(
        ["Xvfb", "-displayfd", str(display_write), "-nolisten", "tcp", "-screen", "0", "640x480x24"],
        environment,
        pass_fds=(display_write,),
        stdout=subprocess.DEVNULL,
        stderr=open(os.path.join(folder, "xvfb.log"), "w"),
    )
    os.close(display_write)
    with os.fdopen(display_read, "rb", buffering=0) as display:
        environment["DISPLAY"] = ":" + read_line(display, deadline, "Xvfb's display")

    address = "unix:path=" + os.path.join(folder, "bus")
    bus = start(
        ["dbus-daemon", "--session", "--nofork", "--print-address=1", "--address=" + address],
        environment,
        stdout=subprocess.PIPE,
        stderr=open(os.path.join(folder, "bus.log"), "w"),
    )
    read_line(bus.stdout, deadline, "dbus-daemon's address")
    environment["DBUS_SESSION_BUS_ADDRESS"] = address

    if options.cold:
        status, output = run(
            ["gsettings", "set", "org.gnome.desktop.interface", "color-scheme", options.scheme],
            environment,
            max(1, deadline - time.monotonic()),
        )
        if status != 0:
            fail("gsettings set color-scheme %s: %s" % (options.scheme, output))
    else:
        set_scheme(environment, options.scheme, max(1, deadline - time.monotonic()))
    print("address " + address, flush=True)
    print("ready", flush=True)

    for line in sys.stdin:
        words = line.split()
        if words[:1] == ["set"] and len(words) == 2 and words[1] in SCHEMES:
            print("ok %d" % set_scheme(environment, words[1], options.patience), flush=True)
        elif words == ["read"]:
            value, output = portal_value(environment, 5)
            print("value %d" % value if value is not None else "failed " + output.replace("\n", " "), flush=True)
        elif words:
            print("failed unknown command " + line.strip(), flush=True)
    teardown()


if __name__ == "__main__":
    try:
        main()
    finally:
        teardown()
