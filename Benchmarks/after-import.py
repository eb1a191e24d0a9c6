#!/usr/bin/env python3
"""Builds 'after import' exports for `airlock verify` benchmarks: the export with the conversion's package
upserted (F&O by key, Sales by record id), as ImportSimulator/ExportMerger do in the tests.
usage: after-import.py fo EXPORT.zip TO-FO.zip OUT.zip | sales EXPORT.zip TO-SALES.zip OUT.zip"""
import sys, zipfile, csv, io, re

FO_KEYS = {
    "customers v2": ["CUSTOMERACCOUNT"],
    "cds contacts": ["CONTACTPERSONPARTYNUMBER", "ASSOCIATEDPARTYNUMBER"],
    "cds sales quotation header": ["SALESQUOTATIONNUMBER"],
    "cds sales quotation lines": ["SALESQUOTATIONNUMBER", "LINECREATIONSEQUENCENUMBER"],
    "cds sales order headers": ["SALESORDERNUMBER"],
    "cds sales order lines": ["SALESORDERNUMBER", "LINECREATIONSEQUENCENUMBER"],
}

def put(oz, name, data):
    """An entry with a fixed date, so that the same inputs give the same bytes (bin/same-outputs compares them)."""
    oz.writestr(zipfile.ZipInfo(name, date_time=(1980, 1, 1, 0, 0, 0)), data, compress_type=zipfile.ZIP_DEFLATED)

def decode(data):
    if data.startswith(b"\xff\xfe"): return data[2:].decode("utf-16-le"), "utf16"
    if data.startswith(b"\xef\xbb\xbf"): return data[3:].decode("utf-8"), "utf8bom"
    return data.decode("utf-8"), "utf8"

def encode(text, enc):
    if enc == "utf16": return b"\xff\xfe" + text.encode("utf-16-le")
    if enc == "utf8bom": return b"\xef\xbb\xbf" + text.encode("utf-8")
    return text.encode("utf-8")

def entity_blocks(manifest):
    blocks = re.findall(r"<DataManagementPackageEntityData>.*?</DataManagementPackageEntityData>", manifest, re.S)
    out = {}
    for b in blocks:
        name = re.search(r"<EntityName>(.*?)</EntityName>", b).group(1)
        path = re.search(r"<InputFilePath>(.*?)</InputFilePath>", b)
        out[name.lower()] = (name, b, path.group(1) if path else name + ".csv")
    return out

def fo(export, sent, out):
    ez, sz = zipfile.ZipFile(export), zipfile.ZipFile(sent)
    manifest, menc = decode(ez.read("Manifest.xml"))
    eblocks = entity_blocks(manifest)
    sblocks = entity_blocks(decode(sz.read("Manifest.xml"))[0])
    files = {}
    for lname, (name, block, path) in eblocks.items():
        text, enc = decode(ez.read(path))
        files[lname] = [path, enc, list(csv.reader(io.StringIO(text, newline="")))]
    for lname, (name, block, path) in sblocks.items():
        stext, _ = decode(sz.read(path))
        srows = list(csv.reader(io.StringIO(stext, newline="")))
        if lname not in files:
            files[lname] = [path, "utf8bom", srows]
            manifest = manifest.replace("</PackageEntityList>", block + "</PackageEntityList>", 1)
            continue
        rows = files[lname][2]
        header = rows[0]
        upper = [h.upper() for h in header]
        for h in srows[0]:
            if h.upper() not in upper:
                header.append(h); upper.append(h.upper())
                for r in rows[1:]: r.append("")
        keys = [upper.index(k) for k in FO_KEYS[lname]]
        where = {}
        for i, r in enumerate(rows[1:], 1):
            where.setdefault(tuple(r[k].lower() for k in keys), i)
        positions = [upper.index(h.upper()) for h in srows[0]]
        for s in srows[1:]:
            values = [""] * len(header)
            for c, p in enumerate(positions): values[p] = s[c]
            key = tuple(values[k].lower() for k in keys)
            if key in where:
                r = rows[where[key]]
                for c, p in enumerate(positions): r[p] = s[c]
            else:
                where[key] = len(rows); rows.append(values)
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as oz:
        put(oz, "PackageHeader.xml", ez.read("PackageHeader.xml"))
        put(oz, "Manifest.xml", encode(manifest, menc))
        for path, enc, rows in files.values():
            buf = io.StringIO(newline="")
            csv.writer(buf, lineterminator="\r\n").writerows(rows)
            put(oz, path, encode(buf.getvalue(), enc))

RECORD = re.compile(r'\s*<record id="([^"]*)">.*?</record>\n', re.S)

def sales(export, sent, out):
    ez, sz = zipfile.ZipFile(export), zipfile.ZipFile(sent)
    stext = sz.read("data.xml").decode("utf-8").replace("\r\n", "\n")
    # sent records per entity: id -> text
    sent_entities = {}
    order = []
    for m in re.finditer(r'  <entity name="([^"]*)"[^>]*>(.*?)\n  </entity>\n', stext, re.S):
        name = m.group(1)
        recs = {}
        for r in RECORD.finditer(m.group(2)):
            recs[r.group(1).lower()] = r.group(0)
        sent_entities[name] = (m.group(0), recs)
        order.append(name)
    del stext
    etext = ez.read("data.xml").decode("utf-8").replace("\r\n", "\n")
    parts = []
    pos = 0
    seen = set()
    for m in re.finditer(r'  <entity name="([^"]*)"[^>]*>(.*?)\n  </entity>\n', etext, re.S):
        parts.append(etext[pos:m.start()]); pos = m.end()
        name = m.group(1)
        if name not in sent_entities:
            parts.append(m.group(0)); continue
        seen.add(name)
        recs = dict(sent_entities[name][1])
        section = m.group(0)
        def repl(r):
            key = r.group(1).lower()
            return recs.pop(key, r.group(0))
        body = RECORD.sub(repl, section)
        tail = "".join(recs.values())
        body = body.replace("    </records>\n", tail + "    </records>\n", 1) if "    </records>" in body else body
        parts.append(body)
    rest = etext[pos:]
    extra = "".join(sent_entities[n][0] for n in order if n not in seen)
    rest = rest.replace("</entities>", extra + "</entities>", 1)
    parts.append(rest)
    data = "".join(parts)
    del etext
    # schema: add the sent schema's fields and entities the export lacks
    eschema = ez.read("data_schema.xml").decode("utf-8-sig")
    sschema = sz.read("data_schema.xml").decode("utf-8-sig")
    ents = {m.group(1): m.group(0) for m in re.finditer(r'<entity name="([^"]*)".*?</entity>', sschema, re.S)}
    for name, block in ents.items():
        em = re.search(r'<entity name="%s".*?</entity>' % re.escape(name), eschema, re.S)
        if not em:
            eschema = eschema.replace("</entities>", block + "</entities>", 1); continue
        eblock = em.group(0)
        have = set(re.findall(r'<field [^>]*\sname="([^"]*)"', eblock))
        add = "".join(f.group(0) for f in re.finditer(r'<field [^>]*?/>|<field [^>]*?>.*?</field>', block, re.S)
                      if re.search(r'\sname="([^"]*)"', f.group(0)).group(1) not in have)
        neweblock = eblock.replace("</fields>", add + "</fields>", 1)
        eschema = eschema.replace(eblock, neweblock, 1)
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as oz:
        put(oz, "data_schema.xml", eschema.encode("utf-8"))
        put(oz, "data.xml", data.encode("utf-8"))
        put(oz, "[Content_Types].xml", ez.read("[Content_Types].xml"))

{"fo": fo, "sales": sales}[sys.argv[1]](*sys.argv[2:5])
