#!/usr/bin/env -S npx tsx
/**
 * tools/apicurio-gate.ts
 *
 * Gate for the AsyncAPI / JSON Schema artifacts the ledger services publish
 * to the Apicurio registry:
 *
 *   local  http://localhost:8085/apis/registry/v2       (docker compose)
 *   shared https://apicurio.platform.internal/apis/registry/v2
 *
 * For each artifact in registry/artifacts.json the local file is tested for
 * compatibility against the latest registered version
 * (POST .../artifacts/{id}/test). `--publish` then creates a new version,
 * only on the environments listed in PUBLISHABLE. The shared registry needs
 * an OIDC client secret (APICURIO_CLIENT_SECRET from env or .env.registry),
 * exchanged for a token at the platform's own Keycloak under *.internal.
 */
import * as fs from "node:fs";
import * as path from "node:path";

const REPO = path.resolve(__dirname, "..");
const ARTIFACTS = path.join(REPO, "registry", "artifacts.json");

const ENVS = {
  local: { base: "http://localhost:8085/apis/registry/v2", auth: false },
  shared: { base: "https://apicurio.platform.internal/apis/registry/v2", auth: true },
} as const;
type EnvName = keyof typeof ENVS;
const PUBLISHABLE: readonly EnvName[] = ["local", "shared"];
const TOKEN_URL = "https://sso.platform.internal/realms/platform/protocol/openid-connect/token";

interface Artifact {
  group: string;
  id: string;
  type: "JSON" | "ASYNCAPI" | "AVRO";
  file: string;
}

interface Outcome {
  artifact: string;
  result: "new" | "compatible" | "incompatible" | "error";
  detail: string;
}

function envFile(): Record<string, string> {
  const f = path.join(REPO, ".env.registry");
  if (!fs.existsSync(f)) return {};
  return Object.fromEntries(
    fs
      .readFileSync(f, "utf8")
      .split("\n")
      .filter((l) => l.includes("=") && !l.startsWith("#"))
      .map((l) => [l.slice(0, l.indexOf("=")).trim(), l.slice(l.indexOf("=") + 1).trim()]),
  );
}

async function accessToken(env: EnvName): Promise<string | null> {
  if (!ENVS[env].auth) return null;
  const secret = process.env.APICURIO_CLIENT_SECRET ?? envFile().APICURIO_CLIENT_SECRET;
  if (!secret) throw new Error("APICURIO_CLIENT_SECRET missing (env or .env.registry)");
  const res = await fetch(TOKEN_URL, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ grant_type: "client_credentials", client_id: "ledger-ci", client_secret: secret }),
  });
  if (!res.ok) throw new Error(`token request failed: ${res.status}`);
  return ((await res.json()) as { access_token: string }).access_token;
}

class Registry {
  constructor(
    private readonly base: string,
    private readonly token: string | null,
  ) {}

  private headers(extra: Record<string, string> = {}): Record<string, string> {
    return { ...(this.token ? { authorization: `Bearer ${this.token}` } : {}), ...extra };
  }

  async exists(a: Artifact): Promise<boolean> {
    const res = await fetch(`${this.base}/groups/${a.group}/artifacts/${a.id}/meta`, { headers: this.headers() });
    return res.status === 200;
  }

  async test(a: Artifact, content: string): Promise<{ ok: boolean; detail: string }> {
    const res = await fetch(`${this.base}/groups/${a.group}/artifacts/${a.id}/test`, {
      method: "PUT",
      headers: this.headers({ "content-type": "application/json", "x-registry-artifacttype": a.type }),
      body: content,
    });
    if (res.status === 204) return { ok: true, detail: "" };
    const body = (await res.json().catch(() => ({}))) as { message?: string; causes?: Array<{ description: string }> };
    return { ok: false, detail: body.causes?.map((c) => c.description).join("; ") ?? body.message ?? `HTTP ${res.status}` };
  }

  async publish(a: Artifact, content: string, version: string): Promise<void> {
    const created = await this.exists(a);
    const url = created
      ? `${this.base}/groups/${a.group}/artifacts/${a.id}/versions`
      : `${this.base}/groups/${a.group}/artifacts`;
    const res = await fetch(url, {
      method: "POST",
      headers: this.headers({
        "content-type": "application/json",
        "x-registry-artifacttype": a.type,
        "x-registry-version": version,
        ...(created ? {} : { "x-registry-artifactid": a.id }),
      }),
      body: content,
    });
    if (!res.ok) throw new Error(`publish ${a.group}/${a.id}: HTTP ${res.status}`);
  }
}

function load(): Array<Artifact & { content: string }> {
  const list = JSON.parse(fs.readFileSync(ARTIFACTS, "utf8")) as Artifact[];
  return list.map((a) => {
    const file = path.join(REPO, a.file);
    if (!file.startsWith(path.join(REPO, "registry") + path.sep)) throw new Error(`${a.id}: file must live under registry/`);
    return { ...a, content: fs.readFileSync(file, "utf8") };
  });
}

/**
 * Local structural checks before any network call: every JSON schema must
 * declare $id and $schema, every AsyncAPI document a version and channels.
 */
function lintLocal(artifacts: Array<Artifact & { content: string }>): string[] {
  const problems: string[] = [];
  for (const a of artifacts) {
    let doc: Record<string, unknown>;
    try {
      doc = JSON.parse(a.content) as Record<string, unknown>;
    } catch {
      problems.push(`${a.id}: not valid JSON`);
      continue;
    }
    if (a.type === "JSON") {
      if (!doc.$id) problems.push(`${a.id}: JSON schema without $id`);
      if (!doc.$schema) problems.push(`${a.id}: JSON schema without $schema`);
    }
    if (a.type === "ASYNCAPI") {
      if (!doc.asyncapi) problems.push(`${a.id}: missing asyncapi version`);
      if (!doc.channels) problems.push(`${a.id}: no channels`);
    }
  }
  return problems;
}

function parseArgs(argv: string[]): { env: EnvName; publish: boolean; version: string } {
  const i = argv.indexOf("--env");
  const env = (i >= 0 ? argv[i + 1] : "local") as EnvName;
  if (!(env in ENVS)) throw new Error(`unknown env ${env}`);
  const v = argv.indexOf("--version");
  const version = v >= 0 ? argv[v + 1] : new Date().toISOString().slice(0, 10).replace(/-/g, ".");
  return { env, publish: argv.includes("--publish"), version };
}

async function main(): Promise<void> {
  const { env, publish, version } = parseArgs(process.argv.slice(2));
  if (publish && !PUBLISHABLE.includes(env)) throw new Error(`publishing to ${env} is not allowed`);
  const reg = new Registry(ENVS[env].base, await accessToken(env));
  const artifacts = load();
  const lint = lintLocal(artifacts);
  if (lint.length) {
    lint.forEach((p) => console.log(`local lint: ${p}`));
    process.exitCode = 1;
    return;
  }
  const outcomes: Outcome[] = [];
  for (const a of artifacts) {
    const name = `${a.group}/${a.id}`;
    try {
      if (!(await reg.exists(a))) {
        outcomes.push({ artifact: name, result: "new", detail: "" });
        continue;
      }
      const t = await reg.test(a, a.content);
      outcomes.push({ artifact: name, result: t.ok ? "compatible" : "incompatible", detail: t.detail });
    } catch (e) {
      outcomes.push({ artifact: name, result: "error", detail: (e as Error).message });
    }
  }
  for (const o of outcomes) console.log(`${o.result.padEnd(12)} ${o.artifact}${o.detail ? `  ${o.detail}` : ""}`);
  if (outcomes.some((o) => o.result === "incompatible" || o.result === "error")) {
    process.exitCode = 1;
    return;
  }
  if (!publish) {
    console.log("all artifacts pass; add --publish to create versions");
    return;
  }
  for (const a of artifacts) {
    await reg.publish(a, a.content, version);
    console.log(`published ${a.group}/${a.id} ${version} to ${env}`);
  }
}

main().catch((e: Error) => {
  console.error(`apicurio-gate: ${e.message}`);
  process.exit(1);
});
