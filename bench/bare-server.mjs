// The baseline: a bare node:http server answering the app's answers (bench/run.ts starts it).
// argv[2]: JSON {"routes": [{"prefix": "/api/pricing", "status": 200, "headers": ["name", "value", …], "body": "<base64>"}]};
// prints its port. With `headers` (the app's own header lines, captured at the bench's start, less the ones Node adds
// itself: Date, Connection, Keep-Alive) it answers the same bytes as the app; with `type` instead it answers the same
// body with only a content type and length (the figure published before 2026-11-28's second session).
import http from 'node:http';
import { readFileSync } from 'node:fs';

const { routes } = JSON.parse(readFileSync(process.argv[2], 'utf8'));
const answers = routes.map((r) => {
  const body = Buffer.from(r.body, 'base64');
  const headers = r.headers ?? ['content-type', r.type, 'content-length', String(body.length)];
  return { prefix: r.prefix, status: r.status ?? 200, headers, body };
});
const server = http.createServer((req, res) => {
  const answer = answers.find((a) => req.url.startsWith(a.prefix));
  if (!answer) {
    res.writeHead(404).end();
    return;
  }
  res.writeHead(answer.status, answer.headers);
  res.end(answer.body);
});
server.keepAliveTimeout = 72_000;
server.listen(0, '127.0.0.1', () => process.stdout.write(`${server.address().port}\n`));
