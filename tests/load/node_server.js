// The peer a user might run instead of ujsond: Node's http server doing the same work with
// JSON.parse / JSON.stringify. POST /validate, /decode, /encode; prints its port.
// A body with Content-Encoding: gzip is gunzipped first (zlib.gunzipSync), as ujsond does.
//   node tests/load/node_server.js [PORT]      (0 or none: any free port)
'use strict';
const http = require('http');
const zlib = require('zlib');

const server = http.createServer((req, res) => {
  const chunks = [];
  req.on('data', (c) => chunks.push(c));
  req.on('end', () => {
    let status = 200;
    let out;
    try {
      const raw = Buffer.concat(chunks);
      const body = (req.headers['content-encoding'] === 'gzip' ? zlib.gunzipSync(raw) : raw).toString('utf8');
      const doc = JSON.parse(body);
      if (req.url.startsWith('/validate')) out = '{"valid":true}';
      else if (req.url.startsWith('/decode') || req.url.startsWith('/encode')) out = JSON.stringify(doc);
      else {
        status = 404;
        out = '{"error":{"code":"not_found"}}';
      }
    } catch (e) {
      status = 422;
      out = JSON.stringify({ error: { code: 'invalid_json', message: e.message } });
    }
    res.writeHead(status, { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(out) });
    res.end(out);
  });
});
server.keepAliveTimeout = 60000;
server.listen(Number(process.argv[2] || 0), '127.0.0.1', () => {
  console.log(JSON.stringify({ msg: 'listening', port: server.address().port }));
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
