#ifndef THEMEKIT_CDBUS_SHIM_H
#define THEMEKIT_CDBUS_SHIM_H

// The system's libdbus-1 (the reference D-Bus library), for ThemeKitPortal.
#include <dbus/dbus.h>

// The type codes ThemeKitPortal reads. libdbus defines them as macros that cast a
// character (`((int) 'u')`), which Swift cannot import: only plain number and string
// macros come through.

/// `DBUS_TYPE_INVALID`: past the last argument.
static inline int themekit_dbus_type_invalid(void) {
    return DBUS_TYPE_INVALID;
}

/// `DBUS_TYPE_STRING`: a UTF-8 string (`s`).
static inline int themekit_dbus_type_string(void) {
    return DBUS_TYPE_STRING;
}

/// `DBUS_TYPE_UINT32`: an unsigned 32-bit integer (`u`).
static inline int themekit_dbus_type_uint32(void) {
    return DBUS_TYPE_UINT32;
}

/// `DBUS_TYPE_VARIANT`: a value that carries its own type (`v`).
static inline int themekit_dbus_type_variant(void) {
    return DBUS_TYPE_VARIANT;
}

#endif
