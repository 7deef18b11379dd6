#!/usr/bin/env -S npx tsx
// scripts/droplet-inventory.ts - read-only inventory of DigitalOcean droplets
// tagged for this project, written to docs/infra/inventory.md.
// DIGITALOCEAN_TOKEN is sent only to api.digitalocean.com.
import { writeFileSync, mkdirSync } from "node:fs";
import path from "node:path";

const DO_API = "https://api.digitalocean.com/v2";
const TAG = process.env.DO_TAG ?? "pantry";
const OUT = path.join(__dirname, "..", "docs", "infra", "inventory.md");

interface Droplet {
  id: number;
  name: string;
  status: string;
  size_slug: string;
  region: { slug: string };
  networks: { v4: { ip_address: string; type: string }[] };
  tags: string[];
  created_at: string;
}

interface Page { droplets: Droplet[]; links?: { pages?: { next?: string } } }

async function getPage(url: string, token: string): Promise<Page> {
  const res = await fetch(url, { headers: { Authorization: `Bearer ${token}` } });
  if (!res.ok) throw new Error(`DigitalOcean API ${res.status}: ${await res.text()}`);
  return (await res.json()) as Page;
}

async function allDroplets(token: string): Promise<Droplet[]> {
  const out: Droplet[] = [];
  let url: string | undefined = `${DO_API}/droplets?tag_name=${encodeURIComponent(TAG)}&per_page=100`;
  while (url) {
    if (!url.startsWith(DO_API)) throw new Error(`unexpected pagination link ${url}`);
    const page = await getPage(url, token);
    out.push(...page.droplets);
    url = page.links?.pages?.next;
  }
  return out;
}

const privateIp = (d: Droplet) => d.networks.v4.find((n) => n.type === "private")?.ip_address ?? "-";

function table(droplets: Droplet[]): string {
  const header = "| name | status | size | region | private ip | tags | created |\n|---|---|---|---|---|---|---|";
  const rows = droplets
    .sort((a, b) => a.name.localeCompare(b.name))
    .map((d) =>
      `| ${d.name} | ${d.status} | ${d.size_slug} | ${d.region.slug} | ${privateIp(d)} | ${d.tags.join(", ")} | ${d.created_at.slice(0, 10)} |`,
    );
  return [header, ...rows].join("\n");
}

function bySize(droplets: Droplet[]): Map<string, number> {
  const m = new Map<string, number>();
  for (const d of droplets) m.set(d.size_slug, (m.get(d.size_slug) ?? 0) + 1);
  return m;
}

async function main(): Promise<void> {
  const token = process.env.DIGITALOCEAN_TOKEN;
  if (!token) {
    console.error("DIGITALOCEAN_TOKEN is not set (read-only token is enough)");
    process.exit(2);
  }
  const droplets = await allDroplets(token);
  const sizes = [...bySize(droplets)].map(([s, n]) => `${n}× ${s}`).join(", ");
  const md = [
    `# Droplet inventory (tag \`${TAG}\`)`,
    "",
    `Generated ${new Date().toISOString()} — ${droplets.length} droplet(s): ${sizes || "none"}`,
    "",
    table(droplets),
    "",
  ].join("\n");
  mkdirSync(path.dirname(OUT), { recursive: true, mode: 0o755 });
  writeFileSync(OUT, md);
  console.log(`wrote ${path.relative(process.cwd(), OUT)}`);
}

main().catch((err: Error) => {
  console.error(err.message);
  process.exit(1);
});
