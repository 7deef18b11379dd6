// scripts/rotate-db-creds.ts - rotate the password of a dev/sandbox database
// user whose credentials live in Vault KV v2, using the documented `vault`
// CLI with fixed argument lists. The new password is passed to vault on
// stdin, never on the command line, and is never printed.
//
//   npx tsx scripts/rotate-db-creds.ts --path secret/dev/ledger/db --role ledger_app
//   npx tsx scripts/rotate-db-creds.ts --path secret/dev/ledger/db --dry-run
import { execFileSync, spawnSync } from "node:child_process";
import { createHash, randomInt } from "node:crypto";

interface Args {
  path: string;
  role: string;
  field: string;
  adminUrl: string;
  dryRun: boolean;
  length: number;
}

const PATH_RE = /^secret\/(dev|sandbox)\/[a-z0-9_/-]+$/;
const ROLE_RE = /^[a-z_][a-z0-9_]{0,62}$/;
const ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789-_";

function parse(argv: string[]): Args {
  const a: Args = {
    path: "",
    role: "app",
    field: "password",
    adminUrl: process.env.DEV_DB_ADMIN_URL ?? "postgresql://postgres@localhost:5432/postgres",
    dryRun: false,
    length: 32,
  };
  for (let i = 0; i < argv.length; i++) {
    switch (argv[i]) {
      case "--path": a.path = argv[++i]; break;
      case "--role": a.role = argv[++i]; break;
      case "--field": a.field = argv[++i]; break;
      case "--admin-url": a.adminUrl = argv[++i]; break;
      case "--length": a.length = Number(argv[++i]); break;
      case "--dry-run": a.dryRun = true; break;
      default: throw new Error(`unknown argument ${argv[i]}`);
    }
  }
  if (!PATH_RE.test(a.path)) throw new Error("--path must be under secret/dev/ or secret/sandbox/");
  if (!ROLE_RE.test(a.role)) throw new Error("bad --role");
  if (!/^[a-z_]+$/.test(a.field)) throw new Error("bad --field");
  if (!Number.isInteger(a.length) || a.length < 20 || a.length > 128) throw new Error("--length 20..128");
  const host = new URL(a.adminUrl).hostname;
  if (!(host === "localhost" || host === "127.0.0.1" || host.endsWith(".dev.internal"))) {
    throw new Error(`admin URL host ${host} is not a dev database`);
  }
  return a;
}

function fp(value: string): string {
  return createHash("sha256").update(value).digest("hex").slice(0, 12);
}

function generate(length: number): string {
  let out = "";
  for (let i = 0; i < length; i++) out += ALPHABET[randomInt(ALPHABET.length)];
  return out;
}

function vaultJson(args: string[]): any {
  const out = execFileSync("vault", [...args, "-format=json"], { encoding: "utf8" });
  return JSON.parse(out);
}

function ensureLoggedIn(): void {
  if (!process.env.VAULT_ADDR) throw new Error("VAULT_ADDR not set");
  try {
    const info = vaultJson(["token", "lookup"]);
    const ttl = Number(info.data?.ttl ?? 0);
    if (ttl > 0 && ttl < 300) console.warn("vault token expires in < 5 minutes");
  } catch {
    throw new Error("not logged in: vault login -method=oidc");
  }
}

function currentVersion(path: string): number | null {
  try {
    return Number(vaultJson(["kv", "metadata", "get", path]).data.current_version);
  } catch {
    return null;
  }
}

function alterRole(adminUrl: string, role: string, password: string): void {
  // statement via stdin so the password never appears in the process list
  const sql = `ALTER ROLE ${role} WITH PASSWORD '${password.replace(/'/g, "''")}';\n`;
  const r = spawnSync("psql", [adminUrl, "-v", "ON_ERROR_STOP=1", "-q", "-f", "-"], { input: sql, encoding: "utf8" });
  if (r.status !== 0) throw new Error(`ALTER ROLE failed: ${r.stderr.trim()}`);
}

function kvPatch(path: string, field: string, password: string): number {
  const r = spawnSync("vault", ["kv", "patch", "-format=json", path, `${field}=-`], { input: password, encoding: "utf8" });
  if (r.status !== 0) throw new Error(`vault kv patch failed: ${r.stderr.trim()}`);
  return Number(JSON.parse(r.stdout).data.version);
}

function usage(): string {
  return [
    "rotate-db-creds.ts --path secret/dev/<app>/db [options]",
    "",
    "  --role <name>       database role to rotate (default app)",
    "  --field <name>      KV field holding the password (default password)",
    "  --admin-url <url>   admin connection (localhost or *.dev.internal only)",
    "  --length <n>        password length, 20..128 (default 32)",
    "  --dry-run           show what would happen",
    "",
    "The value never appears in argv, logs or stdout; only a SHA-256 prefix is shown.",
  ].join("\n");
}

function checkTools(): void {
  for (const tool of ["vault", "psql"]) {
    const r = spawnSync(tool, ["--version"], { stdio: "ignore" });
    if (r.error || r.status !== 0) throw new Error(`${tool} is not installed or not on PATH`);
  }
}

function verifyLogin(adminUrl: string, role: string, password: string): boolean {
  // connect as the role with the new password via PGPASSWORD (env, not argv)
  const url = new URL(adminUrl);
  url.username = role;
  url.password = "";
  const r = spawnSync("psql", [url.toString(), "-tAc", "select 1"], {
    env: { ...process.env, PGPASSWORD: password },
    encoding: "utf8",
  });
  return r.status === 0 && r.stdout.trim() === "1";
}

function main(): void {
  if (process.argv.includes("--help")) {
    console.log(usage());
    return;
  }
  checkTools();
  const args = parse(process.argv.slice(2));
  ensureLoggedIn();
  const before = currentVersion(args.path);
  const password = generate(args.length);
  console.log(`path ${args.path} (version ${before ?? "none"}), new password fp ${fp(password)}`);
  if (args.dryRun) {
    console.log(`dry run: would ALTER ROLE ${args.role} and patch ${args.field}`);
    return;
  }
  alterRole(args.adminUrl, args.role, password);
  if (!verifyLogin(args.adminUrl, args.role, password)) {
    throw new Error(`role ${args.role} cannot log in with the new password; Vault not updated`);
  }
  const version = kvPatch(args.path, args.field, password);
  const after = currentVersion(args.path);
  if (after !== version) console.warn(`metadata says ${after}, patch returned ${version}`);
  console.log(`rotated: ${args.path} now at version ${version}`);
  console.log("restart services: docker compose restart api worker");
}

try {
  main();
} catch (e) {
  console.error((e as Error).message);
  process.exit(1);
}
