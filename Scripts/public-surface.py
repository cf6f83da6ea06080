#!/usr/bin/env python3
"""Lists a module's public symbols, one line each, sorted, from its symbol graphs.

Usage: Scripts/public-surface.py SYMBOLGRAPH_DIR MODULE

Reads MODULE.symbols.json and MODULE@OTHER.symbols.json (what MODULE declares in extensions
of OTHER's types) from SYMBOLGRAPH_DIR, as `swift package dump-symbol-graph
--minimum-access-level public --skip-synthesized-members` or swift-symbolgraph-extract
writes them, and prints one line per symbol and one per conformance:

    Path.to.symbol (kind): declaration
    Path.to.Type: conforms to Protocol

A symbol declared in an extension of another module's type is written with that module's
name first (`Swift.String.foo`). Declarations are the compiler's declaration fragments with
their white space folded to single spaces; source locations and doc comments are left out,
so that the list changes only when the surface does. The list is what
Tests/PackageTests/Fixtures/PublicSurface/*.txt hold; Scripts/public-surface.sh compares
them with a fresh dump."""
import glob
import json
import os
import re
import sys


def fold(text):
    return re.sub(r"\s+", " ", text).strip()


# Conformances every type has or that the compiler infers (and that newer compilers add, as
# SendableMetatype in Swift 6.2): listing them would change the list with the toolchain.
IMPLIED = {"Swift.Copyable", "Swift.Escapable", "Swift.SendableMetatype", "Swift.BitwiseCopyable"}


def read_graphs(paths):
    """The graphs, each with the module its symbols extend ("" for the module's own)."""
    graphs = []
    for path in paths:
        with open(path, encoding="utf-8") as handle:
            graph = json.load(handle)
        base = os.path.basename(path)[: -len(".symbols.json")]
        graphs.append((base.split("@", 1)[1] if "@" in base else "", graph))
    return graphs


def surface(graphs):
    """The lines of the module's public surface, from all its graphs."""
    names = {}
    lines = set()
    for extended, graph in graphs:
        prefix = extended + "." if extended else ""
        for symbol in graph["symbols"]:
            symbol_path = prefix + ".".join(symbol["pathComponents"])
            names[symbol["identifier"]["precise"]] = symbol_path
            kind = symbol["kind"]["identifier"].removeprefix("swift.")
            declaration = fold("".join(f["spelling"] for f in symbol.get("declarationFragments", [])))
            lines.add(f"{symbol_path} ({kind}): {declaration}")
        # Another module's types are named by the members this module adds to them.
        for relation in graph["relationships"]:
            if relation["kind"] == "memberOf" and "targetFallback" in relation:
                names.setdefault(relation["target"], relation["targetFallback"])
    for extended, graph in graphs:
        for relation in graph["relationships"]:
            if relation["kind"] != "conformsTo":
                continue
            target = names.get(relation["target"]) or relation.get("targetFallback") or relation["target"]
            if target in IMPLIED:
                continue
            # An extended type of another module is listed with its own conformances too:
            # of those, only the ones to this module's protocols are this module's.
            if extended and relation["target"] not in names:
                continue
            source = names.get(relation["source"]) or relation.get("sourceFallback") or relation["source"]
            line = f"{source}: conforms to {target}"
            constraints = relation.get("swiftConstraints")
            if constraints:
                line += " where " + ", ".join(
                    f"{c['lhs']} {':' if c['kind'] == 'conformance' else '=='} {c['rhs']}" for c in constraints
                )
            lines.add(line)
    return sorted(lines)


def main(arguments):
    if len(arguments) != 2:
        sys.exit("usage: Scripts/public-surface.py SYMBOLGRAPH_DIR MODULE")
    folder, module = arguments
    files = [os.path.join(folder, f"{module}.symbols.json")]
    files += sorted(glob.glob(os.path.join(folder, glob.escape(module) + "@*.symbols.json")))
    if not os.path.exists(files[0]):
        sys.exit(f"public-surface.py: no {module}.symbols.json in {folder}")
    sys.stdout.write("".join(line + "\n" for line in surface(read_graphs(files))))


if __name__ == "__main__":
    main(sys.argv[1:])
