#!/usr/bin/env bash
# The package's test command: installs the system packages that building and testing need,
# when they are missing (Debian and Ubuntu, through apt-get), then runs `swift test` with the
# options given. .ci/run installs through it too, so the list below is the only one.
#
#   Scripts/test.sh [swift test options]    e.g. Scripts/test.sh --filter ThemeKitPortalTests
#   Scripts/test.sh --install-only          the packages only (what .ci/run does before it builds)
#
# libxml2-dev and pkg-config build ThemeKit; libdbus-1-dev builds ThemeKitPortal. dbus-daemon,
# python3-dbus and python3-gi run ThemeKitPortalTests, which start a private bus and a fake
# portal in Python (with /usr/bin/python3); without them those tests are skipped, loudly.
# neovim runs `themekit lsp` end to end under Neovim's own LSP client (LSPNeovimTests); without
# it that test is skipped, loudly. pytest-lsp (from PyPI, with pip, for the `python3` on the
# PATH) runs it under a second client, pygls, which checks every message against LSP 3.17's
# types (LSPPytestTests); without it that test is skipped, loudly. xdg-desktop-portal,
# xdg-desktop-portal-gtk, dconf-cli, dconf-gsettings-backend, xvfb, libglib2.0-bin and
# gsettings-desktop-schemas run the real desktop portal on a private bus (RealPortalTests,
# Tests/ThemeKitPortalTests/Fixtures/real_portal.py: Xvfb for the GTK backend, the color scheme
# set with gsettings through dconf); without them those tests are skipped, loudly.
set -euo pipefail
cd "$(dirname "$0")/.."

packages=(libxml2-dev pkg-config libdbus-1-dev dbus-daemon python3-dbus python3-gi neovim python3-pip
    xdg-desktop-portal xdg-desktop-portal-gtk dconf-cli dconf-gsettings-backend xvfb libglib2.0-bin
    gsettings-desktop-schemas)

# Whether a package is there: pkg-config as a command (pkgconf provides it too), the others as
# installed Debian packages.
present() {
    case $1 in
    pkg-config) command -v pkg-config >/dev/null 2>&1 ;;
    *) [ "$(dpkg-query -W -f='${db:Status-Status}' "$1" 2>/dev/null)" = installed ] ;;
    esac
}

missing=()
if command -v dpkg-query >/dev/null 2>&1; then
    for package in "${packages[@]}"; do
        present "$package" || missing+=("$package")
    done
else
    echo "test.sh: not a Debian system: install the equivalents of ${packages[*]} yourself" >&2
fi

if ((${#missing[@]})); then
    if [ "$(id -u)" -eq 0 ]; then
        echo "test.sh: installing ${missing[*]}"
        apt-get update
        DEBIAN_FRONTEND=noninteractive apt-get install -y "${missing[@]}"
    else
        echo "test.sh: missing ${missing[*]}, and not root, so not installing them:" >&2
        echo "test.sh:     sudo apt-get install ${missing[*]}" >&2
        # Without them the build can fail, and the tests that need them are skipped.
        [ "${1:-}" != --install-only ] || exit 1
    fi
fi

# pytest-lsp, from PyPI, for the `python3` on the PATH: pip installs it for whoever runs this,
# root or not (a Debian python3 marked externally managed needs --break-system-packages, and
# python3-pip, installed above for root, brings pip).
if command -v python3 >/dev/null 2>&1 && ! python3 -c 'import pytest_lsp' 2>/dev/null; then
    echo "test.sh: installing pytest-lsp with pip"
    python3 -m pip install --quiet pytest-lsp 2>/dev/null \
        || python3 -m pip install --quiet --break-system-packages pytest-lsp \
        || echo "test.sh: pip could not install pytest-lsp: LSPPytestTests will be skipped" >&2
fi

[ "${1:-}" != --install-only ] || exit 0
exec swift test "$@"
