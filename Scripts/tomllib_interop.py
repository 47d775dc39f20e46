#!/usr/bin/env python3
"""Checks our TOML writer against CPython's tomllib (3.11+), an independent TOML 1.0 reader.

The Swift suite TomllibInteropTests drives it, in two steps around its own work:

  tomllib_interop.py generate --seed S --count N DIR
      Writes N random documents as NNNN.json in our JSON form (dates, data and non-finite
      doubles tagged), with keys that need quoting, every kind of value, nested tables and
      arrays of tables.
  (Swift reads each NNNN.json and writes it with our TOML writer as NNNN.toml.)
  tomllib_interop.py check DIR
      tomllib must read every NNNN.toml as the document generated: data as its base64 text,
      dates to the microsecond (tomllib keeps no more; far from 2001, to the precision of the
      `Date`, a double of seconds since 2001), floats bit for bit. Prints a summary;
      exits 1 on any difference.

A longer run: TOMLLIB_INTEROP_COUNT=5000 swift test --filter TomllibInteropTests.
"""

import argparse
import base64
import datetime
import json
import math
import os
import random
import sys
import tomllib

UTC = datetime.timezone.utc
ALPHABET = "ab Z_-.\"'\\\t\n\r\x00\x01\x1f\x7f#=[]{}é中😀\u0301\u200f"


def text(rng, limit=12):
    return "".join(rng.choice(ALPHABET) for _ in range(rng.randint(0, limit)))


def scalar(rng):
    kind = rng.randrange(7)
    if kind == 0:
        return text(rng)
    if kind == 1:
        return rng.choice([0, -1, 2**63 - 1, -(2**63), rng.randint(-(2**63), 2**63 - 1)])
    if kind == 2:
        return rng.choice([0.0, -0.0, math.inf, -math.inf, math.nan, 5e-324, 1.7976931348623157e308,
                           rng.uniform(-1e9, 1e9), rng.random() * 10 ** rng.randint(-300, 300)])
    if kind == 3:
        return rng.random() < 0.5
    if kind == 4:
        # Half near today, where a `Date` (a double of seconds since 2001) holds microseconds.
        seconds = rng.choice([rng.randint(-62135596800, 253402300799),
                              rng.randint(-2208988800, 4102444800)])
        return datetime.datetime.fromtimestamp(seconds, UTC).replace(
            microsecond=rng.randrange(1000000))
    if kind == 5:
        return bytes(rng.randrange(256) for _ in range(rng.randint(0, 9)))
    return rng.choice(["", "plain"])


def value(rng, depth):
    kind = rng.randrange(10) if depth < 4 else 0
    if kind <= 5:
        return scalar(rng)
    if kind <= 7:
        return [value(rng, depth + 1) for _ in range(rng.randint(0, 4))]
    if kind == 8:
        return [table(rng, depth + 1) for _ in range(rng.randint(1, 3))]
    return table(rng, depth + 1)


def table(rng, depth):
    return {text(rng, 6): value(rng, depth) for _ in range(rng.randint(0, 5))}


def tagged(v):
    """`v` in our JSON form."""
    if isinstance(v, float) and not math.isfinite(v):
        return {"$double": "nan" if math.isnan(v) else ("+infinity" if v > 0 else "-infinity")}
    if isinstance(v, datetime.datetime):
        return {"$date": f"{v.year:04}-{v.month:02}-{v.day:02}T{v.hour:02}:{v.minute:02}:"
                          f"{v.second:02}.{v.microsecond:06}Z"}
    if isinstance(v, bytes):
        return {"$data": base64.b64encode(v).decode()}
    if isinstance(v, list):
        return [tagged(e) for e in v]
    if isinstance(v, dict):
        items = {k: tagged(e) for k, e in v.items()}
        if len(items) == 1 and next(iter(items)).startswith("$"):
            return {"$" + k: e for k, e in items.items()}
        return items
    return v


def same(expected, actual, path):
    """A description of the first difference, or None."""
    if isinstance(expected, bytes):
        expected = base64.b64encode(expected).decode()
    if isinstance(expected, datetime.datetime):
        if not isinstance(actual, datetime.datetime) or actual.tzinfo is None:
            return f"{path}: expected {expected}, found {actual!r}"
        # A `Date` far from 2001 holds less than microseconds: allow its own precision.
        since2001 = (expected - datetime.datetime(2001, 1, 1, tzinfo=UTC)).total_seconds()
        allowed = datetime.timedelta(seconds=math.ulp(since2001) + 1e-6)
        if abs(actual - expected) > allowed:
            return f"{path}: expected {expected}, found {actual}"
        return None
    if isinstance(expected, float):
        if not isinstance(actual, float) or (
                not (math.isnan(expected) and math.isnan(actual))
                and (expected != actual or math.copysign(1, expected) != math.copysign(1, actual))):
            return f"{path}: expected {expected!r}, found {actual!r}"
        return None
    if type(expected) is not type(actual):
        return f"{path}: expected {type(expected).__name__}, found {type(actual).__name__}"
    if isinstance(expected, list):
        if len(expected) != len(actual):
            return f"{path}: expected {len(expected)} elements, found {len(actual)}"
        for index, (e, a) in enumerate(zip(expected, actual)):
            if (d := same(e, a, f"{path}[{index}]")):
                return d
        return None
    if isinstance(expected, dict):
        if set(expected) != set(actual):
            return f"{path}: expected keys {sorted(expected)}, found {sorted(actual)}"
        for key in expected:
            if (d := same(expected[key], actual[key], f"{path}.{key!r}")):
                return d
        return None
    return None if expected == actual else f"{path}: expected {expected!r}, found {actual!r}"


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("command", choices=["generate", "check"])
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--count", type=int, default=100)
    parser.add_argument("folder")
    arguments = parser.parse_args()
    rng = random.Random(arguments.seed)
    if arguments.command == "generate":
        os.makedirs(arguments.folder, exist_ok=True)
        for index in range(arguments.count):
            document = table(rng, 0)
            with open(os.path.join(arguments.folder, f"{index:04}.json"), "w") as file:
                json.dump(tagged(document), file, ensure_ascii=False)
        return 0
    # Regenerate the same documents (the seed is fixed) and compare with tomllib's reading.
    rng = random.Random(arguments.seed)
    failures = []
    count = 0
    for index in range(arguments.count):
        document = table(rng, 0)
        name = os.path.join(arguments.folder, f"{index:04}.toml")
        try:
            with open(name, "rb") as file:
                read = tomllib.load(file)
        except Exception as error:
            failures.append(f"{name}: tomllib refused it: {error}")
            continue
        if (difference := same(document, read, "")):
            failures.append(f"{name}: {difference}")
            continue
        count += 1
    print(f"{count}/{arguments.count} documents: tomllib reads our TOML as the values written")
    for failure in failures[:20]:
        print(failure)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
