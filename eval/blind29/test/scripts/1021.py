#!/usr/bin/env python3
"""Build X12 856 (Advance Ship Notice) documents from ERP shipment exports.

Input: JSON shipment files written by the ERP export job into
outbound/shipments/<partner>/*.json.  Output: one 856 per shipment in
outbound/<partner>/856_<shipment>.x12 using the hierarchical structure
Shipment → Order → Pack → Item (HL levels S/O/P/I).

Partner specifics (qualifiers, IDs, whether SSCC-18 labels are required)
come from config/partners/<partner>.toml.  The interchange control number
is kept per partner in state/<partner>.isa and advanced only after the file
was written.  Processed JSON files are moved to outbound/shipments/<partner>/done/.
No network access: delivery is done by the separate sftp batch job.
"""
import argparse
import json
import logging
import shutil
import sys
import tomllib
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path

LOG = logging.getLogger("asn856")
REPO = Path(__file__).resolve().parents[1]
ELEMENT = "*"
SUB = ">"
SEGMENT = "~"


@dataclass
class Partner:
    name: str
    sender_qual: str
    sender_id: str
    receiver_qual: str
    receiver_id: str
    gs_sender: str
    gs_receiver: str
    sscc_required: bool
    test: bool


def load_partner(name: str) -> Partner:
    path = REPO / "config" / "partners" / f"{name}.toml"
    with path.open("rb") as fh:
        cfg = tomllib.load(fh)
    return Partner(
        name=name,
        sender_qual=cfg.get("sender_qualifier", "ZZ"),
        sender_id=cfg["sender_id"],
        receiver_qual=cfg.get("receiver_qualifier", "ZZ"),
        receiver_id=cfg["receiver_id"],
        gs_sender=cfg.get("gs_sender", cfg["sender_id"]),
        gs_receiver=cfg.get("gs_receiver", cfg["receiver_id"]),
        sscc_required=cfg.get("sscc_required", False),
        test=cfg.get("test_mode", True),
    )


def next_control(partner: str) -> int:
    state = REPO / "state" / f"{partner}.isa"
    last = int(state.read_text().strip()) if state.exists() else 0
    return last % 999_999_999 + 1


def commit_control(partner: str, value: int) -> None:
    state = REPO / "state" / f"{partner}.isa"
    state.parent.mkdir(exist_ok=True)
    tmp = state.with_suffix(".tmp")
    tmp.write_text(str(value))
    tmp.replace(state)


def seg(*elements) -> str:
    parts = [str(e) if e is not None else "" for e in elements]
    while parts and parts[-1] == "":
        parts.pop()
    return ELEMENT.join(parts) + SEGMENT


def sscc_check_digit(body17: str) -> str:
    total = sum(int(d) * (3 if i % 2 == 0 else 1) for i, d in enumerate(body17))
    return str((10 - total % 10) % 10)


def build_body(ship: dict, partner: Partner) -> list[str]:
    out = []
    shipped = datetime.fromisoformat(ship["shipped_at"])
    out.append(seg("BSN", "00", ship["shipment_id"], shipped.strftime("%Y%m%d"), shipped.strftime("%H%M"), "0001"))
    hl = 1
    out.append(seg("HL", hl, "", "S"))
    out.append(seg("TD1", "CTN25", len(ship["packs"])))
    out.append(seg("TD5", "B", "2", ship.get("carrier_scac", "")))
    if ship.get("tracking"):
        out.append(seg("REF", "CN", ship["tracking"]))
    out.append(seg("DTM", "011", shipped.strftime("%Y%m%d")))
    out.append(seg("N1", "ST", ship["ship_to"]["name"], "92", ship["ship_to"]["code"]))
    shipment_hl = hl
    hl += 1
    out.append(seg("HL", hl, shipment_hl, "O"))
    out.append(seg("PRF", ship["po_number"]))
    order_hl = hl
    for pack in ship["packs"]:
        hl += 1
        out.append(seg("HL", hl, order_hl, "P"))
        sscc = pack.get("sscc")
        if partner.sscc_required:
            if not sscc or len(sscc) != 18 or sscc_check_digit(sscc[:17]) != sscc[17]:
                raise ValueError(f"pack {pack.get('id')}: invalid SSCC {sscc!r}")
            out.append(seg("MAN", "GM", sscc))
        pack_hl = hl
        for item in pack["items"]:
            hl += 1
            out.append(seg("HL", hl, pack_hl, "I"))
            out.append(seg("LIN", "", "UP", item["upc"], "VP", item.get("vendor_part", "")))
            out.append(seg("SN1", "", item["qty"], item.get("uom", "EA")))
    out.append(seg("CTT", hl))
    return out


def build_document(ship: dict, partner: Partner, control: int) -> str:
    now = datetime.now()
    isa = seg(
        "ISA", "00", " " * 10, "00", " " * 10,
        partner.sender_qual, partner.sender_id.ljust(15), partner.receiver_qual, partner.receiver_id.ljust(15),
        now.strftime("%y%m%d"), now.strftime("%H%M"), "U", "00401", f"{control:09d}", "0",
        "T" if partner.test else "P", SUB,
    )
    gs = seg("GS", "SH", partner.gs_sender, partner.gs_receiver, now.strftime("%Y%m%d"), now.strftime("%H%M"), control, "X", "004010")
    body = [seg("ST", "856", "0001")] + build_body(ship, partner)
    body.append(seg("SE", len(body) + 1, "0001"))
    trailer = [seg("GE", 1, control), seg("IEA", 1, f"{control:09d}")]
    return "\n".join([isa, gs, *body, *trailer]) + "\n"


def process_partner(name: str, dry_run: bool) -> tuple[int, int]:
    partner = load_partner(name)
    src_dir = REPO / "outbound" / "shipments" / name
    out_dir = REPO / "outbound" / name
    done_dir = src_dir / "done"
    ok = failed = 0
    for src in sorted(src_dir.glob("*.json")):
        ship = json.loads(src.read_text())
        control = next_control(name)
        try:
            text = build_document(ship, partner, control)
        except (KeyError, ValueError) as exc:
            LOG.error("%s/%s: %s", name, src.name, exc)
            failed += 1
            continue
        if dry_run:
            print(text)
            ok += 1
            continue
        out_dir.mkdir(parents=True, exist_ok=True)
        target = out_dir / f"856_{ship['shipment_id']}.x12"
        tmp = target.with_suffix(".part")
        tmp.write_text(text)
        tmp.replace(target)
        commit_control(name, control)
        done_dir.mkdir(exist_ok=True)
        shutil.move(str(src), done_dir / src.name)
        ok += 1
        LOG.info("%s: %s (ICN %09d)", name, target.name, control)
    return ok, failed


def main() -> int:
    ap = argparse.ArgumentParser(description="X12 856 builder")
    ap.add_argument("partners", nargs="*")
    ap.add_argument("--dry-run", action="store_true", help="print documents instead of writing them")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")
    base = REPO / "outbound" / "shipments"
    partners = args.partners or sorted(p.name for p in base.iterdir() if p.is_dir()) if base.exists() else args.partners
    total_ok = total_failed = 0
    for name in partners or []:
        ok, failed = process_partner(name, args.dry_run)
        total_ok += ok
        total_failed += failed
    LOG.info("%d ASN(s) built, %d failed", total_ok, total_failed)
    return 1 if total_failed else 0


if __name__ == "__main__":
    sys.exit(main())
