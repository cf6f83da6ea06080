#!/usr/bin/env bash
# Scripts/availability.sh: the library targets an app links use no API newer than the platforms
# Package.swift declares (SPEC §13): iOS 17, macOS 14, tvOS 17, watchOS 10, visionOS 1.
#
# How. Linux does not enforce Apple availability, so nothing fails at build time here; this
# script looks every use up instead:
#  1. what is used: the index store of the debug build (`swift build` writes one in
#     .build/<triple>/debug/index/store), read through the toolchain's libIndexStore. Every
#     occurrence that references a symbol, in every unit of ThemeKit, ThemeLint,
#     ThemeKitPortal, ThemeSupport and ThemeOutput, with its file and line, and the
#     symbol's USR (its precise, mangled identity: `Mutex` of Synchronization is not a
#     `Mutex` of ours).
#  2. what each symbol needs: the symbol graphs of the toolchain's own modules (Swift,
#     _Concurrency, Synchronization, Observation, Dispatch, Foundation, FoundationEssentials,
#     FoundationInternationalization), written by swift-symbolgraph-extract from the module
#     interfaces; a symbol's `@available` introductions per Apple platform, with those of the
#     type or extension it is a member of.
#  3. a use of a symbol introduced above the floor on any Apple platform fails, unless it
#     lies inside an `if #available(…)` block or an `@available(…)` declaration that names that
#     platform at that version or later (read from the source text: the braces after the
#     condition or attribute). Two uses are the compiler's choice per deployment target, and
#     pass: a protocol requirement added later whose protocol has an older default
#     implementation (FixedWidthInteger's `&*`), and the `next(isolation:)` of a `for await`.
#
# Limits, said plainly:
#  - The standard library, _Concurrency, Synchronization and Observation interfaces of the Linux
#    toolchain carry Apple's availability (`@available(macOS 15.0, iOS 18.0, …)`), and so does
#    swift-foundation (FoundationEssentials, FoundationInternationalization: Data, URL,
#    FileManager, ProcessInfo, JSONEncoder, …), the same source Apple's Foundation is built
#    from since macOS 15: those are checked. Dispatch and the rest of Foundation on Linux are
#    swift-corelibs, whose interfaces carry no Apple availability: their uses are counted, not
#    checked (Apple's may need a later OS for an API corelibs has).
#  - Only what the index records: calls, references, types, conformances written out.
#    What the compiler calls implicitly (a literal's initializer, a witness) is not all recorded.
#  - `#if os(Linux)` code is read as Linux compiled it; `#else` branches for Apple are not seen.
#  - The guard check is textual: an `if #available` block covers the lines up to its closing
#    brace; `guard #available` is not understood (none is used).
#  - Nothing is built for an Apple SDK here; this says what the interfaces say.
#
# Usage: Scripts/availability.sh [--build]   (--build runs `swift build` first)
set -euo pipefail
cd "$(dirname "$0")/.."

if [ "${1:-}" = "--build" ]; then
    swift build
fi

triple=$(swift -print-target-info | python3 -c 'import json,sys; print(json.load(sys.stdin)["target"]["unversionedTriple"])')
store=".build/$triple/debug/index/store"
[ -d "$store" ] || store=".build/debug/index/store"
if [ ! -d "$store" ]; then
    echo "availability: no index store at .build/$triple/debug/index/store: run swift build first" >&2
    exit 2
fi

toolchain=$(dirname "$(dirname "$(readlink -f "$(command -v swift)")")")
graphs=$(mktemp -d)
trap 'rm -rf "$graphs"' EXIT
for module in Swift _Concurrency Synchronization Observation Dispatch Foundation FoundationEssentials FoundationInternationalization; do
    swift-symbolgraph-extract -module-name "$module" -target "$triple" -minimum-access-level public \
        -output-dir "$graphs" -I "$toolchain/lib/swift/linux" 2>/dev/null \
        || { echo "availability: swift-symbolgraph-extract failed for $module" >&2; exit 2; }
done

python3 - "$store" "$toolchain/lib/libIndexStore.so" "$graphs" <<'PY'
import ctypes, glob, json, os, re, sys
from collections import defaultdict

store_path, library, graphs = sys.argv[1:4]
FLOOR = {"iOS": (17, 0), "macOS": (14, 0), "tvOS": (17, 0), "watchOS": (10, 0), "visionOS": (1, 0)}
LIBRARY_MODULES = {"ThemeKit", "ThemeLint", "ThemeKitPortal", "ThemeSupport", "ThemeOutput"}
CHECKED_MODULES = {"Swift", "_Concurrency", "Synchronization", "Observation", "FoundationEssentials",
                   "FoundationInternationalization"}
LISTED_MODULES = {"Dispatch", "Foundation"}

# What each symbol needs, from the symbol graphs (extension graphs included).
needs = {}
module_of = {}
parents = {}
defaults = {}  # a protocol requirement -> the default implementations its protocol's extensions give
for path in glob.glob(os.path.join(graphs, "*.symbols.json")):
    graph = json.load(open(path))
    module = os.path.basename(path).split("@")[0].split(".")[0]
    for symbol in graph.get("symbols", []):
        usr = symbol["identifier"]["precise"]
        module_of.setdefault(usr, module)
        platforms = {}
        for entry in symbol.get("availability", []) or []:
            domain, introduced = entry.get("domain"), entry.get("introduced")
            if domain in FLOOR and introduced:
                platforms[domain] = (introduced.get("major", 0), introduced.get("minor", 0))
        if platforms:
            needs.setdefault(usr, {}).update(platforms)
    for relation in graph.get("relationships", []):
        if relation.get("kind") == "memberOf":
            parents.setdefault(relation["source"], relation["target"])
        elif relation.get("kind") == "defaultImplementationOf":
            defaults.setdefault(relation["target"], []).append(relation["source"])

def required(usr):
    """The platforms and versions `usr` needs: its own, else its parents'."""
    seen = set()
    result = {}
    while usr and usr not in seen:
        seen.add(usr)
        for domain, version in needs.get(usr, {}).items():
            result.setdefault(domain, version)
        usr = parents.get(usr)
    return result

# What is used, from the index store.
lib = ctypes.CDLL(library)
class StringRef(ctypes.Structure):
    _fields_ = [("data", ctypes.c_char_p), ("length", ctypes.c_size_t)]
def text(ref):
    return ctypes.string_at(ref.data, ref.length).decode() if ref.length else ""
p = ctypes.c_void_p
error = p()
lib.indexstore_store_create.restype = p
lib.indexstore_store_create.argtypes = [ctypes.c_char_p, ctypes.POINTER(p)]
lib.indexstore_unit_reader_create.restype = p
lib.indexstore_unit_reader_create.argtypes = [p, ctypes.c_char_p, ctypes.POINTER(p)]
lib.indexstore_record_reader_create.restype = p
lib.indexstore_record_reader_create.argtypes = [p, ctypes.c_char_p, ctypes.POINTER(p)]
for name in ["indexstore_unit_reader_get_module_name", "indexstore_unit_reader_get_main_file",
             "indexstore_unit_dependency_get_name", "indexstore_symbol_get_usr", "indexstore_symbol_get_name"]:
    getattr(lib, name).restype = StringRef
    getattr(lib, name).argtypes = [p]
lib.indexstore_unit_dependency_get_kind.restype = ctypes.c_int
lib.indexstore_unit_dependency_get_kind.argtypes = [p]
lib.indexstore_occurrence_get_roles.restype = ctypes.c_uint64
lib.indexstore_occurrence_get_roles.argtypes = [p]
lib.indexstore_occurrence_get_symbol.restype = p
lib.indexstore_occurrence_get_symbol.argtypes = [p]
lib.indexstore_occurrence_get_line_col.argtypes = [p, ctypes.POINTER(ctypes.c_uint), ctypes.POINTER(ctypes.c_uint)]
for name in ["indexstore_unit_reader_dispose", "indexstore_record_reader_dispose"]:
    getattr(lib, name).argtypes = [p]
UnitCallback = ctypes.CFUNCTYPE(ctypes.c_bool, p, StringRef)
PointerCallback = ctypes.CFUNCTYPE(ctypes.c_bool, p, p)
lib.indexstore_store_units_apply_f.argtypes = [p, ctypes.c_uint, p, UnitCallback]
lib.indexstore_unit_reader_dependencies_apply_f.argtypes = [p, p, PointerCallback]
lib.indexstore_record_reader_occurrences_apply_f.argtypes = [p, p, PointerCallback]

store = lib.indexstore_store_create(store_path.encode(), ctypes.byref(error))
if not store:
    sys.exit("availability: cannot open the index store " + store_path)

units = []
lib.indexstore_store_units_apply_f(store, 0, None, UnitCallback(lambda _, name: units.append(text(name)) or True))

REFERENCE = 1 << 2
uses = []  # (file, line, usr, name)
for unit in units:
    reader = lib.indexstore_unit_reader_create(store, unit.encode(), ctypes.byref(error))
    if not reader:
        continue
    module = text(lib.indexstore_unit_reader_get_module_name(reader))
    main_file = text(lib.indexstore_unit_reader_get_main_file(reader))
    # A unit whose source file is gone (deleted or renamed since) is stale: the store keeps it.
    if module not in LIBRARY_MODULES or not main_file or not os.path.exists(main_file):
        lib.indexstore_unit_reader_dispose(reader)
        continue
    records = []
    def dependency(_, dep):
        if lib.indexstore_unit_dependency_get_kind(dep) == 2:
            records.append(text(lib.indexstore_unit_dependency_get_name(dep)))
        return True
    lib.indexstore_unit_reader_dependencies_apply_f(reader, None, PointerCallback(dependency))
    lib.indexstore_unit_reader_dispose(reader)
    for record in records:
        records_reader = lib.indexstore_record_reader_create(store, record.encode(), ctypes.byref(error))
        if not records_reader:
            continue
        def occurrence(_, occ):
            if lib.indexstore_occurrence_get_roles(occ) & REFERENCE:
                symbol = lib.indexstore_occurrence_get_symbol(occ)
                line, column = ctypes.c_uint(), ctypes.c_uint()
                lib.indexstore_occurrence_get_line_col(occ, ctypes.byref(line), ctypes.byref(column))
                uses.append((main_file, line.value, text(lib.indexstore_symbol_get_usr(symbol)),
                             text(lib.indexstore_symbol_get_name(symbol))))
            return True
        lib.indexstore_record_reader_occurrences_apply_f(records_reader, None, PointerCallback(occurrence))
        lib.indexstore_record_reader_dispose(records_reader)

if not uses:
    sys.exit("availability: the index store holds no use in " + ", ".join(sorted(LIBRARY_MODULES))
             + ": is it a debug build's?")

# The `if #available(…) {` blocks and `@available(…)` declarations of each file: line ranges
# with the versions they promise.
GUARD = re.compile(r"(#available|@available)\s*\(([^)]*)\)")
def guarded_ranges(path):
    try:
        lines = open(path, encoding="utf-8").read().split("\n")
    except OSError:
        return []
    ranges = []
    for index, line in enumerate(lines):
        code = line.split("//")[0]
        for match in GUARD.finditer(code):
            promised = {}
            for part in match.group(2).split(","):
                words = part.split()
                if len(words) == 2 and words[0] in FLOOR:
                    numbers = [int(n) for n in words[1].split(".") if n.isdigit()]
                    promised[words[0]] = (numbers + [0, 0])[0], (numbers + [0, 0])[1]
            if not promised:
                continue
            # From the condition or attribute to the brace that closes the block it opens.
            depth, opened, end = 0, False, None
            start_column = match.end()
            for at in range(index, len(lines)):
                body = lines[at].split("//")[0]
                body = body[start_column:] if at == index else body
                for character in body:
                    if character == "{":
                        depth, opened = depth + 1, True
                    elif character == "}":
                        depth -= 1
                        if opened and depth == 0:
                            end = at
                            break
                if end is not None:
                    break
            ranges.append((index + 1, (end or index) + 1, promised))
    return ranges

ranges_of = {}
def is_guarded(path, line, domain, version):
    if path not in ranges_of:
        ranges_of[path] = guarded_ranges(path)
    return any(first <= line <= last and promised.get(domain, (0, 0)) >= version
               for first, last, promised in ranges_of[path])

def above_floor(usr):
    return {domain: version for domain, version in required(usr).items() if version > FLOOR[domain]}

def source_line(path, line):
    try:
        return open(path, encoding="utf-8").read().split("\n")[line - 1]
    except (OSError, IndexError):
        return ""

problems = []
listed = defaultdict(set)
checked = defaultdict(set)
for path, line, usr, name in sorted(set(uses)):
    module = module_of.get(usr)
    if module in LISTED_MODULES:
        listed[module].add(name)
    if module not in CHECKED_MODULES:
        continue
    checked[module].add(name)
    newer = {domain: version for domain, version in above_floor(usr).items()
             if not is_guarded(path, line, domain, version)}
    if not newer:
        continue
    # A requirement added to a protocol later (FixedWidthInteger's `&*` in Swift 6) whose
    # protocol has long had a default implementation: below the requirement's OS, the call
    # resolves to that implementation.
    if any(not above_floor(default) for default in defaults.get(usr, [])):
        continue
    # `for await` calls `next(isolation:)` where the deployment target has it and `next()`
    # below: the compiler's choice, made per target.
    if name == "next(isolation:)" and re.search(r"\bfor\s+(try\s+)?await\b", source_line(path, line)):
        continue
    versions = ", ".join(f"{domain} {version[0]}.{version[1]}" for domain, version in sorted(newer.items()))
    problems.append(f"{os.path.relpath(path)}:{line}: error: '{name}' needs {versions}: above Package.swift's "
                    f"platforms (iOS 17, macOS 14, tvOS 17, watchOS 10, visionOS 1)")

print(f"availability: {len(set(uses))} uses of symbols in {', '.join(sorted(LIBRARY_MODULES))}, checked against "
      f"iOS 17, macOS 14, tvOS 17, watchOS 10, visionOS 1:")
for module in sorted(checked):
    print(f"availability:   {module}: {len(checked[module])} symbols")
for module in sorted(listed):
    print(f"availability: not checked (swift-corelibs, whose interfaces carry no Apple availability): "
          f"{module}: {len(listed[module])} symbols")
for problem in problems:
    print(problem)
if problems:
    print(f"availability: {len(problems)} uses above the declared platforms", file=sys.stderr)
    sys.exit(1)
print("availability: every checked use is available at the declared platforms")
PY
