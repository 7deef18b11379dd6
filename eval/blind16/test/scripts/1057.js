#!/usr/bin/env node
/**
 * Codemod: replace deep lodash imports with per-method imports.
 *
 *   node tools/codemods/lodash-imports.js [--check] [--scope apps/admin/src]
 *
 *   import _ from 'lodash';           _.debounce(fn)  ->  import debounce from 'lodash/debounce';  debounce(fn)
 *   import { get, set } from 'lodash' ->  import get from 'lodash/get'; import set from 'lodash/set';
 *
 * Uses @babel/parser + recast (devDependencies) so untouched code keeps its
 * formatting. Only git-tracked .js/.jsx/.ts/.tsx files in the scope are
 * processed. Files where `_` escapes (passed around, used dynamically as
 * _[name]) are skipped and listed for manual review. --check writes nothing
 * and exits 1 if any file would change.
 */
'use strict';

const { execFileSync } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');
const recast = require('recast');
const babelParser = require('@babel/parser');

const WS = path.resolve(__dirname, '..', '..');
const b = recast.types.builders;
const EXT = /\.(jsx?|tsx?)$/;

function parse(source) {
  return recast.parse(source, {
    parser: {
      parse: (code) =>
        babelParser.parse(code, {
          sourceType: 'module',
          plugins: ['jsx', 'typescript', 'classProperties', 'decorators-legacy'],
          tokens: true,
        }),
    },
  });
}

function flags(argv) {
  const f = { check: false, scope: ['apps', 'packages'] };
  for (let i = 0; i < argv.length; i += 1) {
    if (argv[i] === '--check') f.check = true;
    else if (argv[i] === '--scope') f.scope = [argv[++i]];
    else throw new Error(`unknown flag ${argv[i]}`);
  }
  return f;
}

function trackedFiles(scope) {
  const out = execFileSync('git', ['ls-files', '-z', '--', ...scope], { cwd: WS, encoding: 'utf8' });
  return out.split('\0').filter((f) => EXT.test(f) && !f.includes('node_modules/'));
}

function transform(source) {
  if (!/from ['"]lodash['"]/.test(source)) return { changed: false };
  const ast = parse(source);
  const used = new Set();
  let defaultName = null;
  let escapes = false;

  recast.visit(ast, {
    visitImportDeclaration(p) {
      if (p.node.source.value !== 'lodash') return false;
      for (const spec of p.node.specifiers) {
        if (spec.type === 'ImportDefaultSpecifier' || spec.type === 'ImportNamespaceSpecifier') defaultName = spec.local.name;
        if (spec.type === 'ImportSpecifier') used.add(spec.imported.name);
      }
      return false;
    },
  });

  if (defaultName) {
    recast.visit(ast, {
      visitIdentifier(p) {
        if (p.node.name !== defaultName) return this.traverse(p);
        const parent = p.parent.node;
        if (parent.type === 'ImportDefaultSpecifier' || parent.type === 'ImportNamespaceSpecifier') return false;
        if (parent.type === 'MemberExpression' && parent.object === p.node && !parent.computed) {
          used.add(parent.property.name);
          p.parent.replace(b.identifier(parent.property.name));
          return false;
        }
        escapes = true;
        return false;
      },
    });
  }
  if (escapes) return { changed: false, skipped: true };

  recast.visit(ast, {
    visitImportDeclaration(p) {
      if (p.node.source.value !== 'lodash') return false;
      const replacements = [...used].sort().map((name) =>
        b.importDeclaration([b.importDefaultSpecifier(b.identifier(name))], b.literal(`lodash/${name}`)),
      );
      p.replace(...replacements);
      return false;
    },
  });
  const output = recast.print(ast).code;
  return { changed: output !== source, output, methods: [...used] };
}

function ensureDependency() {
  // per-method imports need lodash itself (not lodash-es) in the app's dependencies
  const pkg = JSON.parse(fs.readFileSync(path.join(WS, 'package.json'), 'utf8'));
  const deps = { ...pkg.dependencies, ...pkg.devDependencies };
  if (!deps.lodash) {
    console.warn('warning: lodash is not a root dependency; add it before committing the rewrite');
  }
}

function main() {
  const f = flags(process.argv.slice(2));
  ensureDependency();
  const files = trackedFiles(f.scope);
  const changed = [];
  const skipped = [];
  const methods = new Map();
  for (const rel of files) {
    const abs = path.join(WS, rel);
    const source = fs.readFileSync(abs, 'utf8');
    let result;
    try {
      result = transform(source);
    } catch (err) {
      skipped.push(`${rel} (parse error: ${err.message.split('\n')[0]})`);
      continue;
    }
    if (result.skipped) skipped.push(`${rel} (lodash object escapes)`);
    if (!result.changed) continue;
    changed.push(rel);
    for (const m of result.methods) methods.set(m, (methods.get(m) || 0) + 1);
    if (!f.check) fs.writeFileSync(abs, result.output);
  }

  console.log(`${changed.length} files ${f.check ? 'would change' : 'rewritten'}`);
  const top = [...methods.entries()].sort((a, b2) => b2[1] - a[1]).slice(0, 10);
  if (top.length) console.log(`most used: ${top.map(([m, n]) => `${m}(${n})`).join(', ')}`);
  if (skipped.length) {
    console.log('skipped (review manually):');
    for (const s of skipped) console.log(`  ${s}`);
  }
  if (!f.check && changed.length) {
    execFileSync(path.join(WS, 'node_modules', '.bin', 'prettier'), ['--write', ...changed], { cwd: WS, stdio: 'inherit' });
  }
  if (f.check && changed.length) process.exitCode = 1;
}

try {
  main();
} catch (err) {
  console.error(err.message);
  process.exit(1);
}
