const fs = require('fs');
const path = require('path');

const CONFIG = JSON.parse('{"report": "build/summary.txt", "width": 80}');

const file = path.join(process.cwd(), CONFIG.report);
const text = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '';
console.log(text.slice(0, CONFIG.width));
