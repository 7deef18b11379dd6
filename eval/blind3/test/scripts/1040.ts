// tmp_openapi_lint.ts - validate openapi.yaml and check every route has an operationId
import { readFileSync } from "node:fs";
import YAML from "yaml";

const spec = YAML.parse(readFileSync("openapi.yaml", "utf8"));
const problems: string[] = [];
for (const [route, ops] of Object.entries<Record<string, { operationId?: string; responses?: object }>>(spec.paths ?? {})) {
  for (const [method, op] of Object.entries(ops)) {
    if (!op.operationId) problems.push(`${method.toUpperCase()} ${route}: missing operationId`);
    if (!op.responses || Object.keys(op.responses).length === 0) problems.push(`${method.toUpperCase()} ${route}: no responses`);
  }
}
for (const p of problems) console.log(p);
console.log(problems.length ? `${problems.length} problems` : "spec ok");
process.exitCode = problems.length ? 1 : 0;
