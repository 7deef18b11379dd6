#!/usr/bin/env -S npx tsx
/**
 * tools/avro-registry.ts
 *
 * Compatibility gate for the Avro schemas in schemas/avro/*.avsc against the
 * Confluent-compatible schema registry of an environment:
 *
 *   dev      http://localhost:8081                (docker compose)
 *   staging  http://schema-registry.staging.internal:8081
 *
 * `check` (default) asks the registry whether each schema is compatible with
 * the latest registered version. `register` (opt-in, --register) registers
 * new versions, and only for environments in REGISTERABLE. There is no
 * production entry on purpose: prod registrations happen in the deploy job.
 * Basic-auth credentials for staging come from SCHEMA_REGISTRY_AUTH
 * (env or .env) and go only to the registry host of that environment.
 */
import * as fs from "node:fs";
import * as path from "node:path";

const ROOT = path.resolve(__dirname, "..");
const SCHEMA_DIR = path.join(ROOT, "schemas", "avro");

const ENVIRONMENTS = {
  dev: { url: "http://localhost:8081", needsAuth: false },
  staging: { url: "http://schema-registry.staging.internal:8081", needsAuth: true },
} as const;
type EnvName = keyof typeof ENVIRONMENTS;
const REGISTERABLE: ReadonlySet<EnvName> = new Set<EnvName>(["dev", "staging"]);

interface SchemaFile {
  subject: string;
  file: string;
  schema: string;
}

interface CheckResult {
  subject: string;
  compatible: boolean | null;
  messages: string[];
  registeredVersion?: number;
}

function dotenv(): Record<string, string> {
  const file = path.join(ROOT, ".env");
  if (!fs.existsSync(file)) return {};
  const out: Record<string, string> = {};
  for (const line of fs.readFileSync(file, "utf8").split(/\r?\n/)) {
    const m = /^([A-Z0-9_]+)=(.*)$/.exec(line.trim());
    if (m) out[m[1]] = m[2].replace(/^"|"$/g, "");
  }
  return out;
}

function authHeader(env: EnvName): Record<string, string> {
  if (!ENVIRONMENTS[env].needsAuth) return {};
  const creds = process.env.SCHEMA_REGISTRY_AUTH ?? dotenv().SCHEMA_REGISTRY_AUTH;
  if (!creds || !creds.includes(":")) throw new Error("SCHEMA_REGISTRY_AUTH (user:password) is required for " + env);
  return { authorization: "Basic " + Buffer.from(creds).toString("base64") };
}

function loadSchemas(): SchemaFile[] {
  return fs
    .readdirSync(SCHEMA_DIR)
    .filter((f) => f.endsWith(".avsc"))
    .sort()
    .map((f) => {
      const text = fs.readFileSync(path.join(SCHEMA_DIR, f), "utf8");
      const parsed = JSON.parse(text) as { namespace?: string; name: string };
      const subject = `${parsed.namespace ? parsed.namespace + "." : ""}${parsed.name}-value`;
      return { subject, file: f, schema: JSON.stringify(parsed) };
    });
}

async function call<T>(env: EnvName, method: string, route: string, body?: unknown): Promise<{ status: number; json: T }> {
  const url = new URL(route, ENVIRONMENTS[env].url);
  let delay = 500;
  for (let attempt = 1; ; attempt++) {
    const res = await fetch(url, {
      method,
      headers: {
        "content-type": "application/vnd.schemaregistry.v1+json",
        accept: "application/vnd.schemaregistry.v1+json",
        ...authHeader(env),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (res.status >= 500 && attempt < 4) {
      await new Promise((r) => setTimeout(r, delay));
      delay *= 2;
      continue;
    }
    const json = (await res.json().catch(() => ({}))) as T;
    return { status: res.status, json };
  }
}

async function check(env: EnvName, s: SchemaFile): Promise<CheckResult> {
  const route = `/compatibility/subjects/${encodeURIComponent(s.subject)}/versions/latest?verbose=true`;
  const { status, json } = await call<{ is_compatible?: boolean; messages?: string[]; message?: string }>(
    env,
    "POST",
    route,
    { schema: s.schema, schemaType: "AVRO" },
  );
  if (status === 404) return { subject: s.subject, compatible: null, messages: ["new subject"] };
  if (status !== 200) return { subject: s.subject, compatible: false, messages: [json.message ?? `HTTP ${status}`] };
  return { subject: s.subject, compatible: Boolean(json.is_compatible), messages: json.messages ?? [] };
}

async function register(env: EnvName, s: SchemaFile): Promise<number> {
  const { status, json } = await call<{ id?: number; message?: string }>(
    env,
    "POST",
    `/subjects/${encodeURIComponent(s.subject)}/versions`,
    { schema: s.schema, schemaType: "AVRO" },
  );
  if (status !== 200 || json.id === undefined) throw new Error(`${s.subject}: ${json.message ?? status}`);
  return json.id;
}

function report(results: CheckResult[]): void {
  const lines = ["| subject | result | notes |", "|---|---|---|"];
  for (const r of results) {
    const res = r.compatible === null ? "new" : r.compatible ? "compatible" : "**INCOMPATIBLE**";
    lines.push(`| ${r.subject} | ${res} | ${r.messages.join("; ").slice(0, 200)} |`);
  }
  fs.mkdirSync(path.join(ROOT, "reports"), { recursive: true });
  fs.writeFileSync(path.join(ROOT, "reports", "avro-compat.md"), lines.join("\n") + "\n");
  console.log(lines.join("\n"));
}

/**
 * Local sanity checks that do not need the registry: every record must have
 * a doc string on new fields and a default on optional (union with null)
 * fields, otherwise BACKWARD compatibility breaks for old readers.
 */
function lintSchema(s: SchemaFile): string[] {
  type Field = { name: string; type: unknown; default?: unknown; doc?: string };
  const problems: string[] = [];
  const parsed = JSON.parse(s.schema) as { fields?: Field[] };
  for (const f of parsed.fields ?? []) {
    const nullable = Array.isArray(f.type) && f.type.includes("null");
    if (nullable && !("default" in f)) problems.push(`${s.file}: optional field ${f.name} has no default`);
    if (!f.doc) problems.push(`${s.file}: field ${f.name} has no doc`);
  }
  return problems;
}

function parseArgs(argv: string[]): { env: EnvName; doRegister: boolean; only?: string } {
  let env: string = "dev";
  let doRegister = false;
  let only: string | undefined;
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === "--env") env = argv[++i];
    else if (argv[i] === "--register") doRegister = true;
    else if (argv[i] === "--only") only = argv[++i];
    else throw new Error(`unknown argument ${argv[i]}`);
  }
  if (!(env in ENVIRONMENTS)) throw new Error(`unknown environment ${env} (${Object.keys(ENVIRONMENTS).join(", ")})`);
  return { env: env as EnvName, doRegister, only };
}

async function main(): Promise<void> {
  const { env, doRegister, only } = parseArgs(process.argv.slice(2));
  if (doRegister && !REGISTERABLE.has(env)) throw new Error(`registering in ${env} is not allowed here`);
  let schemas = loadSchemas();
  if (only) schemas = schemas.filter((s) => s.subject === only || s.file === only);
  const lint = schemas.flatMap(lintSchema);
  for (const p of lint) console.log(`lint: ${p}`);
  const results = await Promise.all(schemas.map((s) => check(env, s)));
  report(results);
  const broken = results.filter((r) => r.compatible === false);
  if (broken.length) {
    process.exitCode = 1;
    return;
  }
  if (!doRegister) {
    console.log(`all ${results.length} schema(s) compatible with ${env}; use --register to register`);
    return;
  }
  for (const s of schemas) {
    const id = await register(env, s);
    console.log(`registered ${s.subject} in ${env} (id ${id})`);
  }
}

main().catch((e: Error) => {
  console.error(`avro-registry: ${e.message}`);
  process.exit(1);
});
