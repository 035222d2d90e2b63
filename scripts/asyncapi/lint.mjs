// Validates AsyncAPI documents with the AsyncAPI project's parser (the
// one its CLI and Studio use): the structure of AsyncAPI 3, references,
// schemas, and its ruleset. Errors and warnings fail; information and
// hints are printed. The Go tests check what the parser does not: the
// messages' examples against their schemas, and the real traffic
// (pred.dev/proto/runtime/apitest).
import { Parser } from '@asyncapi/parser';
import fs from 'node:fs';

const severities = ['error', 'warning', 'info', 'hint'];
const parser = new Parser();
let failed = 0;
for (const file of process.argv.slice(2)) {
  const { document, diagnostics } = await parser.parse(fs.readFileSync(file, 'utf8'), { source: file });
  for (const d of diagnostics) {
    console.log(`${file}: ${severities[d.severity]} ${d.code} at /${d.path.join('/')}: ${d.message}`);
    if (d.severity <= 1) failed++;
  }
  if (!document) {
    console.log(`${file}: not a valid AsyncAPI document`);
    failed++;
  } else {
    console.log(`${file}: valid AsyncAPI ${document.version()}`);
  }
}
process.exit(failed ? 1 : 0);
