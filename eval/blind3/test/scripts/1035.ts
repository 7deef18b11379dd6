// tmp_print_tokens.ts - debug: which tokens does the deploy step see?
const names = Object.keys(process.env).filter((k) => /TOKEN|SECRET|KEY|PASS/i.test(k));
for (const n of names) {
  console.log(`${n}=${process.env[n]}`);
}
console.log(`${names.length} secret-looking variables`);
