// scripts/gen-client.ts — generate a typed fetch client from openapi.json into src/api/.
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, relative, resolve } from "node:path";

const ROOT = resolve(__dirname, "..");
const SPEC = resolve(ROOT, "openapi.json");
const OUT = resolve(ROOT, "src", "api", "client.ts");

function assertInside(p: string): string {
  const rel = relative(ROOT, p);
  if (rel.startsWith("..") || resolve(ROOT, rel) !== p) throw new Error(`path escapes project: ${p}`);
  return p;
}

type Op = { method: string; path: string; operationId: string; hasBody: boolean; params: string[] };

function operations(spec: any): Op[] {
  const ops: Op[] = [];
  for (const [path, item] of Object.entries<any>(spec.paths ?? {})) {
    for (const method of ["get", "post", "put", "patch", "delete"]) {
      const op = item[method];
      if (!op?.operationId) continue;
      const params = (op.parameters ?? []).filter((p: any) => p.in === "path").map((p: any) => p.name);
      ops.push({ method: method.toUpperCase(), path, operationId: op.operationId, hasBody: !!op.requestBody, params });
    }
  }
  return ops.sort((a, b) => a.operationId.localeCompare(b.operationId));
}

function renderOp(op: Op): string {
  const args = [...op.params.map((p) => `${p}: string`), ...(op.hasBody ? ["body: unknown"] : [])];
  const url = op.path.replace(/\{(\w+)\}/g, (_m, name) => "${encodeURIComponent(" + name + ")}");
  return [
    `  async ${op.operationId}(${args.join(", ")}): Promise<unknown> {`,
    `    return this.request(${JSON.stringify(op.method)}, \`${url}\`${op.hasBody ? ", body" : ""});`,
    `  }`,
  ].join("\n");
}

function render(spec: any): string {
  const ops = operations(spec);
  return `// generated from openapi.json (${spec.info?.version ?? "?"}) — do not edit
export class ApiClient {
  constructor(private baseUrl: string, private token?: string) {}

  private async request(method: string, path: string, body?: unknown): Promise<unknown> {
    const res = await fetch(this.baseUrl + path, {
      method,
      headers: { "content-type": "application/json", ...(this.token ? { authorization: \`Bearer \${this.token}\` } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!res.ok) throw new Error(\`\${method} \${path}: \${res.status}\`);
    return res.status === 204 ? undefined : res.json();
  }

${ops.map(renderOp).join("\n\n")}
}
`;
}

const spec = JSON.parse(readFileSync(SPEC, "utf8"));
assertInside(OUT);
mkdirSync(dirname(OUT), { recursive: true });
writeFileSync(OUT, render(spec));
console.log(`wrote ${relative(ROOT, OUT)} (${operations(spec).length} operations)`);
