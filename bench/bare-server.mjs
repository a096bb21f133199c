// The baseline: a bare node:http server answering the same bytes as the app (bench/run.ts starts it).
// argv[2]: JSON {"routes": [{"prefix": "/api/pricing", "type": "...", "body": "<base64>"}]}; prints its port.
import http from 'node:http';
import { readFileSync } from 'node:fs';

const { routes } = JSON.parse(readFileSync(process.argv[2], 'utf8'));
const answers = routes.map((r) => ({ prefix: r.prefix, type: r.type, body: Buffer.from(r.body, 'base64') }));
const server = http.createServer((req, res) => {
  const answer = answers.find((a) => req.url.startsWith(a.prefix));
  if (!answer) {
    res.writeHead(404).end();
    return;
  }
  res.writeHead(200, { 'content-type': answer.type, 'content-length': answer.body.length });
  res.end(answer.body);
});
server.keepAliveTimeout = 72_000;
server.listen(0, '127.0.0.1', () => process.stdout.write(`${server.address().port}\n`));
