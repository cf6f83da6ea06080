#!/usr/bin/env python3
"""Validates themelint configuration files (.themelint.json) against
Lint/themelint.schema.json (JSON Schema draft 2020-12), as editors and CI see them.

Usage: Scripts/validate-config.py FILE.json...

Prints one line per problem, `FILE: JSON.PATH: message`, with the path written as
themelint writes it (`.rules.min_contrast.pairs[1].minimum`; for an unknown or missing key,
the path of that key), then `FILE: ok` or `FILE: FAIL`. Exit status 0 when every file is
valid. A key written twice in one object is refused, as themelint refuses it."""
import json
import os
import re
import sys

try:
    import jsonschema
except ImportError:
    sys.exit("validate-config.py needs the jsonschema package (pip install jsonschema)")

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
with open(os.path.join(ROOT, "Lint", "themelint.schema.json"), encoding="utf-8") as handle:
    SCHEMA = json.load(handle)
PLAIN = re.compile(r"^[A-Za-z_][A-Za-z0-9_]*$")


class DuplicateKey(ValueError):
    pass


def no_duplicates(pairs):
    seen = {}
    for key, value in pairs:
        if key in seen:
            raise DuplicateKey(f"the key '{key}' is written twice in one object")
        seen[key] = value
    return seen


def json_path(parts):
    """jq-style, as themelint writes it: `.a.b[0]`, `.["$schema"]`, `.` for the root."""
    text = ""
    for part in parts:
        if isinstance(part, int):
            text += f"[{part}]"
        elif PLAIN.match(part):
            text += "." + part
        else:
            text = (text or ".") + "[" + json.dumps(part, ensure_ascii=False) + "]"
    return text or "."


def paths(error):
    """The JSON paths an error is about: the key itself for unknown and missing keys."""
    base = list(error.absolute_path)
    if error.validator == "additionalProperties":
        allowed = set(error.schema.get("properties", {}))
        return [json_path(base + [key]) for key in sorted(set(error.instance) - allowed)]
    if error.validator == "required":
        return [json_path(base + [key]) for key in error.validator_value if key not in error.instance]
    return [json_path(base)]


def main(files):
    validator = jsonschema.Draft202012Validator(SCHEMA)
    failed = False
    for name in files:
        try:
            with open(name, encoding="utf-8-sig") as handle:
                document = json.load(handle, object_pairs_hook=no_duplicates)
        except (ValueError, OSError) as error:
            print(f"{name}: not valid JSON: {error}")
            print(f"{name}: FAIL")
            failed = True
            continue
        errors = sorted(validator.iter_errors(document), key=lambda error: list(map(str, error.absolute_path)))
        for error in errors:
            # A value a "not" refuses: the refused form's own description says why.
            message = error.message
            if error.validator == "not" and "description" in error.validator_value:
                message = f"{json.dumps(error.instance, ensure_ascii=False)}: {error.validator_value['description']}"
            for path in paths(error):
                print(f"{name}: {path}: {message}")
        print(f"{name}: {'FAIL' if errors else 'ok'}")
        failed = failed or bool(errors)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
