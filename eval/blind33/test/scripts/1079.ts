#!/usr/bin/env -S npx tsx
/**
 * n8n-lint.ts — static checks for the exported n8n workflows in
 * automation/workflows/*.json, run in CI and as a pre-commit step.
 *
 * Rules:
 *   no-inline-secret      string parameters that look like tokens/passwords
 *   no-credential-ids     exported credentials must be referenced by name only
 *   webhook-auth          Webhook nodes must use authentication other than "none"
 *   http-allowlist        HTTP Request nodes may only call hosts in ALLOWED_HOSTS
 *   no-code-network       Code nodes must not use fetch/require('http')
 *   disconnected-node     every node except triggers must have an incoming connection
 *   error-workflow        active workflows must set settings.errorWorkflow
 *
 *   npx tsx tools/n8n-lint.ts            all workflows
 *   npx tsx tools/n8n-lint.ts --format github   annotations for GitHub Actions
 */
import { readdirSync, readFileSync } from "node:fs";
import { join, relative, resolve } from "node:path";

const ROOT = resolve(__dirname, "..");
const DIR = join(ROOT, "automation", "workflows");
const ALLOWED_HOSTS = new Set([
  "api.github.com",
  "slack.com",
  "api.stripe.com",
  "graph.microsoft.com",
  "invoicing.co",
]);
const SECRETISH = /(sk_live_|xox[bp]-|ghp_[A-Za-z0-9]{20,}|AKIA[0-9A-Z]{16}|-----BEGIN [A-Z ]*PRIVATE KEY-----)/;
const SECRET_PARAM = /(password|secret|token|apikey|api_key)$/i;

interface N8nNode {
  name: string;
  type: string;
  parameters?: Record<string, unknown>;
  credentials?: Record<string, { id?: string; name?: string }>;
}

interface Workflow {
  name: string;
  active?: boolean;
  nodes: N8nNode[];
  connections: Record<string, { main?: { node: string }[][] }>;
  settings?: { errorWorkflow?: string };
}

interface Finding {
  file: string;
  rule: string;
  node?: string;
  message: string;
}

type Rule = (wf: Workflow, file: string) => Finding[];

function* stringParams(value: unknown, pathSoFar: string[] = []): Generator<[string[], string]> {
  if (typeof value === "string") yield [pathSoFar, value];
  else if (Array.isArray(value)) for (let i = 0; i < value.length; i += 1) yield* stringParams(value[i], [...pathSoFar, String(i)]);
  else if (value && typeof value === "object") {
    for (const [k, v] of Object.entries(value)) yield* stringParams(v, [...pathSoFar, k]);
  }
}

const noInlineSecret: Rule = (wf, file) =>
  wf.nodes.flatMap((n) =>
    [...stringParams(n.parameters)]
      .filter(([p, v]) => SECRETISH.test(v) || (SECRET_PARAM.test(p[p.length - 1] ?? "") && v && !v.startsWith("={{")))
      .map(([p]) => ({ file, rule: "no-inline-secret", node: n.name, message: `parameter ${p.join(".")} looks like a secret` })),
  );

const noCredentialIds: Rule = (wf, file) =>
  wf.nodes.flatMap((n) =>
    Object.entries(n.credentials ?? {})
      .filter(([, ref]) => ref.id !== undefined)
      .map(([type]) => ({ file, rule: "no-credential-ids", node: n.name, message: `credential ${type} exported with an id` })),
  );

const webhookAuth: Rule = (wf, file) =>
  wf.nodes
    .filter((n) => n.type === "n8n-nodes-base.webhook")
    .filter((n) => (n.parameters?.authentication ?? "none") === "none")
    .map((n) => ({ file, rule: "webhook-auth", node: n.name, message: "webhook without authentication" }));

const httpAllowlist: Rule = (wf, file) =>
  wf.nodes
    .filter((n) => n.type === "n8n-nodes-base.httpRequest")
    .flatMap((n) => {
      const url = String(n.parameters?.url ?? "");
      if (url.startsWith("={{")) {
        return [{ file, rule: "http-allowlist", node: n.name, message: "URL is an expression; cannot verify host" }];
      }
      try {
        const host = new URL(url).hostname;
        if (ALLOWED_HOSTS.has(host) || host.endsWith(".internal") || host === "localhost") return [];
        return [{ file, rule: "http-allowlist", node: n.name, message: `host ${host} is not in the allow-list` }];
      } catch {
        return [{ file, rule: "http-allowlist", node: n.name, message: `invalid URL ${url}` }];
      }
    });

const noCodeNetwork: Rule = (wf, file) =>
  wf.nodes
    .filter((n) => n.type === "n8n-nodes-base.code" || n.type === "n8n-nodes-base.function")
    .filter((n) => /\bfetch\(|require\(['"](https?|net|child_process)['"]\)/.test(String(n.parameters?.jsCode ?? n.parameters?.functionCode ?? "")))
    .map((n) => ({ file, rule: "no-code-network", node: n.name, message: "code node performs network or process access" }));

const disconnected: Rule = (wf, file) => {
  const targets = new Set<string>();
  for (const conn of Object.values(wf.connections ?? {})) {
    for (const outputs of conn.main ?? []) for (const edge of outputs ?? []) targets.add(edge.node);
  }
  return wf.nodes
    .filter((n) => !/trigger|webhook|cron|schedule/i.test(n.type) && !n.type.endsWith(".start"))
    .filter((n) => !targets.has(n.name) && !n.type.endsWith(".stickyNote"))
    .map((n) => ({ file, rule: "disconnected-node", node: n.name, message: "node has no incoming connection" }));
};

const errorWorkflow: Rule = (wf, file) =>
  wf.active && !wf.settings?.errorWorkflow
    ? [{ file, rule: "error-workflow", message: "active workflow without settings.errorWorkflow" }]
    : [];

const uniqueNames: Rule = (wf, file) => {
  // duplicate node names break expressions like $node["Name"]
  const seen = new Map<string, number>();
  for (const n of wf.nodes) seen.set(n.name, (seen.get(n.name) ?? 0) + 1);
  return [...seen.entries()]
    .filter(([, count]) => count > 1)
    .map(([name, count]) => ({ file, rule: "unique-names", node: name, message: `${count} nodes share this name` }));
};

const pinnedVersions: Rule = (wf, file) =>
  wf.nodes
    .filter((n) => n.type === "n8n-nodes-base.executeCommand")
    .map((n) => ({ file, rule: "no-execute-command", node: n.name, message: "Execute Command nodes are not allowed in shared workflows" }));

const RULES: Rule[] = [
  noInlineSecret,
  noCredentialIds,
  webhookAuth,
  httpAllowlist,
  noCodeNetwork,
  disconnected,
  errorWorkflow,
  uniqueNames,
  pinnedVersions,
];

function lintFile(path: string): Finding[] {
  const file = relative(ROOT, path);
  let wf: Workflow;
  try {
    wf = JSON.parse(readFileSync(path, "utf8")) as Workflow;
  } catch (err) {
    return [{ file, rule: "parse", message: (err as Error).message }];
  }
  if (!Array.isArray(wf.nodes)) return [{ file, rule: "parse", message: "no nodes array" }];
  return RULES.flatMap((r) => r(wf, file));
}

function format(f: Finding, style: string): string {
  if (style === "github") {
    return `::error file=${f.file},title=${f.rule}::${f.node ? `[${f.node}] ` : ""}${f.message}`;
  }
  return `${f.file}: ${f.rule}${f.node ? ` [${f.node}]` : ""}: ${f.message}`;
}

function main(): number {
  const i = process.argv.indexOf("--format");
  const style = i >= 0 ? process.argv[i + 1] : "text";
  const files = readdirSync(DIR)
    .filter((f) => f.endsWith(".json"))
    .sort()
    .map((f) => join(DIR, f));
  const findings = files.flatMap(lintFile);
  for (const f of findings) console.log(format(f, style));
  const byRule = new Map<string, number>();
  for (const f of findings) byRule.set(f.rule, (byRule.get(f.rule) ?? 0) + 1);
  console.log(`${files.length} workflow(s), ${findings.length} finding(s)` +
    (byRule.size ? ` (${[...byRule.entries()].map(([r, n]) => `${r}=${n}`).join(", ")})` : ""));
  return findings.length ? 1 : 0;
}

process.exitCode = main();
