#!/usr/bin/env -S npx tsx
/**
 * Codemod: replace TypeScript `enum` declarations with `as const` objects and
 * matching union types, using the TypeScript compiler API.
 *
 *   tsx tools/codemods/enum-to-const.ts [--check] [--project packages/api-client/tsconfig.json]
 *
 *   export enum Status { Active = 'active', Archived = 'archived' }
 * becomes
 *   export const Status = { Active: 'active', Archived: 'archived' } as const;
 *   export type Status = (typeof Status)[keyof typeof Status];
 *
 * Only string enums and numeric enums with explicit initialisers are converted;
 * `const enum` and enums with computed members are reported and left alone.
 * Files come from the given tsconfig's program, restricted to files inside the
 * repository (no node_modules, no .d.ts). Edits are applied as text replacements
 * from the AST positions, so the rest of each file is untouched.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

const WS = path.resolve(__dirname, '..', '..');

interface Options {
  check: boolean;
  project: string;
}

interface Replacement {
  start: number;
  end: number;
  text: string;
}

interface FileResult {
  file: string;
  converted: string[];
  skipped: string[];
  replacements: Replacement[];
}

function parseOptions(argv: string[]): Options {
  const o: Options = { check: false, project: 'tsconfig.base.json' };
  for (let i = 0; i < argv.length; i += 1) {
    if (argv[i] === '--check') o.check = true;
    else if (argv[i] === '--project') o.project = argv[++i];
    else throw new Error(`unrecognised option ${argv[i]}`);
  }
  return o;
}

function loadProgram(project: string): ts.Program {
  const configPath = path.resolve(WS, project);
  const read = ts.readConfigFile(configPath, ts.sys.readFile);
  if (read.error) throw new Error(ts.flattenDiagnosticMessageText(read.error.messageText, '\n'));
  const parsed = ts.parseJsonConfigFileContent(read.config, ts.sys, path.dirname(configPath));
  return ts.createProgram(parsed.fileNames, parsed.options);
}

function inRepo(file: string): boolean {
  return file.startsWith(WS + path.sep) && !file.includes(`${path.sep}node_modules${path.sep}`) && !file.endsWith('.d.ts');
}

function memberInitializer(member: ts.EnumMember, sf: ts.SourceFile): string | null {
  const init = member.initializer;
  if (!init) return null;
  if (ts.isStringLiteral(init) || ts.isNumericLiteral(init)) return init.getText(sf);
  if (ts.isPrefixUnaryExpression(init) && ts.isNumericLiteral(init.operand)) return init.getText(sf);
  return null;
}

function memberName(member: ts.EnumMember, sf: ts.SourceFile): string {
  const name = member.name;
  if (ts.isIdentifier(name)) return name.text;
  return name.getText(sf);
}

function convertEnum(node: ts.EnumDeclaration, sf: ts.SourceFile): string | null {
  const mods = ts.getModifiers(node) ?? [];
  if (mods.some((m) => m.kind === ts.SyntaxKind.ConstKeyword || m.kind === ts.SyntaxKind.DeclareKeyword)) return null;
  const entries: string[] = [];
  for (const member of node.members) {
    const init = memberInitializer(member, sf);
    if (init === null) return null;
    entries.push(`  ${memberName(member, sf)}: ${init},`);
  }
  const exported = mods.some((m) => m.kind === ts.SyntaxKind.ExportKeyword) ? 'export ' : '';
  const name = node.name.text;
  const leadingComments = sf.text.slice(node.getFullStart(), node.getStart(sf));
  return [
    `${leadingComments.trimStart() ? leadingComments : ''}${exported}const ${name} = {`,
    ...entries,
    '} as const;',
    `${exported}type ${name} = (typeof ${name})[keyof typeof ${name}];`,
  ].join('\n');
}

function processFile(sf: ts.SourceFile): FileResult {
  const result: FileResult = { file: sf.fileName, converted: [], skipped: [], replacements: [] };
  const visit = (node: ts.Node): void => {
    if (ts.isEnumDeclaration(node)) {
      const text = convertEnum(node, sf);
      if (text === null) {
        result.skipped.push(node.name.text);
      } else {
        result.converted.push(node.name.text);
        result.replacements.push({ start: node.getFullStart(), end: node.getEnd(), text: `\n${text}` });
      }
      return;
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return result;
}

function applyReplacements(source: string, reps: Replacement[]): string {
  let out = source;
  for (const r of [...reps].sort((a, b) => b.start - a.start)) {
    out = out.slice(0, r.start) + r.text + out.slice(r.end);
  }
  return out;
}

function enumUsagesAsTypes(program: ts.Program, names: Set<string>): string[] {
  // `Status.Active` as a *type* (e.g. in a type annotation) no longer works after conversion; list them.
  const hits: string[] = [];
  for (const sf of program.getSourceFiles()) {
    if (!inRepo(sf.fileName)) continue;
    const visit = (node: ts.Node): void => {
      if (ts.isTypeReferenceNode(node) && ts.isQualifiedName(node.typeName) && ts.isIdentifier(node.typeName.left)) {
        if (names.has(node.typeName.left.text)) {
          const { line } = sf.getLineAndCharacterOfPosition(node.getStart(sf));
          hits.push(`${path.relative(WS, sf.fileName)}:${line + 1} ${node.getText(sf)}`);
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(sf);
  }
  return hits;
}

function main(): void {
  const o = parseOptions(process.argv.slice(2));
  const program = loadProgram(o.project);
  const results = program
    .getSourceFiles()
    .filter((sf) => inRepo(sf.fileName))
    .map(processFile)
    .filter((r) => r.converted.length || r.skipped.length);

  const converted = new Set(results.flatMap((r) => r.converted));
  for (const r of results) {
    const rel = path.relative(WS, r.file);
    if (r.converted.length) console.log(`${rel}: ${r.converted.join(', ')}`);
    if (r.skipped.length) console.log(`${rel}: skipped ${r.skipped.join(', ')} (const/computed)`);
    if (!o.check && r.replacements.length) {
      const source = readFileSync(r.file, 'utf8');
      writeFileSync(r.file, applyReplacements(source, r.replacements));
    }
  }
  const typeUses = enumUsagesAsTypes(program, converted);
  if (typeUses.length) {
    console.log('member-as-type usages to update by hand (use typeof Enum.Member):');
    for (const u of typeUses) console.log(`  ${u}`);
  }
  console.log(`${converted.size} enums ${o.check ? 'would be converted' : 'converted'}`);
  if (o.check && converted.size) process.exitCode = 1;
}

main();
