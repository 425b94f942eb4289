// The peer a user might run instead of ujsond: Node's http server doing the same work with
// JSON.parse / JSON.stringify. POST /validate, /decode, /encode; prints its port.
// A body with Content-Encoding: gzip is gunzipped first (zlib.gunzipSync), as ujsond does.
// application/msgpack bodies are read with the npm package @msgpack/msgpack (its directory
// in UJSON_LOAD_NODE_MODULES; run_load.py installs it) and answered as JSON.
// application/x-ndjson bodies are answered line by line; with ndjson_errors=skip in the
// query a line JSON.parse refuses is left out and counted in X-Ujson-Skipped-Lines, as
// ujsond does; otherwise it fails the request.
// With SCHEMA_DIR, POST /validate?schema=NAME checks the body against DIR/NAME.json with
// ajv (the npm package, from UJSON_LOAD_NODE_MODULES as well; every schema compiled once
// at start, `allErrors: false`, `strict: false`): 200 {"valid":true}, or 422 with ajv's
// errors in ujsond's shape, 404 unknown_schema for a NAME not loaded.
//   node tests/load/node_server.js [PORT [SCHEMA_DIR]]      (PORT 0 or none: any free port)
'use strict';
const fs = require('fs');
const http = require('http');
const path = require('path');
const zlib = require('zlib');

function nodeModule(name) {
  return require(path.join(process.env.UJSON_LOAD_NODE_MODULES || 'node_modules', name));
}

let msgpack = null;  // loaded on the first MessagePack body
function msgpackDecode(bytes) {
  if (!msgpack) msgpack = nodeModule('@msgpack/msgpack');
  return msgpack.decode(bytes);
}

// Each non-blank line parsed and written again; bad lines skipped (and counted) or thrown.
function ndjson(text, skip, headers) {
  let out = '';
  let skipped = 0;
  for (const line of text.split('\n')) {
    if (line.trim() === '') continue;
    let doc;
    try {
      doc = JSON.parse(line);
    } catch (e) {
      if (!skip) throw e;
      ++skipped;
      continue;
    }
    out += JSON.stringify(doc) + '\n';
  }
  if (skip) headers['X-Ujson-Skipped-Lines'] = String(skipped);
  return out;
}

// NAME -> compiled validator, for each DIR/NAME.json; one ajv per dialect ($schema draft-07
// or 2020-12, the default, as ujsond reads them), every schema of the dialect added to it so
// that $refs reach each other by $id.
function compileSchemas(dir) {
  const validators = new Map();
  if (!dir) return validators;
  const ajvs = {};
  const ajvFor = (schema) => {
    const draft7 = /draft-07/.test(schema.$schema || '');
    const key = draft7 ? 'draft7' : '2020';
    if (!ajvs[key]) {
      const Ajv = draft7 ? nodeModule('ajv').default : nodeModule('ajv/dist/2020').default;
      ajvs[key] = new Ajv({ allErrors: false, strict: false });
    }
    return ajvs[key];
  };
  const loaded = fs.readdirSync(dir).filter((f) => f.endsWith('.json')).map((file) => {
    const schema = JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8'));
    const ajv = ajvFor(schema);
    if (schema.$id) ajv.addSchema(schema);
    return [file.slice(0, -'.json'.length), ajv, schema];
  });
  for (const [name, ajv, schema] of loaded) {
    validators.set(name, schema.$id ? ajv.getSchema(schema.$id) : ajv.compile(schema));
  }
  return validators;
}
const validators = compileSchemas(process.argv[3]);

// ajv's errors as ujsond's (2020-12 "basic" output units).
function schemaErrors(errors) {
  return (errors || []).map((e) => ({
    instanceLocation: e.instancePath,
    keywordLocation: e.schemaPath.replace(/^#/, ''),
    keyword: e.keyword,
    message: e.message,
  }));
}

const server = http.createServer((req, res) => {
  const chunks = [];
  req.on('data', (c) => chunks.push(c));
  req.on('end', () => {
    let status = 200;
    let out;
    const headers = { 'Content-Type': 'application/json' };
    try {
      const raw = Buffer.concat(chunks);
      const body = req.headers['content-encoding'] === 'gzip' ? zlib.gunzipSync(raw) : raw;
      const type = (req.headers['content-type'] || '').split(';')[0].trim();
      const transform = req.url.startsWith('/decode') || req.url.startsWith('/encode');
      if (!transform && !req.url.startsWith('/validate')) {
        status = 404;
        out = '{"error":{"code":"not_found"}}';
      } else if (type === 'application/x-ndjson' && transform) {
        out = ndjson(body.toString('utf8'), /[?&]ndjson_errors=skip(&|$)/.test(req.url), headers);
        headers['Content-Type'] = 'application/x-ndjson';
      } else {
        const query = req.url.indexOf('?');  // no query, no parsing: the other rows pay nothing
        const schemaName = transform || query < 0 ? null : new URLSearchParams(req.url.slice(query + 1)).get('schema');
        const validate = schemaName === null ? null : validators.get(schemaName);
        if (schemaName !== null && !validate) {
          status = 404;
          out = JSON.stringify({ error: { code: 'unknown_schema', message: schemaName } });
        } else {
          const doc = type === 'application/msgpack' ? msgpackDecode(body) : JSON.parse(body.toString('utf8'));
          if (validate && !validate(doc)) {
            status = 422;
            out = JSON.stringify({ valid: false, errors: schemaErrors(validate.errors) });
          } else {
            out = transform ? JSON.stringify(doc) : '{"valid":true}';
          }
        }
      }
    } catch (e) {
      status = 422;
      out = JSON.stringify({ error: { code: 'invalid_json', message: e.message } });
    }
    headers['Content-Length'] = Buffer.byteLength(out);
    res.writeHead(status, headers);
    res.end(out);
  });
});
server.keepAliveTimeout = 60000;
server.listen(Number(process.argv[2] || 0), '127.0.0.1', () => {
  console.log(JSON.stringify({ msg: 'listening', port: server.address().port }));
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
