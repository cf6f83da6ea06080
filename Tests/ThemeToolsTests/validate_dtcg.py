#!/usr/bin/env python3
"""Validates DTCG 2025.10 files that `themekit export` wrote against the official JSON
Schemas (the 22 of SCHEMAS, loaded into one registry by their $id), and checks each token's
value against format/values/<type>.json, which format.json skips for a token whose type
comes from its group (DTCG #439). A resolver document (*.resolver.json) is checked against
resolver.json, and each of its inline sources as a tokens file.

Usage: validate_dtcg.py SCHEMAS FILE...   Exit status 0 when every file passes."""
import json
import os
import sys

try:
    import jsonschema
    from referencing import Registry, Resource
    from referencing.jsonschema import DRAFT7
except ImportError:
    sys.exit("validate_dtcg.py needs the jsonschema package with referencing (pip install jsonschema)")

BASE = "https://www.designtokens.org/schemas/2025.10/"


def registry(folder):
    """Every schema of `folder`, by its $id."""
    resources = []
    for root, _, names in os.walk(folder):
        for name in sorted(names):
            if name.endswith(".json"):
                with open(os.path.join(root, name), encoding="utf-8") as handle:
                    document = json.load(handle)
                resources.append((document["$id"], Resource.from_contents(document, default_specification=DRAFT7)))
    return Registry().with_resources(resources), len(resources)


def validator(schemas, name):
    resolved = schemas.contents(BASE + name)
    return jsonschema.Draft7Validator(resolved, registry=schemas)


def tokens(node, path, inherited):
    """Yields (path, type, value) for every token of a group, its type own or inherited;
    `$extensions` are no tokens."""
    if not isinstance(node, dict):
        return
    kind = node.get("$type", inherited)
    if "$value" in node:
        yield path, kind, node["$value"]
        return
    for name, child in node.items():
        if name == "$root":
            yield from tokens(child, path, kind)
        elif not name.startswith("$"):
            yield from tokens(child, path + [name], kind)


def check_tokens(document, where, schemas, values):
    """The problems of one tokens document: format.json's, then each value's by its type."""
    found = [f"{where}: format.json: /{'/'.join(map(str, e.path))}: {e.message}"
             for e in validator(schemas, "format.json").iter_errors(document)]
    count = 0
    for path, kind, value in tokens(document, [], None):
        count += 1
        name = ".".join(path)
        if isinstance(value, str) and value.startswith("{") and value.endswith("}"):
            continue  # a reference: format.json checks its form
        if kind is None:
            found.append(f"{where}: {name}: a value with no $type")
            continue
        if kind not in values:
            found.append(f"{where}: {name}: $type {kind} has no values schema")
            continue
        for error in values[kind].iter_errors(value):
            found.append(f"{where}: {name}: values/{kind}.json: {error.message}")
    return found, count


def main(folder, paths):
    schemas, loaded = registry(folder)
    if loaded != 22:
        return print(f"expected the 22 schemas of DTCG 2025.10 in {folder}, found {loaded}") or 1
    values = {}
    for name in os.listdir(os.path.join(folder, "format", "values")):
        values[name[:-5]] = validator(schemas, "format/values/" + name)
    failed = False
    for path in paths:
        with open(path, encoding="utf-8") as handle:
            document = json.load(handle)
        found = []
        count = 0
        if path.endswith(".resolver.json"):
            found += [f"{path}: resolver.json: /{'/'.join(map(str, e.path))}: {e.message}"
                      for e in validator(schemas, "resolver.json").iter_errors(document)]
            sources = []
            for name, entry in document.get("sets", {}).items():
                sources += [(f"{path}#/sets/{name}", s) for s in entry.get("sources", [])]
            for name, modifier in document.get("modifiers", {}).items():
                for context, inline in modifier.get("contexts", {}).items():
                    sources += [(f"{path}#/modifiers/{name}/{context}", s) for s in inline]
            for where, source in sources:
                problems, tokens_count = check_tokens(source, where, schemas, values)
                found += problems
                count += tokens_count
        else:
            found, count = check_tokens(document, path, schemas, values)
        for problem in found:
            print(problem)
        failed = failed or bool(found)
        if not found:
            print(f"{path}: ok ({count} tokens)")
    return 1 if failed else 0


if __name__ == "__main__":
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    sys.exit(main(sys.argv[1], sys.argv[2:]))
