#!/usr/bin/env python3
"""Convert MARC 21 (ISO 2709) records to line-delimited JSON.

No third-party dependency: the binary format is small enough to parse by
hand, which lets the catalogue team run this on the library's locked-down
workstations.  Records that fail to parse are copied verbatim to
out/rejects.mrc so nothing is silently dropped.

    python3 scripts/marc2json.py data/records.mrc out/records.jsonl
    python3 scripts/marc2json.py data/*.mrc --outdir out/ --fields 001,020,245,100,260,264
"""
import argparse
import json
import os
import sys
import tempfile
import unicodedata
from pathlib import Path

RECORD_TERMINATOR = 0x1D
FIELD_TERMINATOR = 0x1E
SUBFIELD_DELIMITER = 0x1F
LEADER_LEN = 24
DIRECTORY_ENTRY_LEN = 12

CONTROL_TAGS = {f"{n:03d}" for n in range(1, 10)}


class MarcError(ValueError):
    pass


def iter_raw_records(fh):
    buf = b""
    while True:
        chunk = fh.read(65536)
        if not chunk:
            break
        buf += chunk
        while True:
            end = buf.find(bytes([RECORD_TERMINATOR]))
            if end < 0:
                break
            yield buf[: end + 1]
            buf = buf[end + 1:]
    if buf.strip():
        yield buf


def decode(data, leader):
    # leader position 9: 'a' = UCS/Unicode, blank = MARC-8 (we fall back to latin-1)
    if leader[9] == "a":
        text = data.decode("utf-8", errors="replace")
    else:
        text = data.decode("latin-1")
    return unicodedata.normalize("NFC", text)


def parse_record(raw):
    if len(raw) < LEADER_LEN:
        raise MarcError("record shorter than leader")
    leader = raw[:LEADER_LEN].decode("ascii", errors="replace")
    try:
        record_len = int(leader[0:5])
        base = int(leader[12:17])
    except ValueError as exc:
        raise MarcError(f"bad leader {leader!r}") from exc
    if record_len != len(raw):
        raise MarcError(f"length mismatch: leader says {record_len}, got {len(raw)}")
    directory = raw[LEADER_LEN: base - 1]
    if len(directory) % DIRECTORY_ENTRY_LEN:
        raise MarcError("directory length not a multiple of 12")
    fields = []
    for i in range(0, len(directory), DIRECTORY_ENTRY_LEN):
        entry = directory[i: i + DIRECTORY_ENTRY_LEN].decode("ascii")
        tag, length, start = entry[:3], int(entry[3:7]), int(entry[7:12])
        body = raw[base + start: base + start + length]
        if body.endswith(bytes([FIELD_TERMINATOR])):
            body = body[:-1]
        fields.append(parse_field(tag, body, leader))
    return {"leader": leader, "fields": fields}


def parse_field(tag, body, leader):
    if tag in CONTROL_TAGS:
        return {"tag": tag, "value": decode(body, leader)}
    indicators = decode(body[:2], leader).ljust(2)
    subfields = []
    for part in body[2:].split(bytes([SUBFIELD_DELIMITER])):
        if not part:
            continue
        code = chr(part[0])
        subfields.append([code, decode(part[1:], leader)])
    return {"tag": tag, "ind1": indicators[0], "ind2": indicators[1], "subfields": subfields}


def first(record, tag, code=None):
    for f in record["fields"]:
        if f["tag"] != tag:
            continue
        if code is None:
            return f.get("value")
        for c, v in f.get("subfields", []):
            if c == code:
                return v
    return None


def all_values(record, tag, code):
    values = []
    for f in record["fields"]:
        if f["tag"] == tag:
            values += [v for c, v in f.get("subfields", []) if c == code]
    return values


def summarise(record):
    title = " ".join(filter(None, [first(record, "245", "a"), first(record, "245", "b")]))
    publisher = first(record, "264", "b") or first(record, "260", "b")
    year = first(record, "264", "c") or first(record, "260", "c")
    return {
        "control_number": first(record, "001"),
        "title": title.rstrip(" /:;,.") or None,
        "author": (first(record, "100", "a") or "").rstrip(",.") or None,
        "publisher": publisher.rstrip(" ,:;") if publisher else None,
        "year": "".join(ch for ch in (year or "") if ch.isdigit())[:4] or None,
        "isbn": [v.split()[0] for v in all_values(record, "020", "a")],
        "subjects": all_values(record, "650", "a"),
    }


def filter_fields(record, wanted):
    if not wanted:
        return record
    return {"leader": record["leader"], "fields": [f for f in record["fields"] if f["tag"] in wanted]}


def atomic_writer(dest):
    dest.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=dest.name + ".", dir=dest.parent)
    return os.fdopen(fd, "w", encoding="utf-8"), Path(tmp)


def convert_file(src, dest, rejects_path, wanted, summary_only):
    ok = bad = 0
    out, tmp = atomic_writer(dest)
    rejects = None
    try:
        with src.open("rb") as fh:
            for raw in iter_raw_records(fh):
                try:
                    rec = parse_record(raw)
                except (MarcError, ValueError, UnicodeDecodeError) as exc:
                    bad += 1
                    if rejects is None:
                        rejects_path.parent.mkdir(parents=True, exist_ok=True)
                        rejects = rejects_path.open("ab")
                    rejects.write(raw)
                    print(f"  reject #{bad}: {exc}", file=sys.stderr)
                    continue
                payload = summarise(rec) if summary_only else filter_fields(rec, wanted)
                out.write(json.dumps(payload, ensure_ascii=False) + "\n")
                ok += 1
        out.close()
        os.replace(tmp, dest)
    except BaseException:
        out.close()
        tmp.unlink(missing_ok=True)
        raise
    finally:
        if rejects is not None:
            rejects.close()
    return ok, bad


def main():
    ap = argparse.ArgumentParser(description="MARC 21 to JSON lines")
    ap.add_argument("inputs", nargs="+", type=Path)
    ap.add_argument("output", nargs="?", type=Path, help="output file when converting one input")
    ap.add_argument("--outdir", type=Path, default=Path("out"))
    ap.add_argument("--fields", default="", help="comma separated tags to keep")
    ap.add_argument("--summary", action="store_true", help="emit a flat summary per record")
    args = ap.parse_args()

    inputs = list(args.inputs)
    if args.output is None and len(inputs) >= 2 and inputs[-1].suffix in (".jsonl", ".json"):
        args.output = inputs.pop()
    wanted = {t.strip() for t in args.fields.split(",") if t.strip()}
    total_ok = total_bad = 0
    for src in inputs:
        if not src.is_file():
            print(f"skip {src}: not a file", file=sys.stderr)
            continue
        dest = args.output if (args.output and len(inputs) == 1) else args.outdir / (src.stem + ".jsonl")
        ok, bad = convert_file(src, dest, args.outdir / "rejects.mrc", wanted, args.summary)
        print(f"{src} -> {dest}: {ok} records, {bad} rejected", file=sys.stderr)
        total_ok += ok
        total_bad += bad
    print(f"total: {total_ok} converted, {total_bad} rejected", file=sys.stderr)
    return 1 if total_bad and not total_ok else 0


if __name__ == "__main__":
    sys.exit(main())
