// The outside opinion for tests/codec/canonical_node_*_test.cpp: one node process answers a
// whole file of cases, one output line per input line, so a million numbers cost one start.
//
//   node jcs_oracle.mjs numbers IN OUT
//     IN: "b" and 16 hex digits (a double's bits, big-endian) or "s" and JSON number text.
//     OUT: JSON.stringify of the number, or "!" where RFC 8785 has no text for it: NaN and
//     Infinity; integer text that neither the double it reads as nor that double's text
//     equals (BigInt), so the output would be another integer; and text with a non-zero
//     digit that reads as zero.
//   node jcs_oracle.mjs documents IN OUT PREFIX
//     IN: one JSON text per line. OUT: the npm package `canonicalize` (installed under
//     PREFIX/node_modules) of JSON.parse of each, or "!" and its error when it throws
//     (a lone surrogate).
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

const [mode, inPath, outPath, prefix] = process.argv.slice(2);
const lines = readFileSync(inPath, 'utf8').split('\n');
if (lines[lines.length - 1] === '') lines.pop();

// The integer that number text ("1152921504606847000", "1.1805916207174113e+21") denotes.
function integerOf(text) {
  const [, sign, whole, fraction = '', exponent = '0'] = /^(-?)(\d+)(?:\.(\d+))?(?:e([+-]?\d+))?$/.exec(text);
  const zeros = Number(exponent) - fraction.length;
  if (zeros < 0) return null;
  return (sign ? -1n : 1n) * BigInt(whole + fraction) * 10n ** BigInt(zeros);
}

function numberText(line) {
  let v;
  if (line[0] === 'b') {
    v = Buffer.from(line.slice(1), 'hex').readDoubleBE(0);
  } else {
    const text = line.slice(1);
    v = JSON.parse(text);
    if (Number.isFinite(v)) {
      if (/^-?[0-9]+$/.test(text) && BigInt(text) !== BigInt(v) && BigInt(text) !== integerOf(JSON.stringify(v))) {
        return '!';
      }
      if (v === 0 && /[1-9]/.test(text.split(/[eE]/)[0])) return '!';
    }
  }
  return Number.isFinite(v) ? JSON.stringify(v) : '!';
}

let answer;
if (mode === 'numbers') {
  answer = lines.map(numberText);
} else if (mode === 'documents') {
  // The package is ESM only: import its entry point by path, as named in its package.json.
  const dir = join(prefix, 'node_modules', 'canonicalize');
  const pkg = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
  const entry = pkg.exports?.['.']?.import ?? pkg.main;
  const canonicalize = (await import(pathToFileURL(join(dir, entry)).href)).default;
  process.stderr.write(`canonicalize ${pkg.version}\n`);
  answer = lines.map((line) => {
    try {
      return canonicalize(JSON.parse(line));
    } catch (e) {
      return `!${e.message}`;
    }
  });
} else {
  throw new Error(`unknown mode ${mode}`);
}
writeFileSync(outPath, answer.join('\n') + '\n');
