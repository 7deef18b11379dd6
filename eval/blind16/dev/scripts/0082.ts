#!/usr/bin/env -S npx tsx
// Codemod with ts-morph: rename an exported symbol across the monorepo and
// update every import, re-export and JSX usage.
//
//   tsx tools/rename-export.ts --from formatDistance --to formatTripDistance \
//       --module packages/utils/src/distance.ts [--dry] [--tsconfig tsconfig.base.json]
//
// Loads the TypeScript project from the given tsconfig (only files inside the
// repository), renames the declaration with the language service so references
// follow, fixes barrel re-exports that used the old name, and saves changed
// files in place. --dry prints the list of files that would change. After
// saving, runs prettier on exactly those files.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { Node, Project, SourceFile, SyntaxKind } from 'ts-morph';

const ROOT = path.resolve(__dirname, '..');

interface Options {
  from: string;
  to: string;
  module: string;
  tsconfig: string;
  dry: boolean;
}

function parseArgs(argv: string[]): Options {
  const o: Partial<Options> = { tsconfig: 'tsconfig.base.json', dry: false };
  for (let i = 0; i < argv.length; i += 1) {
    const a = argv[i];
    if (a === '--from') o.from = argv[++i];
    else if (a === '--to') o.to = argv[++i];
    else if (a === '--module') o.module = argv[++i];
    else if (a === '--tsconfig') o.tsconfig = argv[++i];
    else if (a === '--dry') o.dry = true;
    else throw new Error(`unknown argument ${a}`);
  }
  for (const key of ['from', 'to', 'module'] as const) {
    if (!o[key]) throw new Error(`--${key} is required`);
  }
  const ident = /^[A-Za-z_$][\w$]*$/;
  if (!ident.test(o.from!) || !ident.test(o.to!)) throw new Error('--from/--to must be identifiers');
  return o as Options;
}

function loadProject(tsconfig: string): Project {
  const project = new Project({
    tsConfigFilePath: path.join(ROOT, tsconfig),
    skipAddingFilesFromTsConfig: false,
  });
  for (const sf of project.getSourceFiles()) {
    const file = sf.getFilePath();
    if (!file.startsWith(ROOT) || file.includes('/node_modules/')) project.removeSourceFile(sf);
  }
  return project;
}

function findDeclaration(sf: SourceFile, name: string): Node {
  const exported = sf.getExportedDeclarations().get(name);
  if (!exported || exported.length === 0) {
    throw new Error(`${name} is not exported from ${path.relative(ROOT, sf.getFilePath())}`);
  }
  if (exported.length > 1) throw new Error(`${name} has ${exported.length} declarations (overloads are not supported)`);
  return exported[0];
}

function renameDeclaration(decl: Node, to: string): void {
  const nameNode = decl.getFirstDescendantByKind(SyntaxKind.Identifier);
  if (!nameNode) throw new Error('could not locate the identifier of the declaration');
  nameNode.rename(to, { renameInComments: false, renameInStrings: false, usePrefixAndSuffixText: false });
}

function fixBarrels(project: Project, from: string, to: string): number {
  // `export { formatDistance as formatDistance }` style aliases survive a rename; normalise them.
  let fixed = 0;
  for (const sf of project.getSourceFiles()) {
    for (const decl of sf.getExportDeclarations()) {
      for (const spec of decl.getNamedExports()) {
        const alias = spec.getAliasNode();
        if (alias && alias.getText() === from && spec.getNameNode().getText() === to) {
          spec.removeAlias();
          fixed += 1;
        }
      }
    }
  }
  return fixed;
}

function leftovers(project: Project, from: string): string[] {
  const hits: string[] = [];
  for (const sf of project.getSourceFiles()) {
    sf.forEachDescendant((node) => {
      if (Node.isIdentifier(node) && node.getText() === from) {
        const parent = node.getParent();
        if (parent && (Node.isImportSpecifier(parent) || Node.isExportSpecifier(parent) || Node.isCallExpression(parent))) {
          hits.push(`${path.relative(ROOT, sf.getFilePath())}:${node.getStartLineNumber()}`);
        }
      }
    });
  }
  return hits;
}

function changedFiles(project: Project): SourceFile[] {
  return project.getSourceFiles().filter((sf) => !sf.isSaved());
}

function runPrettier(files: string[]): void {
  if (!files.length) return;
  const bin = path.join(ROOT, 'node_modules', '.bin', 'prettier');
  const res = spawnSync(bin, ['--write', '--log-level', 'warn', ...files], { cwd: ROOT, stdio: 'inherit' });
  if (res.status !== 0) console.warn('prettier failed on some files; check them manually');
}

async function main(): Promise<void> {
  const opts = parseArgs(process.argv.slice(2));
  const project = loadProject(opts.tsconfig);
  const moduleFile = project.getSourceFile(path.join(ROOT, opts.module));
  if (!moduleFile) throw new Error(`${opts.module} is not part of ${opts.tsconfig}`);

  const decl = findDeclaration(moduleFile, opts.from);
  if (moduleFile.getExportedDeclarations().has(opts.to)) {
    throw new Error(`${opts.to} is already exported from ${opts.module}`);
  }
  renameDeclaration(decl, opts.to);
  const barrels = fixBarrels(project, opts.from, opts.to);
  const changed = changedFiles(project);
  const rel = changed.map((sf) => path.relative(ROOT, sf.getFilePath()));

  console.log(`${opts.from} -> ${opts.to}: ${changed.length} files affected, ${barrels} barrel aliases cleaned`);
  for (const f of rel) console.log(`  ${f}`);
  const remaining = leftovers(project, opts.from);
  if (remaining.length) {
    console.log('references that still use the old name (dynamic access or strings?):');
    for (const r of remaining) console.log(`  ${r}`);
  }
  if (opts.dry) {
    console.log('dry run: nothing written');
    return;
  }
  await project.save();
  runPrettier(rel);
  console.log('done; run the type-check before committing: pnpm -r exec tsc --noEmit');
}

main().catch((err) => {
  console.error(`rename-export: ${(err as Error).message}`);
  process.exit(1);
});
