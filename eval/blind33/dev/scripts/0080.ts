#!/usr/bin/env -S npx tsx
// Check that the Graylog API credentials in .env work and print what is used.
import { readFileSync } from "node:fs";

const env: Record<string, string> = {};
for (const line of readFileSync(".env", "utf8").split("\n")) {
  const [k, ...v] = line.split("=");
  if (k && v.length) env[k.trim()] = v.join("=").trim();
}

const url = env.GRAYLOG_URL ?? "http://graylog.internal:9000";
const token = env.GRAYLOG_API_TOKEN ?? "";

console.log(`Graylog URL:   ${url}`);
console.log(`API token:     ${token}`);
console.log(`Admin pass:    ${env.GRAYLOG_ROOT_PASSWORD ?? "(unset)"}`);

async function main(): Promise<void> {
  const res = await fetch(`${url}/api/system`, {
    headers: {
      authorization: `Basic ${Buffer.from(`${token}:token`).toString("base64")}`,
      accept: "application/json",
      "x-requested-by": "cli",
    },
  });
  console.log(`GET /api/system -> ${res.status}`);
  if (res.ok) console.log(await res.json());
}

main().catch((err: Error) => {
  console.error(err.message);
  process.exitCode = 1;
});
