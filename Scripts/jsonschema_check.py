#!/usr/bin/env python3
"""Checks the JSON Schemas PreferencesKit writes with Python's `jsonschema`, an independent
validator (https://pypi.org/project/jsonschema/).

  jsonschema_check.py DIR

DIR holds what the Swift test JSONSchemaCheckCases writes (JSONSCHEMA_CHECK_DIR=DIR):
NNNN.schema.json, the schemas of declared and random classes; NNNN-M.json, random documents
as a .json store writes them; and cases.json, listing each document with its schema and the
library's own verdict. Every schema must be valid against the draft 2020-12 metaschema, and
for every document `jsonschema`'s verdict must be the library's. Prints a summary; exits 1
on any difference.

.ci/run installs `jsonschema` into a virtual environment under .build/ and runs this with it:
  python3 -m venv .build/jsonschema-venv
  .build/jsonschema-venv/bin/pip install jsonschema
  JSONSCHEMA_CHECK_DIR=DIR swift test --skip-build --filter JSONSchemaCheckCases
  .build/jsonschema-venv/bin/python Scripts/jsonschema_check.py DIR
"""

import json
import os
import sys

from jsonschema import Draft202012Validator


def main():
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    folder = sys.argv[1]

    def load(name):
        with open(os.path.join(folder, name), encoding="utf-8") as file:
            return json.load(file)

    cases = load("cases.json")
    validators = {}
    failures = []
    for name in sorted({case["schema"] for case in cases}):
        schema = load(name)
        Draft202012Validator.check_schema(schema)
        if schema.get("$schema") != "https://json-schema.org/draft/2020-12/schema":
            failures.append(f"{name}: $schema is {schema.get('$schema')!r}")
        validators[name] = Draft202012Validator(schema)
    for case in cases:
        document = load(case["document"])
        errors = [error.message for error in validators[case["schema"]].iter_errors(document)]
        if (not errors) != case["valid"]:
            failures.append(
                f"{case['document']} against {case['schema']}: PreferencesKit says "
                f"{'valid' if case['valid'] else 'invalid'}, jsonschema says "
                f"{'valid' if not errors else 'invalid: ' + '; '.join(errors)}")
    invalid = sum(1 for case in cases if not case["valid"])
    print(f"{len(validators)} schemas valid against the draft 2020-12 metaschema; "
          f"{len(cases)} documents ({invalid} invalid), {len(failures)} disagreements")
    for failure in failures[:20]:
        print(failure)
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
