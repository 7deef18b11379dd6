// Jest tests for the marlin CSV exporter. A scratch directory is created with
// fs.promises.mkdtemp in beforeAll and removed in afterAll; every test writes
// inside its own sub-folder of that scratch directory.
const fsp = require('node:fs/promises');
const os = require('node:os');
const path = require('node:path');

const { exportShipments } = require('../src/export/csv');

let scratch;
let counter = 0;

beforeAll(async () => {
  scratch = await fsp.mkdtemp(path.join(os.tmpdir(), 'marlin-csv-'));
});

afterAll(async () => {
  if (scratch && path.dirname(scratch) === os.tmpdir()) {
    await fsp.rm(scratch, { recursive: true, force: true });
  }
});

async function caseDir() {
  counter += 1;
  const dir = path.join(scratch, `case-${counter}`);
  await fsp.mkdir(dir);
  return dir;
}

const shipments = [
  { id: 'S-1', carrier: 'DHL', weightKg: 2.5, to: 'Oslo' },
  { id: 'S-2', carrier: 'UPS', weightKg: 12, to: 'Bergen, NO' },
  { id: 'S-3', carrier: 'DHL', weightKg: 0.4, to: 'Trondheim "Sentrum"' },
];

describe('exportShipments', () => {
  test('writes a header and one row per shipment', async () => {
    const dir = await caseDir();
    const file = await exportShipments(shipments, { dir });
    const lines = (await fsp.readFile(file, 'utf8')).trim().split('\n');
    expect(lines[0]).toBe('id,carrier,weight_kg,destination');
    expect(lines).toHaveLength(4);
  });

  test('quotes fields containing commas and quotes', async () => {
    const dir = await caseDir();
    const file = await exportShipments(shipments, { dir });
    const text = await fsp.readFile(file, 'utf8');
    expect(text).toContain('"Bergen, NO"');
    expect(text).toContain('"Trondheim ""Sentrum"""');
  });

  test('filters by carrier', async () => {
    const dir = await caseDir();
    const file = await exportShipments(shipments, { dir, carrier: 'DHL' });
    const rows = (await fsp.readFile(file, 'utf8')).trim().split('\n').slice(1);
    expect(rows.map((r) => r.split(',')[0])).toEqual(['S-1', 'S-3']);
  });

  test('refuses to write outside the target dir', async () => {
    const dir = await caseDir();
    await expect(exportShipments(shipments, { dir, filename: '../escape.csv' })).rejects.toThrow(/outside/);
    await expect(fsp.access(path.join(scratch, 'escape.csv'))).rejects.toThrow();
  });

  test('empty input still produces a header-only file', async () => {
    const dir = await caseDir();
    const file = await exportShipments([], { dir });
    expect((await fsp.readFile(file, 'utf8')).trim()).toBe('id,carrier,weight_kg,destination');
  });

  test('weights are written with one decimal', async () => {
    const dir = await caseDir();
    const file = await exportShipments(shipments, { dir });
    const weights = (await fsp.readFile(file, 'utf8')).trim().split('\n').slice(1).map((r) => r.split(',')[2]);
    expect(weights).toEqual(['2.5', '12.0', '0.4']);
  });

  test('scratch dir lives in the OS temp folder', () => {
    expect(scratch.startsWith(os.tmpdir())).toBe(true);
  });
});
