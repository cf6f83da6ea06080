#!/usr/bin/env python3
"""Validates themelint's SARIF output against the SARIF 2.1.0 schema (OASIS, errata01,
vendored beside this script) and checks the fields GitHub code scanning relies on.

Usage: validate_sarif.py FILE.sarif...   Exit status 0 when every file passes."""
import json
import os
import sys

try:
    import jsonschema
except ImportError:
    sys.exit("validate_sarif.py needs the jsonschema package (pip install jsonschema)")

HERE = os.path.dirname(os.path.abspath(__file__))
with open(os.path.join(HERE, "Fixtures", "sarif-schema-2.1.0.json"), encoding="utf-8") as handle:
    SCHEMA = json.load(handle)


def problems(log):
    """Yields what is missing from a log that GitHub code scanning needs."""
    for run in log["runs"]:
        rules = run["tool"]["driver"].get("rules", [])
        ids = [rule["id"] for rule in rules]
        if len(set(ids)) != len(ids):
            yield "rule ids are not unique"
        for rule in rules:
            for field in ("shortDescription", "fullDescription", "help"):
                if not rule.get(field, {}).get("text"):
                    yield f"rule {rule['id']} has no {field}.text"
        for result in run.get("results", []):
            where = f"result {result.get('ruleId')}: {result.get('message', {}).get('text')}"
            if result.get("ruleId") not in ids:
                yield f"{where}: ruleId is not a rule of the driver"
            if result.get("level") not in ("error", "warning", "note"):
                yield f"{where}: level"
            if not result.get("partialFingerprints"):
                yield f"{where}: no partialFingerprints"
            for location in result.get("locations", []):
                physical = location["physicalLocation"]
                uri = physical["artifactLocation"]["uri"]
                if uri.startswith("/") or "://" in uri:
                    yield f"{where}: artifact URI {uri} is not relative"
                region = physical.get("region")
                if region is not None:
                    for field in ("startLine", "startColumn", "endLine", "endColumn"):
                        if field not in region:
                            yield f"{where}: region has no {field}"


def main(paths):
    validator = jsonschema.Draft4Validator(SCHEMA)
    failed = False
    for path in paths:
        with open(path, encoding="utf-8") as handle:
            log = json.load(handle)
        errors = sorted(validator.iter_errors(log), key=lambda error: list(error.path))
        for error in errors:
            print(f"{path}: schema: {'/'.join(map(str, error.path))}: {error.message}")
        missing = list(problems(log))
        for problem in missing:
            print(f"{path}: {problem}")
        results = sum(len(run.get("results", [])) for run in log["runs"])
        print(f"{path}: {'FAIL' if errors or missing else 'ok'} ({results} results)")
        failed = failed or bool(errors or missing)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
