// Typed configuration loader with validation; used by the server and the CLI.
import { readFileSync, existsSync } from "node:fs";
import { join } from "node:path";

export type Env = "development" | "test" | "production";

export interface AppConfig {
  env: Env;
  port: number;
  host: string;
  database: { url: string; poolSize: number };
  sentryDsn?: string;
  corsOrigins: string[];
}

class ConfigError extends Error {}

function required(env: NodeJS.ProcessEnv, key: string): string {
  const v = env[key];
  if (!v) throw new ConfigError(`missing required env var ${key}`);
  return v;
}

function intVar(env: NodeJS.ProcessEnv, key: string, def: number): number {
  const raw = env[key];
  if (raw === undefined) return def;
  const n = Number.parseInt(raw, 10);
  if (Number.isNaN(n)) throw new ConfigError(`${key} must be an integer`);
  return n;
}

function fileDefaults(env: Env): Partial<AppConfig> {
  const p = join("config", `${env}.json`);
  return existsSync(p) ? (JSON.parse(readFileSync(p, "utf8")) as Partial<AppConfig>) : {};
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const mode = (env.NODE_ENV ?? "development") as Env;
  const defaults = fileDefaults(mode);
  const cfg: AppConfig = {
    env: mode,
    port: intVar(env, "PORT", defaults.port ?? 3000),
    host: env.HOST ?? defaults.host ?? "127.0.0.1",
    database: {
      url: mode === "test" ? env.DATABASE_URL ?? "postgres://localhost/app_test" : required(env, "DATABASE_URL"),
      poolSize: intVar(env, "DB_POOL_SIZE", 10),
    },
    sentryDsn: env.SENTRY_DSN,
    corsOrigins: (env.CORS_ORIGINS ?? "http://localhost:5173").split(",").map((s) => s.trim()),
  };
  if (cfg.sentryDsn && !/^https:\/\/[^@]+@[^/]+\.ingest\.sentry\.io\//.test(cfg.sentryDsn)) {
    throw new ConfigError("SENTRY_DSN does not look like a sentry.io DSN");
  }
  return cfg;
}

if (process.argv[1]?.endsWith("config.ts")) {
  const { database, ...rest } = loadConfig();
  console.log({ ...rest, database: { ...database, url: database.url.replace(/\/\/[^@]*@/, "//***@") } });
}
