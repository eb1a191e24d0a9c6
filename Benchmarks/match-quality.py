#!/usr/bin/env python3
"""Precision and recall of an `airlock match` run against the answer key of `airlock sample --unkeyed`.

Usage: match-quality.py MATCH-FOLDER TRUTH.csv [--json]

Per entity (accounts, contacts, products), from MATCH-FOLDER/matches.csv and MATCH-FOLDER/duplicates.csv:
  sure precision     of the pairs classed sure, the share the answer key holds
  review precision   the same for the pairs classed review
  sure recall        of the Sales records that have a partner in the answer key, the share whose sure pair is one
  sure+review recall the same for pairs classed sure or review (what a reviewer gets to see)
  pairs found        of the answer key's pairs, the share proposed as sure or review (a Sales record is proposed
                     with one F&O record, so an F&O duplicate's second pair counts as missed here)
  duplicates         precision and recall of duplicates.csv against the answer key's fo-/sales-duplicate lines
Exit status 0; the figures go to stdout (a table, or JSON with --json).
"""
import csv
import json
import sys


def read(path):
    with open(path, encoding="utf-8-sig", newline="") as handle:
        return list(csv.DictReader(handle))


def main():
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    if len(args) != 2:
        print(__doc__, file=sys.stderr)
        return 2
    folder, truth_path = args
    truth = read(truth_path)
    pairs = {}
    partners = {}
    duplicates = {}
    for row in truth:
        entity = {"account": "accounts", "contact": "contacts", "product": "products"}.get(row["entity"], row["entity"])
        if row["kind"] == "pair":
            pairs.setdefault(entity, set()).add((row["left"], row["right"].lower()))
            partners.setdefault(entity, {}).setdefault(row["right"].lower(), set()).add(row["left"])
        elif row["kind"] in ("fo-duplicate", "sales-duplicate"):
            side = "fo" if row["kind"] == "fo-duplicate" else "sales"
            a, b = row["left"], row["right"]
            if side == "sales":
                a, b = a.lower(), b.lower()
            duplicates.setdefault(entity, set()).add((side, min(a, b), max(a, b)))
    proposals = {}
    for row in read(folder + "/matches.csv"):
        if row["decision"] == "reject":
            continue
        proposals.setdefault(row["entity"], []).append((row["class"], row["fo_key"], row["sales_id"].lower()))
    found_duplicates = {}
    for row in read(folder + "/duplicates.csv"):
        a, b = row["first_key"], row["second_key"]
        if row["side"] == "sales":
            a, b = a.lower(), b.lower()
        found_duplicates.setdefault(row["entity"], set()).add((row["side"], min(a, b), max(a, b)))
    result = {}
    for entity in ["accounts", "contacts", "products"]:
        truth_pairs = pairs.get(entity, set())
        truth_partners = partners.get(entity, {})
        rows = proposals.get(entity, [])
        sure = [(f, s) for c, f, s in rows if c == "sure"]
        review = [(f, s) for c, f, s in rows if c == "review"]
        def precision(items):
            return None if not items else sum(1 for p in items if p in truth_pairs) / len(items)
        def recall(items):
            if not truth_partners:
                return None
            hit = {s for f, s in items if f in truth_partners.get(s, set())}
            return len(hit) / len(truth_partners)
        both = sure + review
        dups_true = duplicates.get(entity, set())
        dups_found = found_duplicates.get(entity, set())
        result[entity] = {
            "truePairs": len(truth_pairs),
            "salesWithPartner": len(truth_partners),
            "sure": len(sure),
            "review": len(review),
            "surePrecision": precision(sure),
            "reviewPrecision": precision(review),
            "sureRecall": recall(sure),
            "sureReviewRecall": recall(both),
            "pairsFound": None if not truth_pairs else len(set(both) & truth_pairs) / len(truth_pairs),
            "trueDuplicates": len(dups_true),
            "duplicatesFound": len(dups_found),
            "duplicatePrecision": None if not dups_found else len(dups_found & dups_true) / len(dups_found),
            "duplicateRecall": None if not dups_true else len(dups_found & dups_true) / len(dups_true),
        }
    if "--json" in sys.argv:
        print(json.dumps(result, indent=2, sort_keys=True))
        return 0
    def pct(value):
        return "—" if value is None else f"{100 * value:.2f} %"
    print("| entity | true pairs | sure | review | sure precision | review precision | sure recall | sure+review recall | pairs found | duplicates precision / recall |")
    print("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
    for entity, r in result.items():
        print(f"| {entity} | {r['truePairs']} | {r['sure']} | {r['review']} | {pct(r['surePrecision'])} | {pct(r['reviewPrecision'])} | "
              f"{pct(r['sureRecall'])} | {pct(r['sureReviewRecall'])} | {pct(r['pairsFound'])} | "
              f"{pct(r['duplicatePrecision'])} / {pct(r['duplicateRecall'])} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
