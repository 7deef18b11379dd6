// Settings for the `apptool` CLI: ~/.config/apptool/settings.toml (or
// $XDG_CONFIG_HOME/apptool/settings.toml on Linux, ~/Library/Application Support
// /apptool on macOS), overridden by APPTOOL_* variables. Read-only apart from
// `writeDefaults()`, which creates the tool's own settings file on first run.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { homedir, platform } from 'node:os';
import { join } from 'node:path';
import { parse as parseToml } from 'smol-toml';

export interface Profile {
  endpoint: string;
  region: string;
  output: 'text' | 'json';
}

export interface Settings {
  defaultProfile: string;
  profiles: Record<string, Profile>;
  telemetry: boolean;
}

const DEFAULT_PROFILE: Profile = { endpoint: 'http://127.0.0.1:8080', region: 'local', output: 'text' };

const DEFAULTS: Settings = {
  defaultProfile: 'local',
  profiles: { local: DEFAULT_PROFILE },
  telemetry: false,
};

export function settingsDir(): string {
  if (platform() === 'darwin') return join(homedir(), 'Library', 'Application Support', 'apptool');
  const xdg = process.env.XDG_CONFIG_HOME;
  return join(xdg && xdg.length > 0 ? xdg : join(homedir(), '.config'), 'apptool');
}

export const settingsFile = (): string => join(settingsDir(), 'settings.toml');

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function coerceProfile(name: string, raw: unknown): Profile {
  if (!isRecord(raw)) throw new Error(`profile ${name} must be a table`);
  const output = raw.output ?? DEFAULT_PROFILE.output;
  if (output !== 'text' && output !== 'json') throw new Error(`profile ${name}: output must be text or json`);
  return {
    endpoint: String(raw.endpoint ?? DEFAULT_PROFILE.endpoint),
    region: String(raw.region ?? DEFAULT_PROFILE.region),
    output,
  };
}

function fromFile(): Partial<Settings> {
  const file = settingsFile();
  if (!existsSync(file)) return {};
  const doc = parseToml(readFileSync(file, 'utf8')) as Record<string, unknown>;
  const profiles: Record<string, Profile> = {};
  if (isRecord(doc.profiles)) {
    for (const [name, raw] of Object.entries(doc.profiles)) profiles[name] = coerceProfile(name, raw);
  }
  return {
    defaultProfile: typeof doc.default_profile === 'string' ? doc.default_profile : undefined,
    profiles: Object.keys(profiles).length ? profiles : undefined,
    telemetry: typeof doc.telemetry === 'boolean' ? doc.telemetry : undefined,
  };
}

function fromEnv(): Partial<Settings> {
  const out: Partial<Settings> = {};
  if (process.env.APPTOOL_PROFILE) out.defaultProfile = process.env.APPTOOL_PROFILE;
  if (process.env.APPTOOL_TELEMETRY) out.telemetry = process.env.APPTOOL_TELEMETRY === '1';
  return out;
}

const defined = <T extends object>(o: T): Partial<T> =>
  Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>;

export function loadSettings(): Settings & { active: Profile } {
  const merged: Settings = { ...DEFAULTS, ...defined(fromFile()), ...defined(fromEnv()) };
  merged.profiles = { ...DEFAULTS.profiles, ...merged.profiles };
  const active = merged.profiles[merged.defaultProfile];
  if (!active) {
    throw new Error(`default profile "${merged.defaultProfile}" not found in ${settingsFile()}`);
  }
  return { ...merged, active };
}

export function writeDefaults(): string {
  const file = settingsFile();
  if (existsSync(file)) return file;
  mkdirSync(settingsDir(), { recursive: true });
  writeFileSync(
    file,
    [
      'default_profile = "local"',
      'telemetry = false',
      '',
      '[profiles.local]',
      'endpoint = "http://127.0.0.1:8080"',
      'region = "local"',
      'output = "text"',
      '',
    ].join('\n'),
  );
  return file;
}
