// The peer a user might run instead of ujsond: Node's http server doing the same work with
// JSON.parse / JSON.stringify. POST /validate, /decode, /encode; prints its port.
// A body with Content-Encoding: gzip is gunzipped first (zlib.gunzipSync), as ujsond does.
// application/msgpack bodies are read with the npm package @msgpack/msgpack (its directory
// in UJSON_LOAD_NODE_MODULES; run_load.py installs it) and answered as JSON.
// application/x-ndjson bodies are answered line by line; with ndjson_errors=skip in the
// query a line JSON.parse refuses is left out and counted in X-Ujson-Skipped-Lines, as
// ujsond does; otherwise it fails the request.
//   node tests/load/node_server.js [PORT]      (0 or none: any free port)
'use strict';
const http = require('http');
const path = require('path');
const zlib = require('zlib');

let msgpack = null;  // loaded on the first MessagePack body
function msgpackDecode(bytes) {
  if (!msgpack) msgpack = require(path.join(process.env.UJSON_LOAD_NODE_MODULES || 'node_modules', '@msgpack/msgpack'));
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
        const doc = type === 'application/msgpack' ? msgpackDecode(body) : JSON.parse(body.toString('utf8'));
        out = transform ? JSON.stringify(doc) : '{"valid":true}';
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
