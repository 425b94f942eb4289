// The outside opinion for tests/schema/schema_ajv_test.cpp: ajv (npm, installed under
// PREFIX/node_modules) judges a whole file of cases in one node process.
//
//   node ajv_oracle.mjs IN OUT PREFIX
//     IN: one case per line, {"schema": S, "instances": [I...]}, S a 2020-12 schema or
//     (by its $schema) a draft-07 one.
//     OUT: per line, a JSON array of ajv's verdicts (true or false) for the instances, or
//     {"error": MESSAGE} when ajv does not compile S or throws while validating.
// Ajv2020 (or Ajv, draft-07) with allErrors false (the verdict alone) and strict false (keywords ajv's strict
// mode frowns on, such as `minContains` without `contains`, are the specification's).
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';

const [inPath, outPath, prefix] = process.argv.slice(2);
const require = createRequire(join(prefix, 'node_modules', 'ajv', 'package.json'));
const Ajv2020 = require('ajv/dist/2020').default;
const Ajv7 = require('ajv').default;

const lines = readFileSync(inPath, 'utf8').split('\n');
if (lines[lines.length - 1] === '') lines.pop();
const out = [];
// One instance for every case (its meta-schema compiled once): the schemas have no $id,
// so none can see another.
const ajv2020 = new Ajv2020({ allErrors: false, strict: false });
const ajv7 = new Ajv7({ allErrors: false, strict: false });
for (const line of lines) {
  const { schema, instances } = JSON.parse(line);
  const ajv = String(schema.$schema).includes('draft-07') ? ajv7 : ajv2020;
  let validate;
  try {
    validate = ajv.compile(schema);
  } catch (e) {
    out.push(JSON.stringify({ error: String(e.message) }));
    continue;
  }
  try {
    out.push(JSON.stringify(instances.map((i) => validate(i) === true)));
  } catch (e) {
    out.push(JSON.stringify({ error: String(e.message) }));
  }
}
writeFileSync(outPath, out.join('\n') + '\n');
