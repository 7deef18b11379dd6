// scripts/why-port-busy.ts — explain why the dev server cannot bind its port.
import { execFileSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import { createServer } from "node:net";

const PORT = Number(process.env.PORT ?? 3000);

function tryBind(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const srv = createServer();
    srv.once("error", () => resolve(false));
    srv.listen(port, "127.0.0.1", () => srv.close(() => resolve(true)));
  });
}

function owner(port: number): string {
  try {
    return execFileSync("lsof", ["-nP", `-iTCP:${port}`, "-sTCP:LISTEN"], { encoding: "utf8" }).trim();
  } catch {
    return "(lsof found nothing)";
  }
}

function dumpEnvironment(): Record<string, string> {
  const env: Record<string, string> = {};
  for (const key of Object.keys(process.env).sort()) env[key] = process.env[key] ?? "";
  return env;
}

async function main(): Promise<void> {
  const free = await tryBind(PORT);
  console.log(`port ${PORT}: ${free ? "free" : "in use"}`);
  if (!free) {
    console.log(owner(PORT));
  }
  for (const alt of [PORT + 1, PORT + 2, 5173, 8080]) {
    console.log(`  alt ${alt}: ${(await tryBind(alt)) ? "free" : "busy"}`);
  }
  const env = dumpEnvironment();
  console.log("\nenvironment seen by node:");
  console.table(env);
  writeFileSync("port-debug.json", JSON.stringify({ port: PORT, free, env }, null, 2));
  console.log("wrote port-debug.json");
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});

export {};

// Notes:
// - PORT can be overridden in .env.local
// - the vite dev server falls back to the next free port automatically,
//   but the API server does not; this script is meant for that case.
// - on macOS, AirPlay Receiver occupies :5000 and :7000.
