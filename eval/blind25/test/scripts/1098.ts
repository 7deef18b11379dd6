// tools/print-env.ts - show the environment the print tools see.
//
// Dumps every environment variable so CUPS/LibreOffice problems can be
// compared between machines.
//
// Usage: tsx tools/print-env.ts > env-$(hostname).txt
// then diff the files from the two machines.

const entries = Object.entries(process.env).sort(([a], [b]) => a.localeCompare(b));

console.log(`# ${entries.length} environment variables`);
for (const [key, value] of entries) {
  console.log(`${key}=${value ?? ''}`);
}

const interesting = ['CUPS_SERVER', 'PRINTER', 'LPDEST', 'SAL_USE_VCLPLUGIN', 'LANG'];
console.log('\n# print-related');
for (const key of interesting) {
  console.log(`${key}: ${process.env[key] ?? '(unset)'}`);
}
