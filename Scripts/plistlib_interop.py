#!/usr/bin/env python3
"""Checks our property-list formats against CPython's plistlib, an independent implementation.

The Swift suite PlistlibInteropTests drives it, in two steps around its own work:

  plistlib_interop.py generate --seed S --count N DIR
      Writes N random documents, each three ways: NNNN.xml and NNNN.bplist by plistlib, and
      NNNN.json in our JSON form (dates and data tagged), which the Swift side writes as XML.
  (Swift reads NNNN.xml and NNNN.bplist with our parsers and writes what it read as our JSON,
   NNNN.from-xml.json and NNNN.from-bplist.json; it writes NNNN.json with our XML writer as
   NNNN.ours.xml.)
  plistlib_interop.py check DIR
      Compares: what we read must equal what plistlib wrote (XML dates to the second, binary
      dates exactly, as the double plistlib stored), and plistlib must read our XML back as the
      document we were given. Prints a summary; exits 1 on any difference.

A longer run: PLISTLIB_INTEROP_COUNT=5000 swift test --filter PlistlibInteropTests.

Decisions where the formats are silent: plistlib writes infinities and NaN in XML as `inf`,
`-inf` and `nan`, which we read; we write `+infinity`, `-infinity` and `nan`, which plistlib
reads. plistlib's XML writer turns a carriage return into a line feed, so documents for it hold
none; ours writes `&#13;`, which survives, so documents for ours do.
"""

import argparse
import base64
import datetime
import json
import math
import os
import plistlib
import random
import struct
import sys
import unicodedata

EPOCH_2001 = datetime.datetime(2001, 1, 1)

# Characters XML 1.0 holds, from several scripts: astral, combining, right-to-left, CJK.
ALPHABET = (
    "abcXYZ019 _-./:<>&'\"\t\n"
    "éüßøÆ" "e\u0301" "a\u0308\u0323" "한국어" "中文字" "עברית" "العربية" "😀🎈𝄞🏳️‍🌈" "\u200d\ufeff\ufffd"
)


def random_text(rng, allow_cr):
    count = rng.choice([0, 1, 2, 5, 12, 30])
    text = "".join(rng.choice(ALPHABET) for _ in range(count))
    if allow_cr and rng.random() < 0.2:
        text += "\r" + text
    return text


def random_double(rng):
    choice = rng.random()
    if choice < 0.15:
        return rng.choice([0.0, -0.0, 5e-324, -5e-324, 2.2250738585072014e-308,
                           1.7976931348623157e308, -1.7976931348623157e308, 0.1, 1e16, -1.5])
    if choice < 0.2:
        return rng.choice([math.inf, -math.inf, math.nan])
    while True:
        value = struct.unpack("<d", rng.getrandbits(64).to_bytes(8, "little"))[0]
        if math.isfinite(value):
            return value


def random_date(rng, whole_seconds):
    seconds = rng.randint(-62_135_596_800, 253_402_300_799)  # years 1 to 9999
    date = datetime.datetime(1970, 1, 1) + datetime.timedelta(seconds=seconds)
    if not whole_seconds:
        date = date.replace(microsecond=rng.randint(0, 999_999))
    return date


def random_value(rng, depth, allow_cr):
    kinds = ["bool", "int", "double", "string", "data", "date"]
    if depth < 5:
        kinds += ["array", "dict"] * 2
    kind = rng.choice(kinds)
    if kind == "bool":
        return rng.random() < 0.5
    if kind == "int":
        return rng.choice([-(2**63), 2**63 - 1, 0, -1, rng.randint(-(2**63), 2**63 - 1),
                           rng.randint(-1000, 1000)])
    if kind == "double":
        return random_double(rng)
    if kind == "string":
        return random_text(rng, allow_cr)
    if kind == "data":
        return bytes(rng.getrandbits(8) for _ in range(rng.choice([0, 1, 3, 40])))
    if kind == "date":
        return random_date(rng, whole_seconds=rng.random() < 0.5)
    if kind == "array":
        return [random_value(rng, depth + 1, allow_cr) for _ in range(rng.choice([0, 1, 3]))]
    return random_dict(rng, depth + 1, allow_cr)


def random_dict(rng, depth, allow_cr):
    result = {}
    seen = set()
    for _ in range(rng.choice([0, 1, 3, 6])):
        key = random_text(rng, allow_cr)
        # Swift compares strings by canonical equivalence, so `é` and `e\u0301` are one key.
        normalized = unicodedata.normalize("NFC", key)
        if normalized not in seen:
            seen.add(normalized)
            result[key] = random_value(rng, depth, allow_cr)
    return result


# Our JSON form (see JSONPropertyListWriter).

def to_ours(value):
    if isinstance(value, bool) or isinstance(value, int) or isinstance(value, str):
        return value
    if isinstance(value, float):
        if math.isnan(value):
            return {"$double": "nan"}
        if math.isinf(value):
            return {"$double": "+infinity" if value > 0 else "-infinity"}
        return value
    if isinstance(value, bytes):
        return {"$data": base64.b64encode(value).decode()}
    if isinstance(value, datetime.datetime):
        whole = "%04d-%02d-%02dT%02d:%02d:%02d" % (
            value.year, value.month, value.day, value.hour, value.minute, value.second)
        return {"$date": whole + (
            ".%06d" % value.microsecond if value.microsecond else "") + "Z"}
    if isinstance(value, list):
        return [to_ours(item) for item in value]
    entries = {key: to_ours(item) for key, item in value.items()}
    if len(entries) == 1 and next(iter(entries)).startswith("$"):
        key = next(iter(entries))
        return {"$" + key: entries[key]}
    return entries


class Date:
    """A date as our JSON holds it: seconds since 2001 as a double, exactly."""

    def __init__(self, text):
        whole = datetime.datetime.strptime(text[:19], "%Y-%m-%dT%H:%M:%S")
        fraction = float("0" + text[19:-1]) if len(text) > 20 else 0.0
        self.seconds = int((whole - EPOCH_2001).total_seconds())
        self.fraction = fraction
        self.interval = float(self.seconds) + fraction


def from_ours_object(entries):
    if len(entries) == 1:
        ((key, value),) = entries.items()
        if key == "$date":
            return Date(value)
        if key == "$data":
            return base64.b64decode(value)
        if key == "$double":
            return {"nan": math.nan, "+infinity": math.inf, "-infinity": -math.inf}[value]
        if key.startswith("$$"):
            return {key[1:]: value}
    return entries


def interval_of(date):
    """Seconds since 2001 as a double, as property lists store a date, or None."""
    if isinstance(date, Date):
        return date.interval
    if isinstance(date, datetime.datetime):
        return (date - EPOCH_2001).total_seconds()
    return None


def same(expected, found, whole_seconds, path="$"):
    """The first difference between a document and what was read, or None."""
    if isinstance(expected, bool) or isinstance(found, bool):
        return None if expected is found else f"{path}: {expected!r} != {found!r}"
    if isinstance(expected, int):
        ok = isinstance(found, int) and expected == found
        return None if ok else f"{path}: integer {expected!r} != {found!r}"
    if isinstance(expected, float):
        ok = isinstance(found, float) and (
            (math.isnan(expected) and math.isnan(found))
            or (expected == found and math.copysign(1, expected) == math.copysign(1, found)))
        return None if ok else f"{path}: double {expected!r} != {found!r}"
    if isinstance(expected, (str, bytes)):
        return None if type(found) is type(expected) and expected == found else (
            f"{path}: {expected!r} != {found!r}")
    if isinstance(expected, (datetime.datetime, Date)):
        wanted, interval = interval_of(expected), interval_of(found)
        if interval is None:
            return f"{path}: date {expected} != {found!r}"
        if whole_seconds:
            wanted, interval = math.floor(wanted), math.floor(interval)
        return None if wanted == interval else f"{path}: date {wanted} != {interval}"
    if isinstance(expected, list):
        if not isinstance(found, list) or len(found) != len(expected):
            return f"{path}: array of {len(expected)} != {found!r:.80}"
        for index, (a, b) in enumerate(zip(expected, found)):
            problem = same(a, b, whole_seconds, f"{path}[{index}]")
            if problem:
                return problem
        return None
    if not isinstance(found, dict) or sorted(found) != sorted(expected):
        return f"{path}: keys {sorted(expected)!r:.200} != {found!r:.200}"
    for key in expected:
        problem = same(expected[key], found[key], whole_seconds, f"{path}.{key!r}")
        if problem:
            return problem
    return None


def generate(arguments):
    rng = random.Random(arguments.seed)
    os.makedirs(arguments.directory, exist_ok=True)
    for index in range(arguments.count):
        stem = os.path.join(arguments.directory, "%04d" % index)
        for_plistlib = random_dict(rng, 0, allow_cr=False)
        with open(stem + ".xml", "wb") as file:
            file.write(plistlib.dumps(for_plistlib, fmt=plistlib.FMT_XML, sort_keys=False))
        with open(stem + ".bplist", "wb") as file:
            file.write(plistlib.dumps(for_plistlib, fmt=plistlib.FMT_BINARY, sort_keys=False))
        for_ours = random_dict(rng, 0, allow_cr=True)
        with open(stem + ".json", "w", encoding="utf-8") as file:
            json.dump(to_ours(for_ours), file, ensure_ascii=rng.random() < 0.5, allow_nan=False)


def read_ours(path):
    with open(path, "rb") as file:
        return json.loads(file.read().decode("utf-8"), object_hook=from_ours_object)


def check(arguments):
    stems = sorted(name[:-4] for name in os.listdir(arguments.directory) if name.endswith(".xml")
                   and not name.endswith(".ours.xml"))
    failures = []
    passed = {"plistlib XML read by us": 0, "plistlib binary read by us": 0,
              "our XML read by plistlib": 0}
    for stem in stems:
        base = os.path.join(arguments.directory, stem)
        # What each file holds, as plistlib reads it. The two can differ: plistlib's binary
        # writer shares one object between equal values, so 0.0 and -0.0 in one document both
        # become whichever came first.
        with open(base + ".xml", "rb") as file:
            original_xml = plistlib.loads(file.read())
        with open(base + ".bplist", "rb") as file:
            original = plistlib.loads(file.read())
        with open(base + ".json", "rb") as file:
            ours = json.loads(file.read().decode("utf-8"), object_hook=from_ours_object)
        with open(base + ".ours.xml", "rb") as file:
            ours_xml = file.read()
        checks = [
            ("plistlib XML read by us", original_xml,
             lambda: read_ours(base + ".from-xml.json"), True),
            ("plistlib binary read by us", original,
             lambda: read_ours(base + ".from-bplist.json"), False),
            ("our XML read by plistlib", ours, lambda: plistlib.loads(ours_xml), True),
        ]
        for name, expected, read, whole_seconds in checks:
            try:
                problem = same(expected, read(), whole_seconds)
            except Exception as error:  # a document plistlib or json cannot read
                problem = f"{type(error).__name__}: {error}"
            if problem:
                failures.append(f"{stem} {name}: {problem}")
            else:
                passed[name] += 1
    for name, count in passed.items():
        print(f"{count}/{len(stems)} documents: {name}")
    for failure in failures[:20]:
        print("FAILED", failure)
    return 1 if failures or not stems else 0


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    commands = parser.add_subparsers(dest="command", required=True)
    make = commands.add_parser("generate")
    make.add_argument("--seed", type=int, default=1)
    make.add_argument("--count", type=int, default=300)
    make.add_argument("directory")
    compare = commands.add_parser("check")
    compare.add_argument("directory")
    arguments = parser.parse_args()
    if arguments.command == "generate":
        generate(arguments)
        return 0
    return check(arguments)


if __name__ == "__main__":
    sys.exit(main())
