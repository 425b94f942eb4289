// ajv_bench: the peer half of the schema table, with the same command line and output as
// schema_bench (see schema_bench.cpp): a compiled ajv validator, `allErrors: false`,
// `strict: false`, on the same files in the same run.
//
//   node ajv_bench.mjs AJV_DIR [--min-time S] [--repetitions N] NAME=SCHEMA.json:INSTANCE.json...
//
// AJV_DIR is the node_modules folder holding ajv (report.py installs it under build/bench/node).
//   validate        validate(obj) on an object parsed once;
//   parse_validate  JSON.parse(text) then validate (the text is a string already: a Node
//                   server's body decoded to a string is not counted, in ajv's favour).

import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

const args = process.argv.slice(2);
const require = createRequire(path.join(path.resolve(args.shift()), 'noop.js'));
const Ajv2020 = require('ajv/dist/2020').default;

let minTime = 0.5;
let repetitions = 3;
const pairs = [];
while (args.length > 0) {
  const a = args.shift();
  if (a === '--min-time') minTime = Number(args.shift());
  else if (a === '--repetitions') repetitions = Math.max(1, Number(args.shift()));
  else pairs.push(a);
}

// The median rate of `repetitions` rounds of at least minTime each, after an untimed round
// of half that time in which V8 compiles the validator to machine code (schema_bench warms
// up the same way), so that a single repetition is fair.
function perSecond(once) {
  for (const start = process.hrtime.bigint(); Number(process.hrtime.bigint() - start) / 1e9 < minTime / 2;) once();
  const rates = [];
  for (let r = 0; r < repetitions; ++r) {
    const start = process.hrtime.bigint();
    let n = 0;
    let elapsed = 0;
    do {
      once();
      ++n;
      elapsed = Number(process.hrtime.bigint() - start) / 1e9;
    } while (elapsed < minTime);
    rates.push(n / elapsed);
  }
  rates.sort((a, b) => a - b);
  return rates[Math.floor(rates.length / 2)];
}

function fail(name, why) {
  process.stderr.write(`ajv_bench: ${name}: ${why}\n`);
  process.exit(1);
}

for (const pair of pairs) {
  const eq = pair.indexOf('=');
  const colon = pair.indexOf(':', eq);
  if (eq < 0 || colon < 0) fail(pair, 'expected NAME=SCHEMA:INSTANCE');
  const name = pair.slice(0, eq);
  const schema = JSON.parse(readFileSync(pair.slice(eq + 1, colon), 'utf8'));
  const bytes = readFileSync(pair.slice(colon + 1));
  const text = bytes.toString('utf8');
  const ajv = new Ajv2020({ allErrors: false, strict: false });
  const validate = ajv.compile(schema);
  const doc = JSON.parse(text);
  if (!validate(doc)) fail(name, `the instance is invalid: ${JSON.stringify(validate.errors)}`);

  let allValid = true;
  const validateRate = perSecond(() => { allValid = validate(doc) && allValid; });
  const parseValidateRate = perSecond(() => { allValid = validate(JSON.parse(text)) && allValid; });
  if (!allValid) fail(name, 'a timed validation said invalid');
  process.stdout.write(JSON.stringify({
    name, bytes: bytes.length, validate: validateRate, parse_validate: parseValidateRate,
  }) + '\n');
}
