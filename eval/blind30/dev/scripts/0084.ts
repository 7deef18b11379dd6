/**
 * Storage deal status report for the dataset archive on Filecoin (lotus, read-only).
 *
 *   npx tsx tools/lotus-deals.ts [--json reports/deals.json] [--expiring-days 30]
 *
 * Talks to the local lotus daemon's JSON-RPC API on 127.0.0.1:1234. Lotus writes its
 * API token to ~/.lotus/token when the daemon starts; reading it from there is how the
 * lotus CLI itself authenticates, and the token is only sent to that local endpoint.
 * Only read methods are called (ChainHead, ClientListDeals, StateMarketStorageDeal).
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";

const ROOT = path.resolve(__dirname, "..");
const LOTUS_PATH = process.env.LOTUS_PATH ?? path.join(os.homedir(), ".lotus");
const ENDPOINT = process.env.LOTUS_API ?? "http://127.0.0.1:1234/rpc/v0";
const EPOCHS_PER_DAY = 2880;

const READ_METHODS = new Set([
  "Filecoin.ChainHead",
  "Filecoin.ClientListDeals",
  "Filecoin.StateMarketStorageDeal",
  "Filecoin.Version",
]);

interface DealInfo {
  ProposalCid: { "/": string };
  State: number;
  Message: string;
  Provider: string;
  PieceCID: { "/": string };
  Size: number;
  PricePerEpoch: string;
  Duration: number;
  DealID: number;
  CreationTime: string;
  Verified: boolean;
}

interface MarketDeal {
  Proposal: { StartEpoch: number; EndEpoch: number; Label: string; PieceSize: number };
  State: { SectorStartEpoch: number; LastUpdatedEpoch: number; SlashEpoch: number };
}

interface Row {
  dealId: number;
  provider: string;
  state: string;
  label: string;
  sizeGiB: number;
  startEpoch?: number;
  endEpoch?: number;
  daysLeft?: number;
  slashed: boolean;
}

// Subset of lotus' storagemarket.DealStates names, enough for the report.
const DEAL_STATES: Record<number, string> = {
  0: "Unknown", 3: "ProposalAccepted", 6: "Sealing", 7: "Finalizing", 8: "Active",
  9: "Expired", 10: "Slashed", 11: "Rejecting", 12: "Failing", 18: "Error",
  26: "AwaitingPreCommit", 27: "Publish", 28: "Publishing",
};

function apiToken(): string {
  if (process.env.LOTUS_API_TOKEN) return process.env.LOTUS_API_TOKEN;
  const file = path.join(LOTUS_PATH, "token");
  if (!existsSync(file)) throw new Error(`${file} not found; is the lotus daemon running?`);
  return readFileSync(file, "utf8").trim();
}

function assertLocal(url: string): void {
  const { hostname } = new URL(url);
  if (hostname !== "127.0.0.1" && hostname !== "localhost") {
    throw new Error(`LOTUS_API must be the local daemon, got ${url}`);
  }
}

let id = 0;
async function lotus<T>(method: string, params: unknown[] = []): Promise<T> {
  if (!READ_METHODS.has(method)) throw new Error(`method ${method} is not on the read-only list`);
  const res = await fetch(ENDPOINT, {
    method: "POST",
    headers: { "Content-Type": "application/json", Authorization: `Bearer ${apiToken()}` },
    body: JSON.stringify({ jsonrpc: "2.0", id: ++id, method, params }),
  });
  if (!res.ok) throw new Error(`${method}: HTTP ${res.status}`);
  const body = (await res.json()) as { result?: T; error?: { message: string } };
  if (body.error) throw new Error(`${method}: ${body.error.message}`);
  return body.result as T;
}

function parseArgs(argv: string[]): { json?: string; expiringDays: number; provider?: string } {
  const out: { json?: string; expiringDays: number; provider?: string } = { expiringDays: 30 };
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === "--json") out.json = argv[++i];
    else if (argv[i] === "--expiring-days") out.expiringDays = Number(argv[++i]);
    else if (argv[i] === "--provider") out.provider = argv[++i];
    else throw new Error(`unknown argument ${argv[i]}`);
  }
  return out;
}

async function collect(provider?: string): Promise<{ rows: Row[]; height: number }> {
  const head = await lotus<{ Height: number }>("Filecoin.ChainHead");
  const deals = await lotus<DealInfo[]>("Filecoin.ClientListDeals");
  const rows: Row[] = [];
  for (const d of deals) {
    if (provider && d.Provider !== provider) continue;
    const row: Row = {
      dealId: d.DealID,
      provider: d.Provider,
      state: DEAL_STATES[d.State] ?? `state ${d.State}`,
      label: "",
      sizeGiB: d.Size / 2 ** 30,
      slashed: false,
    };
    if (d.DealID) {
      try {
        const md = await lotus<MarketDeal>("Filecoin.StateMarketStorageDeal", [d.DealID, null]);
        row.label = md.Proposal.Label;
        row.startEpoch = md.Proposal.StartEpoch;
        row.endEpoch = md.Proposal.EndEpoch;
        row.daysLeft = Math.floor((md.Proposal.EndEpoch - head.Height) / EPOCHS_PER_DAY);
        row.slashed = md.State.SlashEpoch > 0;
      } catch {
        // deal not yet on chain or already expired and pruned
      }
    }
    rows.push(row);
  }
  return { rows, height: head.Height };
}

function printReport(rows: Row[], height: number, expiringDays: number): number {
  const byState = new Map<string, number>();
  for (const r of rows) byState.set(r.state, (byState.get(r.state) ?? 0) + 1);
  console.log(`chain height ${height}; ${rows.length} deal(s): ${[...byState].map(([s, n]) => `${s} ${n}`).join(", ")}`);
  const expiring = rows.filter((r) => r.state === "Active" && r.daysLeft !== undefined && r.daysLeft <= expiringDays);
  const problems = rows.filter((r) => r.slashed || ["Failing", "Error", "Slashed"].includes(r.state));
  if (expiring.length) {
    console.log(`\nexpiring within ${expiringDays} days (renew these):`);
    for (const r of expiring.sort((a, b) => (a.daysLeft ?? 0) - (b.daysLeft ?? 0))) {
      console.log(`  deal ${r.dealId} ${r.provider} ${r.label.slice(0, 40)} ${r.daysLeft} days`);
    }
  }
  if (problems.length) {
    console.log("\nproblem deals:");
    for (const r of problems) console.log(`  deal ${r.dealId} ${r.provider} ${r.state}${r.slashed ? " (slashed)" : ""}`);
  }
  const activeGiB = rows.filter((r) => r.state === "Active").reduce((n, r) => n + r.sizeGiB, 0);
  console.log(`\nactive storage: ${activeGiB.toFixed(1)} GiB`);
  return problems.length;
}

function replicationCheck(rows: Row[], minCopies: number): string[] {
  // Each dataset label should be stored with at least `minCopies` providers.
  const byLabel = new Map<string, Set<string>>();
  for (const r of rows.filter((x) => x.state === "Active" && x.label)) {
    if (!byLabel.has(r.label)) byLabel.set(r.label, new Set());
    byLabel.get(r.label)!.add(r.provider);
  }
  return [...byLabel].filter(([, p]) => p.size < minCopies).map(([label, p]) => `${label}: ${p.size} provider(s)`);
}

async function main(): Promise<void> {
  assertLocal(ENDPOINT);
  const args = parseArgs(process.argv.slice(2));
  const version = await lotus<{ Version: string }>("Filecoin.Version");
  console.log(`lotus ${version.Version} at ${ENDPOINT}`);
  const { rows, height } = await collect(args.provider);
  const problems = printReport(rows, height, args.expiringDays);
  const underReplicated = replicationCheck(rows, Number(process.env.MIN_COPIES ?? 2));
  if (underReplicated.length) {
    console.log("\nunder-replicated datasets:");
    underReplicated.forEach((l) => console.log(`  ${l}`));
  }
  if (args.json) {
    const out = path.resolve(ROOT, args.json);
    mkdirSync(path.dirname(out), { recursive: true, mode: 0o755 });
    writeFileSync(out, JSON.stringify({ height, generated: new Date().toISOString(), rows }, null, 2));
    console.log(`wrote ${path.relative(ROOT, out)}`);
  }
  process.exitCode = problems || underReplicated.length ? 1 : 0;
}

main().catch((err: Error) => {
  console.error(`lotus-deals: ${err.message}`);
  process.exit(2);
});
