// A few local files over HTTP with CORS and Range (the benchmark's pictures and music: both
// renderers load media by URL, as they load the team's media from storage).
import { createReadStream, statSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';

const TYPES: Record<string, string> = { '.mp3': 'audio/mpeg', '.jpg': 'image/jpeg', '.png': 'image/png' };

export async function serveFiles(files: Record<string, string>): Promise<{ url: (name: string) => string; close: () => Promise<void> }> {
  const server = http.createServer((req, res) => {
    const file = files[decodeURIComponent((req.url ?? '/').slice(1).split('?')[0])];
    if (!file) return void res.writeHead(404).end();
    const size = statSync(file).size;
    const headers = { 'access-control-allow-origin': '*', 'accept-ranges': 'bytes', 'content-type': TYPES[path.extname(file)] ?? 'application/octet-stream' };
    const range = /^bytes=(\d+)-(\d*)$/.exec(req.headers.range ?? '');
    if (range) {
      const start = Number(range[1]);
      const end = range[2] ? Math.min(Number(range[2]), size - 1) : size - 1;
      res.writeHead(206, { ...headers, 'content-length': end - start + 1, 'content-range': `bytes ${start}-${end}/${size}` });
      createReadStream(file, { start, end }).pipe(res);
      return;
    }
    res.writeHead(200, { ...headers, 'content-length': size });
    createReadStream(file).pipe(res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { url: (name) => `${origin}/${encodeURIComponent(name)}`, close: () => new Promise((resolve) => server.close(() => resolve())) };
}
