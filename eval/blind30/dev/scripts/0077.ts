/**
 * Live check-in statistics for the conference desk (pretix, read-only).
 *
 *   npx tsx tools/checkin-stats.ts --event conf24 [--list 3] [--watch 15]
 *
 * Uses the pretix REST API of our instance (PRETIX_URL) with the read-only device
 * token from .env. Shows per check-in list: checked in / expected, arrivals in the
 * last 15 minutes, and the busiest entrance. Never performs check-ins itself.
 */
import * as fs from "node:fs";
import * as path from "node:path";

interface CheckinList {
  id: number;
  name: string;
  position_count: number;
  checkin_count: number;
  all_products: boolean;
  limit_products: number[];
}

interface Checkin {
  id: number;
  datetime: string;
  list: number;
  gate: number | null;
  type: "entry" | "exit";
  successful: boolean;
}

interface Gate {
  id: number;
  name: string;
}

interface Paginated<T> {
  count: number;
  next: string | null;
  results: T[];
}

const ROOT = path.resolve(__dirname, "..");

function envFromFile(): Map<string, string> {
  const map = new Map<string, string>();
  const file = path.join(ROOT, ".env");
  if (!fs.existsSync(file)) return map;
  for (const raw of fs.readFileSync(file, "utf8").split("\n")) {
    const line = raw.trim();
    if (!line || line.startsWith("#")) continue;
    const i = line.indexOf("=");
    if (i > 0) map.set(line.slice(0, i), line.slice(i + 1).replace(/^"|"$/g, ""));
  }
  return map;
}

const fileEnv = envFromFile();
const getEnv = (k: string): string | undefined => process.env[k] ?? fileEnv.get(k);

class PretixClient {
  private readonly base: string;
  private readonly headers: Record<string, string>;

  constructor(url: string, token: string, private readonly organizer: string, private readonly event: string) {
    this.base = `${url.replace(/\/$/, "")}/api/v1/organizers/${organizer}`;
    this.headers = { Authorization: `Token ${token}`, Accept: "application/json" };
  }

  private async get<T>(url: string): Promise<T> {
    for (let attempt = 0; attempt < 5; attempt++) {
      const res = await fetch(url, { headers: this.headers });
      if (res.status === 429) {
        const wait = Number(res.headers.get("retry-after") ?? 2);
        await new Promise((r) => setTimeout(r, wait * 1000));
        continue;
      }
      if (!res.ok) throw new Error(`GET ${url}: ${res.status}`);
      return (await res.json()) as T;
    }
    throw new Error(`GET ${url}: rate limited`);
  }

  async all<T>(route: string): Promise<T[]> {
    const items: T[] = [];
    let url: string | null = `${this.base}/${route}`;
    while (url) {
      const page: Paginated<T> = await this.get<Paginated<T>>(url);
      items.push(...page.results);
      url = page.next;
    }
    return items;
  }

  lists(): Promise<CheckinList[]> {
    return this.all<CheckinList>(`events/${this.event}/checkinlists/`);
  }

  gates(): Promise<Gate[]> {
    return this.all<Gate>("gates/");
  }

  recentCheckins(since: Date): Promise<Checkin[]> {
    const q = new URLSearchParams({ created_since: since.toISOString(), ordering: "-datetime" });
    return this.all<Checkin>(`checkins/?${q}`);
  }
}

interface Args {
  event: string;
  list?: number;
  watch?: number;
}

function parseArgs(argv: string[]): Args {
  const args: Args = { event: getEnv("PRETIX_EVENT") ?? "conf24" };
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === "--event") args.event = argv[++i];
    else if (argv[i] === "--list") args.list = Number(argv[++i]);
    else if (argv[i] === "--watch") args.watch = Number(argv[++i]);
    else throw new Error(`unknown argument ${argv[i]}`);
  }
  return args;
}

function bar(fraction: number, width = 30): string {
  const filled = Math.round(Math.min(1, Math.max(0, fraction)) * width);
  return "█".repeat(filled) + "░".repeat(width - filled);
}

async function render(client: PretixClient, args: Args): Promise<void> {
  const [lists, gates] = await Promise.all([client.lists(), client.gates()]);
  const since = new Date(Date.now() - 15 * 60 * 1000);
  const recent = (await client.recentCheckins(since)).filter((c) => c.successful && c.type === "entry");
  const gateNames = new Map(gates.map((g) => [g.id, g.name]));
  const shown = args.list ? lists.filter((l) => l.id === args.list) : lists;

  console.log(`${new Date().toLocaleTimeString()}  event ${args.event}`);
  for (const l of shown) {
    const frac = l.position_count ? l.checkin_count / l.position_count : 0;
    const last15 = recent.filter((c) => c.list === l.id).length;
    console.log(`${l.name.padEnd(28)} ${bar(frac)} ${l.checkin_count}/${l.position_count} (${(frac * 100).toFixed(0)}%)  +${last15} in 15 min`);
  }
  const perGate = new Map<string, number>();
  for (const c of recent) {
    const name = c.gate === null ? "(no gate)" : gateNames.get(c.gate) ?? `gate ${c.gate}`;
    perGate.set(name, (perGate.get(name) ?? 0) + 1);
  }
  const busiest = [...perGate.entries()].sort((a, b) => b[1] - a[1])[0];
  if (busiest) console.log(`busiest entrance: ${busiest[0]} (${busiest[1]} in 15 min)`);
  const rate = recent.length / 15;
  const remaining = shown.reduce((n, l) => n + (l.position_count - l.checkin_count), 0);
  if (rate > 0) console.log(`at ${rate.toFixed(1)}/min the remaining ${remaining} arrive in ~${Math.round(remaining / rate)} min`);
}

async function main(): Promise<void> {
  const args = parseArgs(process.argv.slice(2));
  const url = getEnv("PRETIX_URL");
  const token = getEnv("PRETIX_DEVICE_TOKEN") ?? getEnv("PRETIX_TOKEN");
  if (!url || !token) throw new Error("PRETIX_URL and PRETIX_DEVICE_TOKEN must be set in .env");
  const client = new PretixClient(url, token, getEnv("PRETIX_ORGANIZER") ?? "acme", args.event);
  if (!args.watch) {
    await render(client, args);
    return;
  }
  let stopping = false;
  process.on("SIGINT", () => {
    stopping = true;
  });
  while (!stopping) {
    console.clear();
    try {
      await render(client, args);
    } catch (err) {
      console.error(`refresh failed: ${(err as Error).message}`);
    }
    await new Promise((r) => setTimeout(r, args.watch! * 1000));
  }
}

main().catch((err: Error) => {
  console.error(err.message);
  process.exit(1);
});
