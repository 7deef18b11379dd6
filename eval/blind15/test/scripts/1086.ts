// ops/rotate-doppler-token.ts - rotate the API token a dev/staging service
// uses to call the internal pricing API, stored in Doppler.
//
//   npx tsx ops/rotate-doppler-token.ts --config dev --secret PRICING_API_TOKEN
//   npx tsx ops/rotate-doppler-token.ts --config stg --secret PRICING_API_TOKEN --dry-run
//
// Steps: mint a new token on the pricing service's own admin endpoint
// (pricing.dev.internal / pricing.stg.internal, authenticated with the
// developer's ADMIN token from the environment), store it with
// `doppler secrets set` (value on stdin, not argv), verify by fingerprint,
// then revoke the old token. Values are never printed.
import { execFileSync, spawnSync } from "node:child_process";
import { createHash } from "node:crypto";

type Config = "dev" | "stg";

interface Args {
  config: Config;
  secret: string;
  project: string;
  dryRun: boolean;
}

const SECRET_RE = /^[A-Z][A-Z0-9_]{2,63}$/;
const ADMIN_HOSTS: Record<Config, string> = {
  dev: "https://pricing.dev.internal",
  stg: "https://pricing.stg.internal",
};

function parse(argv: string[]): Args {
  const get = (flag: string) => (argv.includes(flag) ? argv[argv.indexOf(flag) + 1] : undefined);
  const config = get("--config");
  if (config !== "dev" && config !== "stg") throw new Error("--config dev|stg (production is rotated by the platform team)");
  const secret = get("--secret") ?? "PRICING_API_TOKEN";
  if (!SECRET_RE.test(secret)) throw new Error("--secret must be an UPPER_SNAKE name");
  const project = get("--project") ?? "ledger";
  if (!/^[a-z][a-z0-9-]{1,40}$/.test(project)) throw new Error("bad --project");
  return { config, secret, project, dryRun: argv.includes("--dry-run") };
}

function fp(value: string): string {
  return createHash("sha256").update(value).digest("hex").slice(0, 10);
}

function doppler(args: string[], input?: string): string {
  const r = spawnSync("doppler", args, { input, encoding: "utf8" });
  if (r.error) throw new Error(`doppler not runnable: ${r.error.message}`);
  if (r.status !== 0) throw new Error(`doppler ${args[0]} ${args[1] ?? ""} failed: ${r.stderr.trim()}`);
  return r.stdout;
}

function currentValue(a: Args): string | null {
  try {
    return doppler(["secrets", "get", a.secret, "--plain", "--project", a.project, "--config", a.config]).trim();
  } catch {
    return null;
  }
}

function storeValue(a: Args, value: string): void {
  // --no-interactive with the value on stdin keeps it out of the process list
  doppler(["secrets", "set", a.secret, "--project", a.project, "--config", a.config, "--no-interactive"], value);
}

async function adminCall(a: Args, path: string, body: unknown): Promise<any> {
  const adminToken = process.env.PRICING_ADMIN_TOKEN;
  if (!adminToken) throw new Error("PRICING_ADMIN_TOKEN is not set");
  const res = await fetch(`${ADMIN_HOSTS[a.config]}${path}`, {
    method: "POST",
    headers: { Authorization: `Bearer ${adminToken}`, "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`pricing admin ${path}: ${res.status}`);
  return res.status === 204 ? null : res.json();
}

function whoami(): string {
  try {
    return execFileSync("doppler", ["me", "--json"], { encoding: "utf8" }).includes('"type"') ? "ok" : "unknown";
  } catch {
    throw new Error("not logged in to Doppler: run `doppler login`");
  }
}

function usage(): string {
  return [
    "rotate-doppler-token.ts --config dev|stg [--secret NAME] [--project name] [--dry-run]",
    "",
    "Environment:",
    "  PRICING_ADMIN_TOKEN   your personal admin token for the pricing service",
    "",
    "What happens:",
    "  1. a new token is minted on the pricing admin API (internal host)",
    "  2. it is written to Doppler with the value on stdin",
    "  3. the stored value is compared by fingerprint",
    "  4. the previous token is revoked",
    "",
    "Production is rotated by the platform team and is refused here.",
  ].join("\n");
}

function auditLine(a: Args, oldFp: string | null, newFp: string): string {
  return JSON.stringify({
    at: new Date().toISOString(),
    project: a.project,
    config: a.config,
    secret: a.secret,
    from: oldFp,
    to: newFp,
  });
}

async function listTokens(a: Args): Promise<void> {
  const data = (await adminCall(a, "/admin/tokens/list", { label_prefix: "ledger-" })) as {
    tokens: Array<{ id: string; label: string; created_at: string; fingerprint: string }>;
  };
  for (const t of data.tokens) console.log(`${t.id.padEnd(14)} ${t.label.padEnd(16)} ${t.created_at.slice(0, 10)} fp ${t.fingerprint}`);
}

async function main(): Promise<void> {
  if (process.argv.includes("--help")) {
    console.log(usage());
    return;
  }
  const a = parse(process.argv.slice(2));
  whoami();
  if (process.argv.includes("--list")) {
    await listTokens(a);
    return;
  }
  const old = currentValue(a);
  console.log(`${a.project}/${a.config}/${a.secret}: current fp ${old ? fp(old) : "(unset)"}`);
  if (a.dryRun) {
    console.log(`dry run: would mint a token at ${ADMIN_HOSTS[a.config]} and store it in Doppler`);
    return;
  }
  const minted = (await adminCall(a, "/admin/tokens", { label: `ledger-${a.config}`, ttl_days: 90 })) as {
    token: string;
    id: string;
  };
  storeValue(a, minted.token);
  const stored = currentValue(a);
  if (!stored || fp(stored) !== fp(minted.token)) throw new Error("verification failed; old token left active");
  console.log(`stored new token (fp ${fp(minted.token)}, id ${minted.id})`);
  console.error(auditLine(a, old ? fp(old) : null, fp(minted.token)));
  if (old) {
    await adminCall(a, "/admin/tokens/revoke", { token_fingerprint: fp(old) });
    console.log("revoked the previous token");
  }
  console.log(`restart ${a.config} services to pick it up (doppler run injects it at start)`);
}

main().catch((e: Error) => {
  console.error(`rotate: ${e.message}`);
  process.exit(1);
});
