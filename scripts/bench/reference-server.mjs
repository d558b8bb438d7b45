// The benchmark's reference: what plain node:http does on this machine with the same answer. It
// reads the whole request body and parses it as JSON when there is one, then answers the bytes it
// was given for the row (`PUT /__bench/answer` with `{ status, headers, body }`: the server's own
// answer to the row's request, captured by scripts/bench.ts), in one write. Before any answer is
// given it answers a small JSON envelope.
import http from 'node:http';

let canned = null;

const server = http.createServer((req, res) => {
  const chunks = [];
  req.on('data', (c) => chunks.push(c));
  req.on('end', () => {
    const raw = Buffer.concat(chunks);
    if (req.method === 'PUT' && req.url === '/__bench/answer') {
      const answer = JSON.parse(raw.toString('utf8'));
      const body = Buffer.from(answer.body, 'utf8');
      canned = { status: answer.status, headers: { ...answer.headers, 'content-length': body.byteLength }, body };
      res.writeHead(204).end();
      return;
    }
    let data = null;
    let status = 200;
    if (raw.byteLength > 0) {
      try {
        data = JSON.parse(raw.toString('utf8'));
        status = 201;
      } catch {
        status = 400;
      }
    }
    if (canned) {
      res.writeHead(canned.status, canned.headers);
      res.end(canned.body);
      return;
    }
    const body = JSON.stringify({
      meta: { code: status * 100, type: status === 400 ? 'BadRequest' : 'OK', message: 'OK.' },
      data: data && { id: 'ref', source_id: data.source_id },
    });
    res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) });
    res.end(body);
  });
});
server.keepAliveTimeout = 5_000;
server.listen(Number(process.env.PORT ?? 0), process.env.HOST ?? '127.0.0.1', () => {
  const { port } = server.address();
  process.stdout.write(`Listening on http://127.0.0.1:${port}\n`);
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
