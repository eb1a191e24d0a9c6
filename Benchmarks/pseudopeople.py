#!/usr/bin/env python3
"""pseudopeople benchmark of `airlock match` on people: two noisy registers of one simulated population, written as
Dynamics exports and scored against the truth (the simulant behind every row).

Usage: Benchmarks/pseudopeople.py [--sales REGISTER] [--fo REGISTER] [--seed N] [--year YYYY|all] [--all-rows]
                                  [--out DIR] [--airlock BINARY] [--no-match] [--json]

The data: pseudopeople (https://pypi.org/project/pseudopeople/, BSD-3-Clause, by the Institute for Health Metrics
and Evaluation) simulates the registers a US statistics office links, each with its own noise: typos, OCR and
phonetic errors, nicknames, swapped or blank fields, people who moved between registers, household members who
share a family name and an address. Its sample population (one simulated town, "Anytown", WA: every city is
Anytown, every state WA and every ZIP code 00000 before noise, so only names and streets tell people apart) ships
inside the wheel; its public API generates a register from it with the default noise:
  census  generate_decennial_census            address, date of birth (MM/DD/YYYY), sex, middle initial
  acs     generate_american_community_survey   the same
  cps     generate_current_population_survey   the same
  wic     generate_women_infants_and_children  the same (date of birth MMDDYYYY)
  ssa     generate_social_security             no address, no household; date of birth (YYYYMMDD), sex, middle name
  w2      generate_taxes_w2_and_1099           mailing address (or PO box), no date of birth, no sex; a row per form
  1040    generate_taxes_1040                  mailing address (or PO box), no date of birth, no sex; the primary
                                               filer only (spouse and dependants' columns are left out)
`pip install pseudopeople==1.3.1` (with pandas, pyarrow, numpy) goes into a venv of its own,
.bench/pseudopeople-venv (made on first use; git ignores .bench/); this script starts with the system python3 and
runs the venv's python (isolated, -I) only to generate the registers (the hidden option --generate): all seven, for
the table of what each pair shares, written to DIR/registers/ as CSV (about 10 s; the two chosen are exported).
pseudopeople's noise is seeded (--seed, its `seed`), so equal arguments and equal package versions give
byte-identical files; the versions used are in DIR/pseudopeople.json.

The default pair is census against W-2/1099 (--sales census --fo w2): on the sample data in 2020 it is the pair
that shares the most households (3,623) and 6,712 people, the census giving the address where people live and the
tax forms the one their mail goes to (a PO box for some, another street for those who moved). ACS against CPS, the
pair the issue first named, holds 74 and 37 people in 2020 and shares none of them (211 and 752 people in every year,
9 shared), so it measures nothing; every pair of registers and the people and households it shares is printed on
stderr at the start of a run.

One record per person and register: a register's rows are reduced to the first row of each simulant in
pseudopeople's output order (W-2/1099 hold a row per tax form, SSA a row per event, the census a few "duplicate with
guardian" rows); --all-rows keeps every row instead, the extra rows being within-side duplicates whose pairs the
answer key lists too. Each side's records are then in a fixed shuffled order: sorted by SHA-256 of
"pseudopeople/<side>/<register>/<seed>/<year>/<row>", so neither side's order says anything about the other's.
A register without a field leaves its column out of the export (and the schema); a value pseudopeople blanked as
noise is an empty field (left out of data.xml, empty in the CSV).
  sales-export.zip  the --sales register as Sales contacts, a Configuration Migration package (data.xml,
                    data_schema.xml, [Content_Types].xml, written as febrl.py writes them): contactid (uuid5 of the
                    register, seed, year and row), firstname, middlename (the middle initial; SSA's middle name),
                    lastname, fullname ("first middle last"), birthdate (a dateOnly datetime,
                    YYYY-MM-DDT00:00:00.0000000; a date that noise made impossible, such as 07/71/1958, is left
                    out), gendercode (1 Male, 2 Female), address1_line1 (street number and name, or "PO Box N"),
                    address1_line2 (the unit), address1_city, address1_stateorprovince, address1_postalcode,
                    address1_country ("United States")
  fo-export.zip     the --fo register as F&O person customers of USMF in Customers V3 (Manifest.xml,
                    PackageHeader.xml, "Customers V3.csv", UTF-16 as febrl.py writes them): CUSTOMERACCOUNT
                    ("PP" and six digits, numbered in the shuffled order), PARTYTYPE Person, ORGANIZATIONNAME empty,
                    PERSONFIRSTNAME, PERSONMIDDLENAME, PERSONLASTNAME, PERSONGENDER (Male, Female; empty when
                    blank), ADDRESSSTREET (street name, or "PO Box N"), ADDRESSSTREETNUMBER, ADDRESSCITY,
                    ADDRESSSTATE, ADDRESSZIPCODE, ADDRESSCOUNTRYREGIONISOCODE "US", CUSTOMERGROUPID "10",
                    SALESCURRENCYCODE "USD". Customers V3 has no date of birth column, so F&O customers carry none;
                    nor a unit column (F&O keeps a unit as a second street line): the unit is left out, as febrl.py
                    leaves out address_2.
  pseudopeople-truth.csv   the answer key: sales_id (the contact's GUID), fo_key (the customer account), one line
                    per pair of records of one simulant
  pseudopeople-people.csv  side, key, simulant_id, household_id of every record (for reading a run's mistakes)

Then, unless --no-match, it runs `airlock match --fo fo-export.zip --sales sales-export.zip --out DIR/match
--entities contacts --no-ledger` (defaults) under /usr/bin/time -v (febrl.py's run_match) and scores
DIR/match/matches.csv. A Sales record counts as linked right when its pair names any F&O record of the same
simulant; the recalls are over the Sales records that have at least one partner:
  sure precision       of the sure pairs, the share whose two records are one simulant
  sure recall          of the Sales records with a partner, the share with a right sure pair
  sure F1              their harmonic mean
  sure+review recall   of the Sales records with a partner, the share with a right sure or review pair
  wrong sure pairs     split into household members (the two simulants share a household_id, as either register
                       gives it) and others; and how many of them have a Sales record without any partner
  never proposed       Sales records with a partner that got no right pair: proposed with another record, or with
                       none
  moved                true pairs whose first and last names agree (case-insensitive) but whose street differs (the
                       number or the name, each where both records give it; or a PO box against a street or another
                       box): how many were found, got no proposal, or were proposed with another record. Noise in a
                       street (a typo) counts as a difference too: pseudopeople does not say which rows moved
beside the targets (sure precision >= 0.995, sure recall >= 0.90, sure F1 >= 0.945, sure+review recall >= 0.95).
A table goes to stdout, or JSON with --json; DIR/pseudopeople.json keeps the JSON either way.

Options:
  --sales REGISTER  the register written as Sales contacts: census, acs, cps, wic, ssa, w2, 1040 (default census)
  --fo REGISTER     the register written as F&O person customers, another one (default w2)
  --seed N          pseudopeople's seed (default 0)
  --year YYYY|all   pseudopeople's year (default 2020, its own default): the census and surveys of that year, the
                    tax forms of that tax year, WIC of that year, SSA events up to its end; `all` every year
  --all-rows        keep every row of a register (default: the first row of each simulant)
  --out DIR         where the registers, exports, answer key, match folder and results go (default
                    .bench/pseudopeople)
  --airlock PATH    the binary to run (default .build/release/airlock, as febrl.py; bin/release-build makes it)
  --no-match        only write the exports and the answer key
  --json            print the results as JSON
Exit status: 0 done (whether or not the targets are met); 1 the match run failed; 2 bad options, or pseudopeople
could not be installed or run. Needs python3 -m venv and PyPI on the first run.
"""
import csv
import datetime
import hashlib
import importlib.util
import io
import json
import os
import re
import subprocess
import sys
import uuid

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
VENV = os.path.join(ROOT, ".bench", "pseudopeople-venv")
PACKAGE = "pseudopeople==1.3.1"
TARGETS = {"surePrecision": 0.995, "sureRecall": 0.90, "sureF1": 0.945, "sureReviewRecall": 0.95}
CONTACT_NAMESPACE = uuid.uuid5(uuid.NAMESPACE_URL, "https://pypi.org/project/pseudopeople/#airlock-benchmark")

# Register -> (generator of pseudopeople's API, its name, prefix of its address columns (None: no address),
# date of birth format (None: no date of birth), middle name column).
REGISTERS = {
    "census": ("generate_decennial_census", "Decennial census", "", "MM/DD/YYYY", "middle_initial"),
    "acs": ("generate_american_community_survey", "American Community Survey", "", "MM/DD/YYYY", "middle_initial"),
    "cps": ("generate_current_population_survey", "Current Population Survey", "", "MM/DD/YYYY", "middle_initial"),
    "wic": ("generate_women_infants_and_children", "Women, Infants and Children", "", "MMDDYYYY", "middle_initial"),
    "ssa": ("generate_social_security", "Social Security", None, "YYYYMMDD", "middle_name"),
    "w2": ("generate_taxes_w2_and_1099", "W-2 and 1099 tax forms", "mailing_address_", None, "middle_initial"),
    "1040": ("generate_taxes_1040", "1040 tax forms (primary filer)", "mailing_address_", None, "middle_initial"),
}
# The columns of DIR/registers/<register>.csv: pseudopeople's, renamed alike for every register.
REGISTER_COLUMNS = ["row", "simulant_id", "household_id", "first_name", "middle_name", "last_name", "date_of_birth",
                    "sex", "street_number", "street_name", "unit_number", "po_box", "city", "state", "zipcode"]
ADDRESS_COLUMNS = ["street_number", "street_name", "unit_number", "po_box", "city", "state", "zipcode"]


def fail(message, status=2):
    print(f"pseudopeople: {message}", file=sys.stderr)
    sys.exit(status)


def load_febrl():
    """Benchmarks/febrl.py as a module: its CMT value escaping, zip writer and timed match run."""
    spec = importlib.util.spec_from_file_location("airlock_febrl_benchmark", os.path.join(HERE, "febrl.py"))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


# --- The registers: generated by pseudopeople in its venv ----------------------------------------------------------


def generate(names, seed, year, folder):
    """Runs inside the venv (--generate): writes DIR/registers/<name>.csv per register, prints what it wrote as JSON."""
    sys.path = [p for p in sys.path if os.path.abspath(p or ".") != HERE]  # this file is not the package
    import warnings
    warnings.simplefilter("ignore")
    import numpy
    import pandas
    import pseudopeople
    os.makedirs(folder, exist_ok=True)
    written = {"versions": {"pseudopeople": pseudopeople.__version__, "pandas": pandas.__version__,
                            "numpy": numpy.__version__, "python": sys.version.split()[0]}, "registers": {}}
    try:
        import pyarrow
        written["versions"]["pyarrow"] = pyarrow.__version__
    except ImportError:
        pass
    for name in names:
        generator, _, prefix, dob, middle = REGISTERS[name]
        frame = getattr(pseudopeople, generator)(seed=seed, year=year)
        source = {"simulant_id": "simulant_id", "household_id": "household_id", "first_name": "first_name",
                  "middle_name": middle, "last_name": "last_name", "date_of_birth": "date_of_birth", "sex": "sex"}
        if prefix is not None:
            for column in ADDRESS_COLUMNS:
                source[column] = prefix + column
        present = [c for c in REGISTER_COLUMNS[1:] if source.get(c) in frame.columns]
        text = io.StringIO()
        writer = csv.writer(text, lineterminator="\n")
        writer.writerow(REGISTER_COLUMNS)
        columns = [frame[source[c]].tolist() if c in present else None for c in REGISTER_COLUMNS[1:]]
        for row in range(len(frame)):
            values = [str(row)]
            for series in columns:
                value = None if series is None else series[row]
                values.append("" if value is None or pandas.isna(value) else str(value).strip())
            writer.writerow(values)
        with open(os.path.join(folder, f"{name}.csv"), "w", encoding="utf-8", newline="") as handle:
            handle.write(text.getvalue())
        written["registers"][name] = {"rows": len(frame), "fields": present, "generator": generator}
    print(json.dumps(written, sort_keys=True))
    return 0


def venv_python():
    """The python of .bench/pseudopeople-venv with pseudopeople 1.3.1 installed (made and installed on first use)."""
    python = os.path.join(VENV, "bin", "python")
    if not os.path.exists(python):
        print("pseudopeople: python3 -m venv .bench/pseudopeople-venv", file=sys.stderr)
        if subprocess.run([sys.executable, "-m", "venv", VENV]).returncode != 0:
            fail("could not make the venv .bench/pseudopeople-venv (python3 -m venv)")
    wanted = PACKAGE.split("==")[1]
    probe = subprocess.run([python, "-I", "-c", "import importlib.metadata as m; print(m.version('pseudopeople'))"],
                           capture_output=True, text=True)
    if probe.returncode != 0 or probe.stdout.strip() != wanted:
        print(f"pseudopeople: pip install {PACKAGE} into .bench/pseudopeople-venv", file=sys.stderr)
        command = [python, "-m", "pip", "install", PACKAGE, "--quiet", "--disable-pip-version-check"]
        if subprocess.run(command).returncode != 0:
            fail(f"could not install {PACKAGE} from PyPI")
    return python


def registers(names, seed, year, folder):
    """Generates the registers with the venv's python; their rows (dicts of REGISTER_COLUMNS) and what was written."""
    command = [venv_python(), "-I", os.path.abspath(__file__), "--generate", ",".join(names), "--seed", str(seed),
               "--year", "all" if year is None else str(year), "--out", folder]
    log_path = os.path.join(folder, "generate.log")
    os.makedirs(folder, exist_ok=True)
    with open(log_path, "w") as log:
        done = subprocess.run(command, stdout=subprocess.PIPE, stderr=log, text=True)
    if done.returncode != 0:
        print(open(log_path).read()[-4000:], file=sys.stderr, end="")
        fail(f"pseudopeople could not generate {', '.join(names)} (log: {log_path})")
    written = json.loads(done.stdout.strip().splitlines()[-1])
    rows = {}
    for name in names:
        with open(os.path.join(folder, f"{name}.csv"), encoding="utf-8", newline="") as handle:
            rows[name] = list(csv.DictReader(handle))
    return rows, written


def one_per_simulant(rows):
    """The first row of each simulant, in the register's order."""
    seen = set()
    kept = []
    for row in rows:
        if row["simulant_id"] not in seen:
            seen.add(row["simulant_id"])
            kept.append(row)
    return kept


def birth_date(text, layout):
    """A date of birth as CMT writes a dateOnly value, or "" when blank or not a date (noise can make 07/71/1958)."""
    patterns = {"MM/DD/YYYY": r"(\d\d)/(\d\d)/(\d{4})", "MMDDYYYY": r"(\d\d)(\d\d)(\d{4})", "YYYYMMDD": r"(\d{4})(\d\d)(\d\d)"}
    found = re.fullmatch(patterns[layout], text) if layout and text else None
    if not found:
        return ""
    parts = [int(g) for g in found.groups()]
    year, month, day = (parts[0], parts[1], parts[2]) if layout == "YYYYMMDD" else (parts[2], parts[0], parts[1])
    try:
        return datetime.date(year, month, day).isoformat() + "T00:00:00.0000000"
    except ValueError:
        return ""


def joined(*parts):
    return " ".join(p for p in parts if p)


def street_line(row):
    """Street number and name, or the PO box."""
    if row["street_name"] or row["street_number"]:
        return joined(row["street_number"], row["street_name"])
    return f"PO Box {row['po_box']}" if row["po_box"] else ""


def shuffled(rows, side, name, seed, year):
    tag = f"pseudopeople/{side}/{name}/{seed}/{'all' if year is None else year}"
    return sorted(rows, key=lambda r: hashlib.sha256(f"{tag}/{r['row']}".encode()).hexdigest())


# --- The Sales export: contacts in a Configuration Migration package -------------------------------------------------

# (name, display name, type, the register field it needs) in febrl.py's order: the id, then the attributes by name.
CONTACT_FIELDS = [
    ("contactid", "Contact", "guid", None),
    ("address1_city", "Address 1: City", "string", "city"),
    ("address1_country", "Address 1: Country/Region", "string", "street_name"),
    ("address1_line1", "Address 1: Street 1", "string", "street_name"),
    ("address1_line2", "Address 1: Street 2", "string", "unit_number"),
    ("address1_postalcode", "Address 1: ZIP/Postal Code", "string", "zipcode"),
    ("address1_stateorprovince", "Address 1: State/Province", "string", "state"),
    ("birthdate", "Birthday", "datetime", "date_of_birth"),
    ("firstname", "First Name", "string", "first_name"),
    ("fullname", "Full Name", "string", "first_name"),
    ("gendercode", "Gender", "optionsetvalue", "sex"),
    ("lastname", "Last Name", "string", "last_name"),
    ("middlename", "Middle Name", "string", "middle_name"),
]
GENDER_CODES = {"Male": "1", "Female": "2"}


def contact_id(name, seed, year, row):
    return str(uuid.uuid5(CONTACT_NAMESPACE, f"{name}/{seed}/{'all' if year is None else year}/{row['row']}"))


def sales_contact(row, key, layout):
    return {
        "contactid": key,
        "address1_city": row["city"],
        "address1_country": "United States",
        "address1_line1": street_line(row),
        "address1_line2": row["unit_number"],
        "address1_postalcode": row["zipcode"],
        "address1_stateorprovince": row["state"],
        "birthdate": birth_date(row["date_of_birth"], layout),
        "firstname": row["first_name"],
        "fullname": joined(row["first_name"], row["middle_name"], row["last_name"]),
        "gendercode": GENDER_CODES.get(row["sex"], ""),
        "lastname": row["last_name"],
        "middlename": row["middle_name"],
    }


def sales_package(febrl, contacts, fields):
    """The CMT package of `contacts` (dicts) in `fields` (CONTACT_FIELDS entries): febrl.py's contact package."""
    return febrl.contacts_package(contacts, fields)


# --- The F&O export: person customers in Customers V3 ---------------------------------------------------------------

# (column, the register field it needs) in febrl.py's order, with the person's middle name, gender and state.
CUSTOMER_COLUMNS = [
    ("CUSTOMERACCOUNT", None), ("DATAAREAID", None), ("PARTYTYPE", None), ("ORGANIZATIONNAME", None),
    ("PERSONFIRSTNAME", "first_name"), ("PERSONMIDDLENAME", "middle_name"), ("PERSONLASTNAME", "last_name"),
    ("PERSONGENDER", "sex"), ("ADDRESSSTREET", "street_name"), ("ADDRESSSTREETNUMBER", "street_name"),
    ("ADDRESSZIPCODE", "zipcode"), ("ADDRESSCITY", "city"), ("ADDRESSSTATE", "state"),
    ("ADDRESSCOUNTRYREGIONISOCODE", "street_name"), ("CUSTOMERGROUPID", None), ("SALESCURRENCYCODE", None),
]
GENDERS = {"Male": "Male", "Female": "Female"}  # F&O's Gender enum: Unknown, Male, Female, NonSpecific


def fo_customer(row, account):
    street = row["street_name"] if (row["street_name"] or row["street_number"]) else (
        f"PO Box {row['po_box']}" if row["po_box"] else "")
    return {
        "CUSTOMERACCOUNT": account, "DATAAREAID": "USMF", "PARTYTYPE": "Person", "ORGANIZATIONNAME": "",
        "PERSONFIRSTNAME": row["first_name"], "PERSONMIDDLENAME": row["middle_name"], "PERSONLASTNAME": row["last_name"],
        "PERSONGENDER": GENDERS.get(row["sex"], ""), "ADDRESSSTREET": street, "ADDRESSSTREETNUMBER": row["street_number"],
        "ADDRESSZIPCODE": row["zipcode"], "ADDRESSCITY": row["city"], "ADDRESSSTATE": row["state"],
        "ADDRESSCOUNTRYREGIONISOCODE": "US", "CUSTOMERGROUPID": "10", "SALESCURRENCYCODE": "USD",
    }


def fo_package(febrl, customers, columns, title):
    """The F&O package of `customers` (dicts) in `columns`, titled `title`: febrl.py's Customers V3 package."""
    return febrl.customers_v3_package(customers, columns, title)


def write_exports(febrl, out, options, sales_rows, fo_rows, fields):
    """The two exports, the answer key and the people list; the records of each side by key."""
    seed, year = options["seed"], options["year"]
    sales_name, fo_name = options["sales"], options["fo"]
    layout = REGISTERS[sales_name][3]
    sales_fields = [f for f in CONTACT_FIELDS if f[3] is None or f[3] in fields[sales_name]]
    if not layout:
        sales_fields = [f for f in sales_fields if f[0] != "birthdate"]
    sales = {}
    contacts = []
    for row in shuffled(sales_rows, "sales", sales_name, seed, year):
        key = contact_id(sales_name, seed, year, row)
        sales[key] = row
        contacts.append(sales_contact(row, key, layout))
    fo = {}
    customers = []
    for index, row in enumerate(shuffled(fo_rows, "fo", fo_name, seed, year), start=1):
        account = f"PP{index:06d}"
        fo[account] = row
        customers.append(fo_customer(row, account))
    columns = [c for c, needs in CUSTOMER_COLUMNS if needs is None or needs in fields[fo_name]]
    title = f"pseudopeople {REGISTERS[fo_name][1]}"
    os.makedirs(out, exist_ok=True)
    febrl.write_zip(os.path.join(out, "sales-export.zip"), sales_package(febrl, contacts, sales_fields))
    febrl.write_zip(os.path.join(out, "fo-export.zip"), fo_package(febrl, customers, columns, title))
    fo_by_simulant = {}
    for account, row in fo.items():
        fo_by_simulant.setdefault(row["simulant_id"], []).append(account)
    truth = sorted((key, account) for key, row in sales.items() for account in fo_by_simulant.get(row["simulant_id"], []))
    with open(os.path.join(out, "pseudopeople-truth.csv"), "w", encoding="utf-8", newline="") as handle:
        writer = csv.writer(handle, lineterminator="\n")
        writer.writerow(["sales_id", "fo_key"])
        writer.writerows(truth)
    with open(os.path.join(out, "pseudopeople-people.csv"), "w", encoding="utf-8", newline="") as handle:
        writer = csv.writer(handle, lineterminator="\n")
        writer.writerow(["side", "key", "simulant_id", "household_id"])
        writer.writerows(sorted([("sales", k, r["simulant_id"], r["household_id"]) for k, r in sales.items()] +
                                [("fo", k, r["simulant_id"], r["household_id"]) for k, r in fo.items()]))
    written = {"salesFields": [f[0] for f in sales_fields], "foColumns": columns,
               "salesBirthDates": sum(1 for c in contacts if c.get("birthdate")),
               "salesBirthDatesLeftOut": sum(1 for r in sales_rows if r["date_of_birth"]) - sum(
                   1 for c in contacts if c.get("birthdate")) if layout else 0}
    return sales, fo, truth, written


# --- The score -------------------------------------------------------------------------------------------------------


def streets_differ(a, b):
    """Whether two rows' streets differ: the number or the name, each where both rows give it; or a PO box against
    a street or another box. A part blank on one side is no difference."""
    if a["po_box"] or b["po_box"]:
        first, second = street_line(a).lower(), street_line(b).lower()
        return bool(first and second and first != second)
    return any(a[f] and b[f] and a[f].lower() != b[f].lower() for f in ("street_number", "street_name"))


def score(match_folder, sales, fo, truth):
    """The figures of one match run's contacts against the answer key."""
    partners = {}
    for key, account in truth:
        partners.setdefault(key, set()).add(account)
    households = {}  # simulant -> its household ids, as either register gives them
    for row in list(sales.values()) + list(fo.values()):
        if row["household_id"]:
            households.setdefault(row["simulant_id"], set()).add(row["household_id"])
    rows = []
    with open(os.path.join(match_folder, "matches.csv"), encoding="utf-8-sig", newline="") as handle:
        for row in csv.DictReader(handle):
            if row["entity"] == "contacts" and row["decision"] != "reject":
                rows.append(row)
    right = lambda r: r["fo_key"] in partners.get(r["sales_id"].lower(), ())
    sure = [r for r in rows if r["class"] == "sure"]
    review = [r for r in rows if r["class"] == "review"]
    sure_right = sum(1 for r in sure if right(r))
    review_right = sum(1 for r in review if right(r))
    sure_found = {r["sales_id"].lower() for r in sure if right(r)}
    found = {r["sales_id"].lower() for r in sure + review if right(r)}
    proposed = {r["sales_id"].lower() for r in sure + review}
    wrong_household = wrong_other = wrong_unpartnered = 0
    for r in sure:
        if right(r):
            continue
        a, b = sales.get(r["sales_id"].lower()), fo.get(r["fo_key"])
        if a is None or b is None:
            wrong_other += 1
            continue
        if households.get(a["simulant_id"], set()) & households.get(b["simulant_id"], set()):
            wrong_household += 1
        else:
            wrong_other += 1
        if r["sales_id"].lower() not in partners:
            wrong_unpartnered += 1
    missed = [s for s in partners if s not in found]
    moved = set()
    for key, account in truth:
        a, b = sales[key], fo[account]
        names_agree = all(a[f] and a[f].lower() == b[f].lower() for f in ("first_name", "last_name"))
        if names_agree and streets_differ(a, b):
            moved.add(key)
    precision = sure_right / len(sure) if sure else None
    recall = len(sure_found) / len(partners) if partners else None
    f1 = (2 * precision * recall / (precision + recall)) if precision and recall else 0.0
    summary = {}
    match_json = os.path.join(match_folder, "match.json")
    if os.path.exists(match_json):
        for entity in json.load(open(match_json, encoding="utf-8")).get("entities", []):
            if entity.get("entity") == "contacts":
                summary = {k: entity.get(k) for k in ("salesRecords", "foRecords", "comparisons", "keysTooCommon",
                                                      "salesDuplicates", "foDuplicates", "salesUnmatched", "foUnmatched")}
    return {
        "salesRecords": len(sales), "foRecords": len(fo), "salesWithPartner": len(partners), "truePairs": len(truth),
        "sure": len(sure), "sureRight": sure_right, "review": len(review), "reviewRight": review_right,
        "surePrecision": precision, "sureRecall": recall, "sureF1": f1,
        "reviewPrecision": review_right / len(review) if review else None,
        "sureReviewRecall": len(found) / len(partners) if partners else None,
        "wrongSure": len(sure) - sure_right, "wrongSureHousehold": wrong_household, "wrongSureOther": wrong_other,
        "wrongSureSalesWithoutPartner": wrong_unpartnered,
        "neverProposed": len(missed),
        "neverProposedWithOther": sum(1 for s in missed if s in proposed),
        "neverProposedAtAll": sum(1 for s in missed if s not in proposed),
        "moved": len(moved), "movedFound": sum(1 for s in moved if s in found),
        "movedSure": sum(1 for s in moved if s in sure_found),
        "movedNoProposal": sum(1 for s in moved if s not in proposed),
        "movedWithOther": sum(1 for s in moved if s in proposed and s not in found),
        "match": summary,
    }


def overlap(rows):
    """People and households shared by every pair of the generated registers."""
    simulants = {n: {r["simulant_id"] for r in rs} for n, rs in rows.items()}
    homes = {n: {r["household_id"] for r in rs if r["household_id"]} for n, rs in rows.items()}
    names = list(rows)
    return [{"pair": f"{a} {b}", "people": len(simulants[a] & simulants[b]), "households": len(homes[a] & homes[b])}
            for i, a in enumerate(names) for b in names[i + 1:]]


def report(result):
    s, d = result["score"], result["data"]
    def fixed(value):
        return "—" if value is None else f"{value:.4f}"
    def met(key):
        return "yes" if s[key] is not None and s[key] >= TARGETS[key] else "no"
    lines = [f"pseudopeople {d['versions'].get('pseudopeople')} sample data, seed {d['seed']}, year {d['year']}: "
             f"{d['sales']} ({REGISTERS[d['sales']][1]}) as {s['salesRecords']:,} Sales contacts, "
             f"{d['fo']} ({REGISTERS[d['fo']][1]}) as {s['foRecords']:,} F&O person customers; "
             f"{d['sharedPeople']:,} people and {d['sharedHouseholds']:,} households on both sides; "
             f"{s['salesWithPartner']:,} Sales records with a partner, {s['truePairs']:,} true pairs"]
    if "run" in result:
        r = result["run"]
        lines.append(f"airlock match --entities contacts: {r['seconds']} s, {r['peakMB']} MB peak, {r['cpuSeconds']} s CPU, "
                     f"exit {r['exit']}")
    lines += [f"sure {s['sure']:,} ({s['sureRight']:,} right), review {s['review']:,} ({s['reviewRight']:,} right)",
              "",
              "| figure | measured | target | met |",
              "|---|---:|---:|---|",
              f"| sure precision | {fixed(s['surePrecision'])} | ≥ {TARGETS['surePrecision']} | {met('surePrecision')} |",
              f"| sure recall | {fixed(s['sureRecall'])} | ≥ {TARGETS['sureRecall']} | {met('sureRecall')} |",
              f"| sure F1 | {fixed(s['sureF1'])} | ≥ {TARGETS['sureF1']} | {met('sureF1')} |",
              f"| sure + review recall | {fixed(s['sureReviewRecall'])} | ≥ {TARGETS['sureReviewRecall']} | "
              f"{met('sureReviewRecall')} |",
              f"| wrong sure pairs | {s['wrongSure']:,} | | |",
              f"| Sales records with a partner never proposed with one | {s['neverProposed']:,} | | |",
              "",
              f"wrong sure pairs: {s['wrongSureHousehold']:,} household members, {s['wrongSureOther']:,} others "
              f"({s['wrongSureSalesWithoutPartner']:,} of all of them for a Sales record that has no partner)",
              f"never proposed: {s['neverProposedWithOther']:,} Sales contacts proposed with another customer, "
              f"{s['neverProposedAtAll']:,} with none",
              f"moved (names agree, street differs): {s['moved']:,} Sales records; {s['movedFound']:,} found "
              f"({s['movedSure']:,} sure), {s['movedNoProposal']:,} with no proposal, {s['movedWithOther']:,} with another "
              f"record"]
    return "\n".join(lines)


def parse(argv):
    options = {"sales": "census", "fo": "w2", "seed": 0, "year": 2020, "all_rows": False,
               "out": os.path.join(ROOT, ".bench", "pseudopeople"), "airlock": os.path.join(ROOT, ".build", "release", "airlock"),
               "no_match": False, "json": False, "generate": None}
    args = list(argv)
    while args:
        arg = args.pop(0)
        if arg in ("--sales", "--fo", "--seed", "--year", "--out", "--airlock", "--generate") and args:
            value = args.pop(0)
            key = arg[2:]
            if key in ("sales", "fo") and value not in REGISTERS:
                raise ValueError(f"{arg} {value}: one of {', '.join(REGISTERS)}")
            if key == "seed":
                if not re.fullmatch(r"\d+", value):
                    raise ValueError(f"--seed {value}: a whole number")
                value = int(value)
            elif key == "year":
                if value != "all" and not re.fullmatch(r"\d{4}", value):
                    raise ValueError(f"--year {value}: a year (YYYY) or all")
                value = None if value == "all" else int(value)
            elif key in ("out", "airlock"):
                value = os.path.abspath(value)
            options[key] = value
        elif arg in ("--json", "--no-match", "--all-rows"):
            options[arg[2:].replace("-", "_")] = True
        elif arg in ("-h", "--help"):
            options["help"] = True
        else:
            raise ValueError(f"unknown option or missing value: {arg}")
    if options["sales"] == options["fo"] and not options["generate"]:
        raise ValueError("--sales and --fo name the same register; choose two")
    return options


def main(argv):
    try:
        options = parse(argv)
    except ValueError as error:
        print(f"pseudopeople: {error}\n\n{__doc__}", file=sys.stderr)
        return 2
    if options.get("help"):
        print(__doc__)
        return 0
    if options["generate"]:  # inside the venv
        names = options["generate"].split(",")
        if any(n not in REGISTERS for n in names):
            print(f"pseudopeople: --generate {options['generate']}: registers of {', '.join(REGISTERS)}", file=sys.stderr)
            return 2
        return generate(names, options["seed"], options["year"], options["out"])
    out, airlock = options["out"], options["airlock"]
    if not options["no_match"] and not os.access(airlock, os.X_OK):
        fail(f"no airlock binary at {airlock} (bin/release-build makes it; --airlock PATH)")
    febrl = load_febrl()
    names = list(REGISTERS)  # every register, for the overlap table; the two chosen are exported
    rows, written = registers(names, options["seed"], options["year"], os.path.join(out, "registers"))
    fields = {n: set(w["fields"]) for n, w in written["registers"].items()}
    if not options["all_rows"]:
        rows = {n: one_per_simulant(rs) for n, rs in rows.items()}
    shared = overlap(rows)
    print("pseudopeople: records (one per simulant unless --all-rows) and what pairs of registers share, "
          f"seed {options['seed']}, year {options['year'] or 'all'}:", file=sys.stderr)
    print("  " + ", ".join(f"{n} {len(rs):,}" for n, rs in rows.items()), file=sys.stderr)
    for entry in shared:
        print(f"  {entry['pair']:12} {entry['people']:6,} people {entry['households']:6,} households", file=sys.stderr)
    sales_rows, fo_rows = rows[options["sales"]], rows[options["fo"]]
    if not sales_rows or not fo_rows:
        fail(f"{options['sales'] if not sales_rows else options['fo']} has no records in year {options['year']}")
    sales, fo, truth, exported = write_exports(febrl, out, options, sales_rows, fo_rows, fields)
    pair = next(e for e in shared if set(e["pair"].split()) == {options["sales"], options["fo"]})
    print(f"pseudopeople: wrote sales-export.zip ({len(sales):,} contacts of {options['sales']}), fo-export.zip "
          f"({len(fo):,} customers of {options['fo']}) and pseudopeople-truth.csv ({len(truth):,} pairs) in {out}",
          file=sys.stderr)
    result = {
        "data": {"sales": options["sales"], "fo": options["fo"], "seed": options["seed"],
                 "year": "all" if options["year"] is None else options["year"], "allRows": options["all_rows"],
                 "versions": written["versions"], "sharedPeople": pair["people"], "sharedHouseholds": pair["households"],
                 "registers": {n: {"rows": w["rows"], "records": len(rows[n])} for n, w in written["registers"].items()},
                 "overlap": shared, "order": "each side sorted by SHA-256 of pseudopeople/<side>/<register>/<seed>/<year>/<row>",
                 **exported},
        "targets": dict(TARGETS),
    }
    if options["no_match"]:
        return 0
    measured = febrl.run_match(airlock, out)
    if measured["exit"] != 0 or not os.path.exists(os.path.join(out, "match", "matches.csv")):
        print(open(os.path.join(out, "match.log")).read(), file=sys.stderr, end="")
        fail(f"airlock match exited with status {measured['exit']}", 1)
    result["run"] = measured
    result["score"] = score(os.path.join(out, "match"), sales, fo, truth)
    result["meetsTargets"] = all(result["score"][k] is not None and result["score"][k] >= v for k, v in TARGETS.items())
    with open(os.path.join(out, "pseudopeople.json"), "w", encoding="utf-8") as handle:
        json.dump(result, handle, indent=2, sort_keys=True)
        handle.write("\n")
    print(json.dumps(result, indent=2, sort_keys=True) if options["json"] else report(result))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
