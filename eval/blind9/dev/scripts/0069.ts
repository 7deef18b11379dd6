// Typed settings loader for the `projctl` CLI.
//
// Reads ~/.config/projctl/config.json (the tool's own config file, XDG aware),
// then ./projctl.json, then PROJCTL_* environment variables. Validates with a
// tiny schema DSL and reports precise errors. Never writes anything.
import { readFileSync, existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

type Validator<T> = { parse(value: unknown, where: string): T; optional?: boolean };
type Infer<V> = V extends Validator<infer T> ? T : never;
type Shape = Record<string, Validator<unknown>>;
type InferShape<S extends Shape> = { [K in keyof S]: Infer<S[K]> };

class ConfigError extends Error {}

const str = (def?: string): Validator<string> => ({
  parse(v, where) {
    if (v === undefined && def !== undefined) return def;
    if (typeof v !== 'string') throw new ConfigError(`${where}: expected string`);
    return v;
  },
});

const int = (def: number, min = -Infinity, max = Infinity): Validator<number> => ({
  parse(v, where) {
    if (v === undefined) return def;
    const n = typeof v === 'string' ? Number(v) : v;
    if (typeof n !== 'number' || !Number.isInteger(n)) throw new ConfigError(`${where}: expected integer`);
    if (n < min || n > max) throw new ConfigError(`${where}: must be between ${min} and ${max}`);
    return n;
  },
});

const bool = (def: boolean): Validator<boolean> => ({
  parse(v, where) {
    if (v === undefined) return def;
    if (typeof v === 'boolean') return v;
    if (v === 'true' || v === '1') return true;
    if (v === 'false' || v === '0') return false;
    throw new ConfigError(`${where}: expected boolean`);
  },
});

const oneOf = <T extends string>(values: readonly T[], def: T): Validator<T> => ({
  parse(v, where) {
    if (v === undefined) return def;
    if (!values.includes(v as T)) throw new ConfigError(`${where}: expected one of ${values.join(', ')}`);
    return v as T;
  },
});

function object<S extends Shape>(shape: S): Validator<InferShape<S>> {
  return {
    parse(v, where) {
      const src = (v ?? {}) as Record<string, unknown>;
      if (typeof src !== 'object' || Array.isArray(src)) throw new ConfigError(`${where}: expected object`);
      const out = {} as InferShape<S>;
      for (const key of Object.keys(shape) as (keyof S)[]) {
        out[key] = shape[key].parse(src[key as string], `${where}.${String(key)}`) as InferShape<S>[typeof key];
      }
      for (const extra of Object.keys(src)) {
        if (!(extra in shape)) console.warn(`warning: unknown setting ${where}.${extra}`);
      }
      return out;
    },
  };
}

const schema = object({
  apiUrl: str('http://127.0.0.1:8080'),
  timeoutMs: int(15_000, 100, 120_000),
  color: bool(true),
  output: oneOf(['table', 'json', 'yaml'] as const, 'table'),
  profile: str('default'),
});

export type Settings = Infer<typeof schema>;

export function configPath(): string {
  const base = process.env.XDG_CONFIG_HOME || path.join(os.homedir(), '.config');
  return path.join(base, 'projctl', 'config.json');
}

function readJson(file: string): Record<string, unknown> {
  if (!existsSync(file)) return {};
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch (err) {
    throw new ConfigError(`${file}: invalid JSON (${(err as Error).message})`);
  }
}

function fromEnv(prefix = 'PROJCTL_'): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(process.env)) {
    if (!k.startsWith(prefix) || v === undefined) continue;
    const key = k.slice(prefix.length).toLowerCase().replace(/_(\w)/g, (_, c: string) => c.toUpperCase());
    out[key] = v;
  }
  return out;
}

let cached: Settings | undefined;

export function loadSettings(cwd = process.cwd()): Settings {
  if (cached) return cached;
  const merged = { ...readJson(configPath()), ...readJson(path.join(cwd, 'projctl.json')), ...fromEnv() };
  cached = schema.parse(merged, 'settings');
  return cached;
}

if (process.argv[1] && import.meta.url.endsWith(path.basename(process.argv[1]))) {
  try {
    console.log(JSON.stringify(loadSettings(), null, 2));
    console.log(`(user config: ${configPath()})`);
  } catch (err) {
    console.error(err instanceof ConfigError ? err.message : err);
    process.exit(1);
  }
}
