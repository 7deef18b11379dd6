// Feature-flag configuration with schema validation (zod) for the web app.
import { z } from "zod";
import { readFileSync, existsSync } from "node:fs";

const FlagSchema = z.object({
  key: z.string().regex(/^[a-z][a-z0-9-]*$/),
  enabled: z.boolean(),
  rollout: z.number().min(0).max(100).default(100),
  audiences: z.array(z.enum(["internal", "beta", "all"])).default(["all"]),
});

const ConfigSchema = z.object({
  version: z.literal(1),
  flags: z.array(FlagSchema),
});

export type Flag = z.infer<typeof FlagSchema>;
export type FlagConfig = z.infer<typeof ConfigSchema>;

export class FlagStore {
  private readonly byKey: Map<string, Flag>;

  constructor(config: FlagConfig) {
    this.byKey = new Map(config.flags.map((f) => [f.key, f]));
  }

  static fromFile(path = "config/flags.json"): FlagStore {
    if (!existsSync(path)) return new FlagStore({ version: 1, flags: [] });
    const parsed = ConfigSchema.safeParse(JSON.parse(readFileSync(path, "utf8")));
    if (!parsed.success) {
      throw new Error(`invalid ${path}: ${parsed.error.issues.map((i) => i.message).join("; ")}`);
    }
    return new FlagStore(parsed.data);
  }

  isEnabled(key: string, userId: string, audience: "internal" | "beta" | "all" = "all"): boolean {
    const f = this.byKey.get(key);
    if (!f || !f.enabled) return false;
    if (!f.audiences.includes("all") && !f.audiences.includes(audience)) return false;
    return this.bucket(`${key}:${userId}`) < f.rollout;
  }

  private bucket(s: string): number {
    let h = 2166136261;
    for (let i = 0; i < s.length; i++) {
      h ^= s.charCodeAt(i);
      h = Math.imul(h, 16777619);
    }
    return (h >>> 0) % 100;
  }

  list(): Flag[] {
    return [...this.byKey.values()];
  }
}
