// A tiny local server that sandbox and page network tests aim at: every way a page or worker can reach out
// (fetch, EventSource, WebSocket, a script, a font, an image) has an answer here, open to any origin (CORS), and
// every request is counted, so a test can tell "refused by the browser" (never arrived) from "arrived".
import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Socket } from 'node:net';

export interface NetTestServer {
  /** http://127.0.0.1:<port> */
  origin: string;
  /** Paths requested so far (WebSocket upgrades as `ws:<path>`); also served as JSON at /__hits. */
  hits(): string[];
  close(): Promise<void>;
}

const CORS = { 'access-control-allow-origin': '*', 'access-control-allow-headers': '*', 'cache-control': 'no-store' };

// A 1×1 transparent GIF.
const GIF = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');

function answer(request: IncomingMessage): { type: string; body: string | Buffer; stream?: boolean } {
  const path = new URL(request.url ?? '/', 'http://x').pathname;
  if (path.endsWith('.js')) return { type: 'text/javascript', body: 'export const loaded = "remote module"; globalThis.remoteScriptRan = true;\n' };
  if (path.endsWith('.gif')) return { type: 'image/gif', body: GIF };
  if (path.endsWith('.woff2')) return { type: 'font/woff2', body: Buffer.from('not really a font') };
  if (path.startsWith('/events')) return { type: 'text/event-stream', body: 'data: hello from the test server\n\n', stream: true };
  return { type: 'text/plain', body: 'pong' };
}

/** Accepts a WebSocket upgrade (RFC 6455 handshake), sends one text frame and closes. */
function acceptWebSocket(request: IncomingMessage, socket: Socket): void {
  const key = request.headers['sec-websocket-key'];
  if (typeof key !== 'string') return void socket.destroy();
  const accept = createHash('sha1').update(`${key}258EAFA5-E914-47DA-95CA-C5AB0DC85B11`).digest('base64');
  socket.write(`HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Accept: ${accept}\r\n\r\n`);
  const text = Buffer.from('hello from the test server');
  socket.write(Buffer.concat([Buffer.from([0x81, text.length]), text]));
  socket.on('error', () => {});
  socket.on('data', () => {}); // the client's frames (a close) are not read
  setTimeout(() => socket.end(), 2000);
}

export async function startNetTestServer(port = 0): Promise<NetTestServer> {
  const hits: string[] = [];
  const sockets = new Set<Socket>();
  const server: Server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://x').pathname;
    // Browser tests cannot call hits(): they ask here (not counted).
    if (path === '/__hits') return void response.writeHead(200, { ...CORS, 'content-type': 'application/json' }).end(JSON.stringify(hits));
    hits.push(path);
    if (request.method === 'OPTIONS') return void response.writeHead(204, CORS).end();
    const { type, body, stream } = answer(request);
    response.writeHead(200, { ...CORS, 'content-type': type });
    if (!stream) return void response.end(body);
    response.write(body);
    setTimeout(() => response.end(), 1000);
  });
  server.on('connection', (socket) => { sockets.add(socket); socket.on('close', () => sockets.delete(socket)); });
  server.on('upgrade', (request, socket) => {
    hits.push(`ws:${new URL(request.url ?? '/', 'http://x').pathname}`);
    acceptWebSocket(request, socket as Socket);
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const { port: bound } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${bound}`,
    hits: () => hits.slice(),
    close: () => new Promise((resolve) => {
      for (const socket of sockets) socket.destroy();
      server.close(() => resolve());
    }),
  };
}
