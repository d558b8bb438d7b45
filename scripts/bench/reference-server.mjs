// The benchmark's reference: what plain node:http does on this machine. It reads the whole
// request body, parses it as JSON when there is one, and answers a small JSON envelope.
import http from 'node:http';

const server = http.createServer((req, res) => {
  const chunks = [];
  req.on('data', (c) => chunks.push(c));
  req.on('end', () => {
    let data = null;
    let status = 200;
    if (chunks.length > 0) {
      try {
        data = JSON.parse(Buffer.concat(chunks).toString('utf8'));
        status = 201;
      } catch {
        status = 400;
      }
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
