# Makes a second wave of an airlock sample export (diff and verify benchmarks): ~3% of records changed, ~1% removed, some added.
# usage: second-wave.py EXPORT.zip OUT.zip fo|cmt   (seeded: the same input gives the same wave)
import csv, io, random, re, sys, uuid, zipfile
src, dst, kind = sys.argv[1], sys.argv[2], sys.argv[3]
rnd = random.Random(7)
zin = zipfile.ZipFile(src)
zout = zipfile.ZipFile(dst, 'w', zipfile.ZIP_DEFLATED)
for info in zin.infolist():
    data = zin.read(info.filename)
    if kind == 'fo' and info.filename.endswith('.csv'):
        enc = 'utf-16' if data[:2] == b'\xff\xfe' else 'utf-8-sig'
        rows = list(csv.reader(io.StringIO(data.decode(enc), newline='')))
        header, body = rows[0], rows[1:]
        out = []
        for row in body:
            r = rnd.random()
            if r < 0.01: continue
            if r < 0.04: row = row[:-1] + [row[-1] + ' w2']
            out.append(row)
        if info.filename.startswith('Customers'):
            for row in body[: max(1, len(body) // 100)]:
                out.append([row[0] + '-W2'] + row[1:])
        buf = io.StringIO(newline='')
        csv.writer(buf, lineterminator='\r\n').writerows([header] + out)
        data = (b'\xff\xfe' + buf.getvalue().encode('utf-16-le')) if enc == 'utf-16' else ('\ufeff' + buf.getvalue()).encode('utf-8')
    elif kind == 'cmt' and info.filename == 'data.xml':
        text = data.decode('utf-8')
        parts = re.split(r'(?s)(\r?\n      <record id="[^"]*">.*?</record>)', text)
        out = []
        for i, part in enumerate(parts):
            if i % 2 == 0: out.append(part); continue
            r = rnd.random()
            if r < 0.01: continue
            if r < 0.04:
                part = re.sub(r'(<field name="(?:name|lastname|description|title)" value="[^"]*)"', r'\1 w2"', part, count=1)
            out.append(part)
            if r > 0.995 and 'accountid' in part:
                old = re.search(r'id="([^"]*)"', part).group(1)
                out.append(part.replace(old, str(uuid.UUID(int=rnd.getrandbits(128), version=4))))
        data = ''.join(out).encode('utf-8')
    zout.writestr(info, data)
zout.close()
