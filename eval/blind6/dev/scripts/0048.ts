// scripts/validate-config.ts — validate config/*.yaml against the app's settings model.
import { readdirSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { parse } from "yaml";

type Level = "debug" | "info" | "warn" | "error";

class Settings {
  readonly port: number;
  readonly logLevel: Level;
  readonly databaseUrl: string;
  readonly allowedOrigins: string[];
  readonly cacheTtlSeconds: number;

  private static readonly LEVELS: Level[] = ["debug", "info", "warn", "error"];

  constructor(raw: Record<string, unknown>) {
    this.port = Settings.int(raw.port, "port", 1, 65535);
    this.logLevel = Settings.level(raw.log_level ?? "info");
    this.databaseUrl = Settings.str(raw.database_url, "database_url");
    this.allowedOrigins = Array.isArray(raw.allowed_origins) ? raw.allowed_origins.map(String) : [];
    this.cacheTtlSeconds = Settings.int(raw.cache_ttl_seconds ?? 300, "cache_ttl_seconds", 0, 86400);
    if (this.databaseUrl.includes("@") && !this.databaseUrl.startsWith("postgres")) {
      throw new Error("database_url must be a postgres URL");
    }
  }

  private static int(v: unknown, name: string, min: number, max: number): number {
    const n = Number(v);
    if (!Number.isInteger(n) || n < min || n > max) throw new Error(`${name} must be an integer in [${min}, ${max}]`);
    return n;
  }

  private static str(v: unknown, name: string): string {
    if (typeof v !== "string" || v.length === 0) throw new Error(`${name} is required`);
    return v;
  }

  private static level(v: unknown): Level {
    if (!Settings.LEVELS.includes(v as Level)) throw new Error(`log_level must be one of ${Settings.LEVELS.join(", ")}`);
    return v as Level;
  }
}

function main(): void {
  const dir = resolve(process.argv[2] ?? "config");
  const files = readdirSync(dir).filter((f) => /\.ya?ml$/.test(f));
  let failures = 0;
  for (const f of files) {
    try {
      const s = new Settings(parse(readFileSync(join(dir, f), "utf8")) ?? {});
      console.log(`ok   ${f}  port=${s.port} log=${s.logLevel} origins=${s.allowedOrigins.length}`);
    } catch (e) {
      failures++;
      console.log(`FAIL ${f}: ${(e as Error).message}`);
    }
  }
  console.log(`${files.length - failures}/${files.length} config file(s) valid`);
  process.exitCode = failures ? 1 : 0;
}

main();
