// A few local files over HTTP with CORS and Range (the benchmark's pictures and music: both
// renderers load media by URL, as they load the team's media from storage). Files are sent by the
// render worker's own sendFile.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { sendFile } from '../../worker/web-server';

export async function serveFiles(files: Record<string, string>): Promise<{ url: (name: string) => string; close: () => Promise<void> }> {
  const server = http.createServer((req, res) => {
    const file = files[decodeURIComponent((req.url ?? '/').slice(1).split('?')[0])];
    if (!file) return void res.writeHead(404).end();
    sendFile(file, req, res, { 'access-control-allow-origin': '*' }).catch(() => res.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { url: (name) => `${origin}/${encodeURIComponent(name)}`, close: () => new Promise((resolve) => server.close(() => resolve())) };
}
