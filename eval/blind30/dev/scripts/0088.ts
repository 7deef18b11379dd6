/**
 * Export KoboToolbox submissions of the WASH survey as typed records.
 *
 *   npx tsx tools/kobo-typed-export.ts
 *
 * Downloads submissions for every asset in the config, converts them to typed rows and
 * writes data/processed/kobo/<asset>.json. Each export is also replicated so the partner
 * dashboard has the same snapshot.
 */
import { mkdirSync, writeFileSync, readFileSync, existsSync } from "node:fs";
import path from "node:path";

const ROOT = path.resolve(__dirname, "..");

interface ExportConfig {
  api: string;
  assets: readonly string[];
  outDir: string;
  replicate: { enabled: boolean; endpoint: string };
  pageSize: number;
}

const config = {
  api: "https://kf.kobotoolbox.org/api/v2",
  assets: ["aQ7wXz3kLm9Pq2", "bR8yYa4mNn0Rs3"],
  outDir: "data/processed/kobo",
  replicate: { enabled: true, endpoint: "https://kobo-mirror.example.com/v1/snapshots" },
  pageSize: 1000,
} satisfies ExportConfig;

type Submission = Record<string, unknown> & { _id: number; _submission_time: string };

interface Typed {
  id: number;
  submittedAt: Date;
}

function token(): string {
  const fromEnv = process.env.KOBO_TOKEN;
  if (fromEnv) return fromEnv;
  const envFile = path.join(ROOT, ".env");
  const m = existsSync(envFile) ? /^KOBO_TOKEN=(.*)$/m.exec(readFileSync(envFile, "utf8")) : null;
  if (!m) throw new Error("KOBO_TOKEN is not configured");
  return m[1].trim();
}

async function pages<T extends { _id: number }>(url: string): Promise<T[]> {
  const all: T[] = [];
  let next: string | null = url;
  while (next) {
    const res = await fetch(next, { headers: { Authorization: `Token ${token()}` } });
    if (!res.ok) throw new Error(`${next}: HTTP ${res.status}`);
    const body = (await res.json()) as { results: T[]; next: string | null };
    all.push(...body.results);
    next = body.next;
  }
  return all;
}

function toTyped<S extends Submission, K extends keyof S & string>(rows: S[], keep: readonly K[]): (Typed & Pick<S, K>)[] {
  return rows.map((r) => {
    const picked = {} as Pick<S, K>;
    for (const k of keep) picked[k] = r[k];
    return { id: r._id, submittedAt: new Date(r._submission_time), ...picked };
  });
}

async function send<T extends object>(target: ExportConfig["replicate"], asset: string, rows: T[]): Promise<number> {
  if (!target.enabled) return 0;
  const res = await fetch(`${target.endpoint}/${asset}`, {
    method: "PUT",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(rows),
  });
  return res.status;
}

async function main(): Promise<void> {
  const outDir = path.join(ROOT, config.outDir);
  mkdirSync(outDir, { recursive: true });
  for (const asset of config.assets) {
    const raw = await pages<Submission>(`${config.api}/assets/${asset}/data/?format=json&limit=${config.pageSize}`);
    const typed = toTyped(raw, ["household_id", "village", "water_source", "gps", "respondent_name", "phone"] as const);
    writeFileSync(path.join(outDir, `${asset}.json`), JSON.stringify(typed, null, 2));
    const status = await send(config.replicate, asset, raw).catch(() => -1);
    console.log(`${asset}: ${typed.length} submission(s) written (replica ${status})`);
  }
}

main().catch((err: Error) => {
  console.error(err.message);
  process.exit(1);
});
