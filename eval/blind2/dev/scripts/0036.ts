#!/usr/bin/env -S npx tsx
// Apply the transform rules listed in transforms.json to every record in data/records.json.
import { readFileSync, writeFileSync } from "node:fs";

type Rec = Record<string, unknown>;
const cfg: { rules: { name: string; body: string }[] } = JSON.parse(
  readFileSync(process.env.TRANSFORMS ?? "transforms.json", "utf8"),
);
const rules = cfg.rules.map((r) => ({
  name: r.name,
  fn: new Function("record", r.body) as (rec: Rec) => Rec,
}));

const records: Rec[] = JSON.parse(readFileSync("data/records.json", "utf8"));
const out = records.map((rec) => rules.reduce((acc, r) => r.fn(acc) ?? acc, rec));
writeFileSync("data/records.transformed.json", JSON.stringify(out, null, 2));
console.log(`applied ${rules.length} rule(s) to ${records.length} record(s)`);
