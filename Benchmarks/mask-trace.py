#!/usr/bin/env python3
"""Whether a masking left a trace: every clear value of a masked column sought in every byte of the masked exports.

Usage: mask-trace.py --fo FO.zip --sales SALES.zip --masked DIR [--list N] [--json]

DIR is `airlock mask`'s output folder (fo-export.zip, sales-export.zip, mask.json); either export may be left out.
The masked columns are those `mask.json` lists (side, entity, column). Their clear values are read from the clear
exports (F&O entity files in CSV, in UTF-8 or UTF-16 as the manifest says; Sales data.xml, HTML-decoded as the
Configuration Migration tool encodes values) and kept when they are a trace a reader would see: four characters or
more, and two words or more, or ten characters or more (issue 59's rule). Then every entry of both masked packages is
decoded (UTF-16 or UTF-8, XML escapes and HTML character references undone) and searched for each value as plain text,
case-sensitive (GNU grep -F). Prints the values sought, the entries read and every value found with where; exit 1 when one is found.
python3, standard library only. Written apart from Airlock's masking code (only its output format is read).
"""
import argparse
import csv
import html
import io
import json
import os
import re
import subprocess
import sys
import tempfile
import xml.etree.ElementTree as ElementTree
import zipfile


def decode(raw):
    if raw[:2] in (b"\xff\xfe", b"\xfe\xff"):
        return raw.decode("utf-16")
    return raw.decode("utf-8-sig", errors="replace")


def traced(value):
    value = value.strip()
    return len(value) >= 4 and (len(value.split()) >= 2 or len(value) >= 10)


def fo_values(path, columns):
    values = set()
    with zipfile.ZipFile(path) as package:
        manifest = ElementTree.fromstring(package.read("Manifest.xml"))
        names = {}
        for element in manifest.iter():
            tag = element.tag.split("}")[-1]
            if tag == "DataEntityPackageEntityDefinition" or tag.endswith("EntityDefinition"):
                fields = {child.tag.split("}")[-1]: (child.text or "") for child in element}
                if "EntityName" in fields:
                    names[fields["EntityName"]] = fields.get("InputFilePath") or fields["EntityName"]
        for member in package.namelist():
            if not member.lower().endswith(".csv"):
                continue
            entity = member.rsplit("/", 1)[-1][:-4]
            wanted = {c for (side, e, c) in columns if side == "fo" and e.lower() == entity.lower()}
            if not wanted:
                continue
            for row in csv.DictReader(io.StringIO(decode(package.read(member)))):
                for column in wanted:
                    value = row.get(column)
                    if value and traced(value):
                        values.add(value.strip())
    return values


def sales_values(path, columns):
    values = set()
    with zipfile.ZipFile(path) as package:
        root = ElementTree.fromstring(package.read("data.xml"))
        for entity in root.iter("entity"):
            name = entity.get("name", "")
            wanted = {c for (side, e, c) in columns if side == "sales" and e == name}
            for field in entity.iter("field"):
                if field.get("name") in wanted and field.get("value"):
                    value = html.unescape(field.get("value"))
                    if traced(value):
                        values.add(value.strip())
    return values


def entry_texts(path):
    with zipfile.ZipFile(path) as package:
        for member in package.namelist():
            text = decode(package.read(member))
            yield member, html.unescape(html.unescape(text))


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--fo")
    parser.add_argument("--sales")
    parser.add_argument("--masked", required=True)
    parser.add_argument("--list", type=int, default=20)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    report = json.load(open(args.masked + "/mask.json", encoding="utf-8"))
    columns = {(c["side"], c["entity"], c["column"]) for c in report["columns"] if c["method"] not in ("keep",)}
    values = set()
    if args.fo:
        values |= fo_values(args.fo, columns)
    if args.sales:
        values |= sales_values(args.sales, columns)
    # Fixed-string search for every value at once (GNU grep -F: Aho–Corasick), on each entry decoded to UTF-8.
    found = []
    entries = 0
    with tempfile.TemporaryDirectory() as scratch:
        patterns = os.path.join(scratch, "values.txt")
        with open(patterns, "w", encoding="utf-8") as handle:
            for value in sorted(values):
                if "\n" not in value:
                    handle.write(value + "\n")
        for package, given in (("fo-export.zip", args.fo), ("sales-export.zip", args.sales)):
            if not given:
                continue
            for member, text in entry_texts(args.masked + "/" + package):
                entries += 1
                decoded = os.path.join(scratch, "entry.txt")
                with open(decoded, "w", encoding="utf-8") as handle:
                    handle.write(text)
                completed = subprocess.run(["grep", "-F", "-o", "-f", patterns, decoded], capture_output=True, text=True)
                for value in sorted(set(completed.stdout.splitlines())):
                    found.append((package, member, value))
    result = {"sought": len(values), "entries": entries, "found": len(found)}
    if args.json:
        print(json.dumps(result))
    else:
        print(f"{len(values)} clear values sought in {entries} entries: {len(found)} found")
        for package, member, value in found[: args.list]:
            print(f"  {package} {member}: {value!r}")
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main())
