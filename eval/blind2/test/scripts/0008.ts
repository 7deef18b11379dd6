#!/usr/bin/env -S npx tsx
/**
 * gen-api-client.ts - generate a typed fetch client from openapi.yaml into src/generated/.
 * The output directory is wiped and fully regenerated on every run.
 */
import { readFileSync, writeFileSync, rmSync, mkdirSync } from "node:fs";
import { join, resolve } from "node:path";
import { parse } from "yaml";

const ROOT = resolve(__dirname, "..");
const SPEC = join(ROOT, "openapi.yaml");
const OUT = join(ROOT, "src", "generated");

type Schema = { type?: string; $ref?: string; items?: Schema; properties?: Record<string, Schema>; required?: string[]; enum?: string[] };
type Operation = { operationId: string; parameters?: { name: string; in: string; required?: boolean; schema: Schema }[]; requestBody?: any; responses: Record<string, any> };

function refName(ref: string): string {
  return ref.split("/").pop()!;
}

function tsType(s: Schema | undefined): string {
  if (!s) return "unknown";
  if (s.$ref) return refName(s.$ref);
  if (s.enum) return s.enum.map((e) => JSON.stringify(e)).join(" | ");
  switch (s.type) {
    case "string":
      return "string";
    case "integer":
    case "number":
      return "number";
    case "boolean":
      return "boolean";
    case "array":
      return `${tsType(s.items)}[]`;
    case "object": {
      const req = new Set(s.required ?? []);
      const props = Object.entries(s.properties ?? {}).map(([k, v]) => `  ${k}${req.has(k) ? "" : "?"}: ${tsType(v)};`);
      return `{\n${props.join("\n")}\n}`;
    }
    default:
      return "unknown";
  }
}

function genModels(schemas: Record<string, Schema>): string {
  return Object.entries(schemas)
    .map(([name, s]) => `export type ${name} = ${tsType(s)};\n`)
    .join("\n");
}

function genOperation(path: string, method: string, op: Operation): string {
  const params = op.parameters ?? [];
  const pathParams = params.filter((p) => p.in === "path");
  const queryParams = params.filter((p) => p.in === "query");
  const body = op.requestBody?.content?.["application/json"]?.schema;
  const ok = op.responses["200"] ?? op.responses["201"];
  const ret = tsType(ok?.content?.["application/json"]?.schema);
  const args = [
    ...pathParams.map((p) => `${p.name}: ${tsType(p.schema)}`),
    ...(queryParams.length ? [`query: { ${queryParams.map((p) => `${p.name}${p.required ? "" : "?"}: ${tsType(p.schema)}`).join("; ")} } = {}`] : []),
    ...(body ? [`body: ${tsType(body)}`] : []),
  ];
  const urlExpr = "`" + path.replace(/\{(\w+)\}/g, "${encodeURIComponent(String($1))}") + "`";
  return [
    `  async ${op.operationId}(${args.join(", ")}): Promise<${ret}> {`,
    `    return this.request("${method.toUpperCase()}", ${urlExpr}, ${queryParams.length ? "query" : "undefined"}, ${body ? "body" : "undefined"});`,
    "  }",
  ].join("\n");
}

function main(): void {
  const spec = parse(readFileSync(SPEC, "utf8"));
  rmSync(OUT, { recursive: true, force: true });
  mkdirSync(OUT, { recursive: true });

  writeFileSync(join(OUT, "models.ts"), "// generated - do not edit\n" + genModels(spec.components?.schemas ?? {}));

  const ops: string[] = [];
  for (const [p, methods] of Object.entries<Record<string, Operation>>(spec.paths ?? {})) {
    for (const [m, op] of Object.entries(methods)) ops.push(genOperation(p, m, op));
  }
  const client = `// generated - do not edit
import type * as M from "./models";
export class ApiClient {
  constructor(private baseUrl: string, private fetchImpl: typeof fetch = fetch) {}
  private async request(method: string, path: string, query?: Record<string, unknown>, body?: unknown) {
    const url = new URL(path, this.baseUrl);
    for (const [k, v] of Object.entries(query ?? {})) if (v !== undefined) url.searchParams.set(k, String(v));
    const res = await this.fetchImpl(url, { method, headers: { "content-type": "application/json" }, body: body ? JSON.stringify(body) : undefined });
    if (!res.ok) throw new Error(method + " " + path + ": " + res.status);
    return res.status === 204 ? undefined : res.json();
  }
${ops.join("\n\n")}
}
`;
  writeFileSync(join(OUT, "client.ts"), client.replace(/: (\w+)(\[\])?([;,)>])/g, (m, t, arr, end) => m));
  console.log(`generated ${ops.length} operations into ${OUT}`);
}

main();
