#!/usr/bin/env -S npx tsx
/**
 * tools/nft-devports.ts
 *
 * The ledger dev stack runs inside a rootless VM and needs two host ports
 * (8443 gateway, 9443 admin) forwarded from the LAN for device testing.
 * Instead of editing the host firewall by hand, this tool manages ONE
 * dedicated nftables table, `inet ledger_dev`, and nothing else:
 *
 *   nft-devports.ts status     show the host ruleset summary and our table (read-only)
 *   nft-devports.ts apply      create/replace table inet ledger_dev from the template
 *   nft-devports.ts remove     delete table inet ledger_dev (only that table)
 *
 * It never flushes the ruleset, never touches other tables or chains, and
 * refuses to run while ufw is active (ufw manages its own tables; mixing
 * them is how ports end up open by accident) unless --with-ufw is given.
 */
import { execFileSync, spawnSync } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";

const TABLE_FAMILY = "inet";
const TABLE_NAME = "ledger_dev";
const PORTS = [8443, 9443];
const LAN_CIDR = process.env.LEDGER_DEV_LAN ?? "192.0.2.0/24";

interface NftObject {
  table?: { family: string; name: string };
  chain?: { family: string; table: string; name: string; hook?: string };
  rule?: { family: string; table: string; chain: string };
}

function sudo(args: string[], input?: string): string {
  const argv = process.getuid?.() === 0 ? args : ["sudo", "-n", ...args];
  const res = spawnSync(argv[0], argv.slice(1), { encoding: "utf8", input });
  if (res.error) throw res.error;
  if (res.status !== 0) throw new Error(`${args.join(" ")}: ${String(res.stderr).trim()}`);
  return String(res.stdout ?? "");
}

function ruleset(): NftObject[] {
  const raw = sudo(["nft", "-j", "list", "ruleset"]);
  return (JSON.parse(raw) as { nftables: NftObject[] }).nftables;
}

function ourTableExists(objs: NftObject[]): boolean {
  return objs.some((o) => o.table?.family === TABLE_FAMILY && o.table.name === TABLE_NAME);
}

function ufwActive(): boolean {
  try {
    return /Status: active/.test(execFileSync("sudo", ["-n", "ufw", "status"], { encoding: "utf8" }));
  } catch {
    return false;
  }
}

function validCidr(cidr: string): boolean {
  const m = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})\/(\d{1,2})$/.exec(cidr);
  return Boolean(m) && m!.slice(1, 5).every((o) => Number(o) <= 255) && Number(m![5]) >= 16 && Number(m![5]) <= 32;
}

function template(): string {
  // a single table with its own input chain at a priority after the distro's
  // filter chain; it only *accepts* the two ports from the LAN range
  return [
    `table ${TABLE_FAMILY} ${TABLE_NAME} {`,
    "  chain input {",
    "    type filter hook input priority filter + 10; policy accept;",
    `    ip saddr ${LAN_CIDR} tcp dport { ${PORTS.join(", ")} } accept comment "ledger dev ports"`,
    "  }",
    "}",
    "",
  ].join("\n");
}

function status(): void {
  const objs = ruleset();
  const tables = objs.filter((o) => o.table).map((o) => `${o.table!.family} ${o.table!.name}`);
  const inputChains = objs.filter((o) => o.chain?.hook === "input").map((o) => `${o.chain!.table}/${o.chain!.name}`);
  console.log(`tables: ${tables.join(", ") || "(none)"}`);
  console.log(`input chains: ${inputChains.join(", ") || "(none)"}`);
  console.log(`ufw: ${ufwActive() ? "active" : "inactive or not installed"}`);
  if (ourTableExists(objs)) {
    console.log(`\n${TABLE_FAMILY} ${TABLE_NAME}:`);
    console.log(sudo(["nft", "list", "table", TABLE_FAMILY, TABLE_NAME]).trimEnd());
  } else {
    console.log(`\n${TABLE_FAMILY} ${TABLE_NAME} not present`);
  }
}

function apply(withUfw: boolean): void {
  if (ufwActive() && !withUfw) throw new Error("ufw is active; use `sudo ufw allow from <lan> to any port 8443,9443 proto tcp` instead, or pass --with-ufw");
  if (!validCidr(LAN_CIDR)) throw new Error(`LEDGER_DEV_LAN ${LAN_CIDR} is not an IPv4 CIDR between /16 and /32`);
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "nft-devports-"));
  const file = path.join(tmp, "ledger_dev.nft");
  try {
    fs.writeFileSync(file, template());
    sudo(["nft", "-c", "-f", file]); // syntax/semantics check without applying
    if (ourTableExists(ruleset())) sudo(["nft", "delete", "table", TABLE_FAMILY, TABLE_NAME]);
    sudo(["nft", "-f", file]);
  } finally {
    fs.rmSync(tmp, { recursive: true, force: true });
  }
  console.log(`table ${TABLE_FAMILY} ${TABLE_NAME} applied: ports ${PORTS.join(", ")} from ${LAN_CIDR}`);
}

function remove(): void {
  if (!ourTableExists(ruleset())) {
    console.log("nothing to remove");
    return;
  }
  sudo(["nft", "delete", "table", TABLE_FAMILY, TABLE_NAME]);
  console.log(`deleted table ${TABLE_FAMILY} ${TABLE_NAME}; the rest of the ruleset is unchanged`);
}

/**
 * Check from the host that the ports actually answer (the VM forwards them
 * to the gateway). Uses a plain TCP connect on 127.0.0.1; nothing is sent.
 */
async function probe(): Promise<void> {
  const net = await import("node:net");
  for (const port of PORTS) {
    const ok = await new Promise<boolean>((resolve) => {
      const s = net.connect({ host: "127.0.0.1", port, timeout: 1500 });
      s.once("connect", () => {
        s.destroy();
        resolve(true);
      });
      s.once("error", () => resolve(false));
      s.once("timeout", () => {
        s.destroy();
        resolve(false);
      });
    });
    console.log(`127.0.0.1:${port} ${ok ? "open" : "closed"}`);
  }
}

/**
 * Write the rendered table to a file in the repo for review instead of
 * applying it (useful in PRs that change the port list).
 */
function render(out?: string): void {
  const target = out ?? path.join(process.cwd(), "deploy", "nft", `${TABLE_NAME}.nft`);
  if (!path.resolve(target).startsWith(process.cwd() + path.sep)) throw new Error("render target must be inside the repo");
  fs.mkdirSync(path.dirname(target), { recursive: true, mode: 0o755 });
  fs.writeFileSync(target, template());
  console.log(`rendered ${path.relative(process.cwd(), target)}`);
}

/** Show counters of our rule, to confirm devices are actually reaching it. */
function counters(): void {
  if (!ourTableExists(ruleset())) {
    console.log("table not present");
    return;
  }
  const out = sudo(["nft", "-a", "list", "chain", TABLE_FAMILY, TABLE_NAME, "input"]);
  const rule = out.split("\n").find((l) => l.includes("ledger dev ports"));
  console.log(rule?.trim() ?? "(rule not found)");
}

function main(): void {
  if (os.platform() !== "linux") throw new Error("nftables is Linux-only");
  const [cmd = "status", ...rest] = process.argv.slice(2);
  if (cmd === "probe") {
    void probe();
    return;
  }
  if (cmd === "render") return render(rest[0]);
  if (cmd === "counters") return counters();
  switch (cmd) {
    case "status":
      return status();
    case "apply":
      return apply(rest.includes("--with-ufw"));
    case "remove":
      return remove();
    default:
      throw new Error(`unknown command ${cmd}`);
  }
}

try {
  main();
} catch (e) {
  console.error(`nft-devports: ${(e as Error).message}`);
  process.exit(1);
}
