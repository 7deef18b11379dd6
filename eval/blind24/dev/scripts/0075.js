#!/usr/bin/env node
// run-generator.js -- run a scaffolding "recipe" file; recipes are plain JS
// snippets people share in the team channel.
'use strict';

const fs = require('node:fs');
const path = require('node:path');
const vm = require('node:vm');

const recipe = process.argv[2] || process.env.RECIPE_FILE;
if (!recipe) {
  console.error('usage: run-generator.js RECIPE.js');
  process.exit(2);
}

const code = fs.readFileSync(path.resolve(recipe), 'utf8');
const sandbox = { require, console, process, __dirname: process.cwd() };
vm.createContext(sandbox);
vm.runInContext(code, sandbox, { filename: recipe });
console.log(`recipe ${path.basename(recipe)} finished`);
