/**
 * Export LimeSurvey responses through the RemoteControl 2 JSON-RPC API.
 *
 *   npx tsx tools/lime-export.ts --survey 482915 [--format csv|json] [--completed-only]
 *
 * LimeSurvey's API hands out a session key for user/password (LIMESURVEY_USER and
 * LIMESURVEY_PASSWORD from .env, our instance at LIMESURVEY_URL), and returns exports as
 * base64-encoded documents, which this script decodes and writes to
 * data/raw/limesurvey/<survey>/. The session key is released at the end, also on errors.
 */
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import path from "node:path";

const ROOT = path.resolve(__dirname, "..");

type ExportFormat = "csv" | "json" | "xls";

interface Args {
  survey: number;
  format: ExportFormat;
  completedOnly: boolean;
  language?: string;
}

interface SurveyProperties {
  active: "Y" | "N";
  expires: string | null;
  language: string;
  anonymized: "Y" | "N";
}

interface RpcResult<T> {
  id: number;
  result: T;
  error: unknown;
}

function loadEnv(): Record<string, string> {
  const file = path.join(ROOT, ".env");
  const out: Record<string, string> = {};
  if (existsSync(file)) {
    for (const line of readFileSync(file, "utf8").split(/\r?\n/)) {
      const m = /^(LIMESURVEY_[A-Z_]+)=(.*)$/.exec(line);
      if (m) out[m[1]] = m[2].replace(/^"(.*)"$/, "$1");
    }
  }
  return { ...out, ...Object.fromEntries(Object.entries(process.env).filter(([k]) => k.startsWith("LIMESURVEY_")) as [string, string][]) };
}

const env = loadEnv();

function parseArgs(argv: string[]): Args {
  const args: Partial<Args> = { format: "csv", completedOnly: false };
  for (let i = 0; i < argv.length; i++) {
    switch (argv[i]) {
      case "--survey": args.survey = Number(argv[++i]); break;
      case "--format": args.format = argv[++i] as ExportFormat; break;
      case "--completed-only": args.completedOnly = true; break;
      case "--language": args.language = argv[++i]; break;
      default: throw new Error(`unknown argument ${argv[i]}`);
    }
  }
  if (!args.survey) throw new Error("--survey <id> is required");
  if (!["csv", "json", "xls"].includes(args.format!)) throw new Error("--format must be csv, json or xls");
  return args as Args;
}

class RemoteControl {
  private id = 0;
  private sessionKey: string | null = null;

  constructor(private readonly url: string) {}

  async call<T>(method: string, ...params: unknown[]): Promise<T> {
    const res = await fetch(this.url, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ method, params, id: ++this.id }),
    });
    if (!res.ok) throw new Error(`${method}: HTTP ${res.status}`);
    const body = (await res.json()) as RpcResult<T>;
    if (body.error) throw new Error(`${method}: ${JSON.stringify(body.error)}`);
    const r = body.result as unknown;
    if (r && typeof r === "object" && "status" in (r as Record<string, unknown>)) {
      throw new Error(`${method}: ${(r as { status: string }).status}`);
    }
    return body.result;
  }

  async login(user: string, password: string): Promise<void> {
    this.sessionKey = await this.call<string>("get_session_key", user, password);
  }

  get key(): string {
    if (!this.sessionKey) throw new Error("not logged in");
    return this.sessionKey;
  }

  async logout(): Promise<void> {
    if (!this.sessionKey) return;
    try {
      await this.call("release_session_key", this.sessionKey);
    } finally {
      this.sessionKey = null;
    }
  }
}

function decodeDocument(b64: string): Buffer {
  // RemoteControl returns documents base64-encoded; an empty survey gives an error status instead
  return Buffer.from(b64, "base64");
}

function writeAtomic(file: string, data: Buffer): void {
  mkdirSync(path.dirname(file), { recursive: true });
  const tmp = `${file}.part`;
  writeFileSync(tmp, data);
  renameSync(tmp, file);
}

function countRows(format: ExportFormat, data: Buffer): number | null {
  if (format === "csv") return Math.max(0, data.toString("utf8").trim().split(/\r?\n/).length - 1);
  if (format === "json") {
    const parsed = JSON.parse(data.toString("utf8")) as { responses?: unknown[] };
    return parsed.responses?.length ?? null;
  }
  return null;
}

function pruneExports(dir: string, keep = 10): void {
  // Keep the newest `keep` exports of this survey; older ones are in the nightly backup.
  if (!existsSync(dir)) return;
  const { readdirSync, statSync, unlinkSync } = require("node:fs") as typeof import("node:fs");
  const files = readdirSync(dir)
    .filter((f) => /^responses-(all|complete)-\d{4}-\d{2}-\d{2}\.(csv|json|xls)$/.test(f))
    .map((f) => ({ f, t: statSync(path.join(dir, f)).mtimeMs }))
    .sort((a, b) => b.t - a.t);
  for (const { f } of files.slice(keep)) {
    unlinkSync(path.join(dir, f));
    console.error(`pruned ${f}`);
  }
}

function assertInternal(url: string): void {
  const host = new URL(url).hostname;
  if (!host.endsWith(".internal") && host !== "localhost" && host !== "127.0.0.1") {
    throw new Error(`LIMESURVEY_URL ${url} is not our instance`);
  }
}

async function main(): Promise<void> {
  const args = parseArgs(process.argv.slice(2));
  const base = env.LIMESURVEY_URL;
  if (base) assertInternal(base);
  if (!base || !env.LIMESURVEY_USER || !env.LIMESURVEY_PASSWORD) {
    throw new Error("LIMESURVEY_URL, LIMESURVEY_USER and LIMESURVEY_PASSWORD must be set in .env");
  }
  const rc = new RemoteControl(`${base.replace(/\/$/, "")}/index.php/admin/remotecontrol`);
  await rc.login(env.LIMESURVEY_USER, env.LIMESURVEY_PASSWORD);
  try {
    const props = await rc.call<SurveyProperties>("get_survey_properties", rc.key, args.survey, ["active", "expires", "language", "anonymized"]);
    if (props.active !== "Y") console.warn(`survey ${args.survey} is not active; exporting what exists`);
    const summary = await rc.call<Record<string, string>>("get_summary", rc.key, args.survey, "all");
    console.error(`survey ${args.survey}: ${summary.completed_responses} complete, ${summary.incomplete_responses} incomplete`);

    const completion = args.completedOnly ? "complete" : "all";
    const language = args.language ?? props.language;
    const b64 = await rc.call<string>("export_responses", rc.key, args.survey, args.format, language, completion, "code", "short");
    const data = decodeDocument(b64);
    const stamp = new Date().toISOString().slice(0, 10);
    const file = path.join(ROOT, "data", "raw", "limesurvey", String(args.survey), `responses-${completion}-${stamp}.${args.format}`);
    writeAtomic(file, data);
    pruneExports(path.dirname(file));
    const rows = countRows(args.format, data);
    console.error(`wrote ${path.relative(ROOT, file)} (${(data.length / 1024).toFixed(0)} KiB${rows !== null ? `, ${rows} rows` : ""})`);
    if (props.anonymized !== "Y") {
      console.warn("note: survey is not anonymized; the export may contain personal data - keep it in data/raw (git-ignored)");
    }
  } finally {
    await rc.logout();
  }
}

main().catch((err: Error) => {
  console.error(`lime-export: ${err.message}`);
  process.exit(1);
});
