// A local stand-in for the model providers (Node, 127.0.0.1, a free port): each API's streaming wire format from
// canned replies, errors with each API's body, cut and malformed streams, CORS answered (or refused) as a browser
// needs. pi-ai's stream functions reach it through `model.baseUrl` = `${url}/<api>` (see baseUrlFor).
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { anthropicErrorBody, anthropicFrames } from './wire-anthropic.ts';
import { googleErrorBody, googleFrames } from './wire-google.ts';
import { chatFrames, openAiErrorBody, responsesFrames } from './wire-openai.ts';
import { BUILT_IN_SCRIPTS, WIRE_APIS, turnOf, type CannedReply, type Script, type StandInRequest, type WireApi } from './replies.ts';

export interface ProviderStandIn {
  /** http://127.0.0.1:<port> */
  url: string;
  /** The base URL a model of `api` is given. */
  baseUrlFor(api: WireApi): string;
  /** Sets the replies for requests naming `model`. */
  setScript(model: string, script: Script): void;
  /** Every request answered so far (model, turn, key), oldest first. */
  readonly requests: readonly StandInRequest[];
  /** Milliseconds between two frames (default 4). */
  frameDelayMs: number;
  close(): Promise<void>;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function apiOf(path: string): WireApi | null {
  const first = path.split('/')[1] ?? '';
  return (WIRE_APIS as readonly string[]).includes(first) ? (first as WireApi) : null;
}

function keyOf(req: IncomingMessage): string {
  const auth = req.headers.authorization;
  if (typeof auth === 'string' && auth.startsWith('Bearer ')) return auth.slice(7);
  const header = req.headers['x-api-key'] ?? req.headers['x-goog-api-key'];
  if (typeof header === 'string') return header;
  return new URL(req.url ?? '/', 'http://x').searchParams.get('key') ?? '';
}

function modelOf(api: WireApi, path: string, body: any): string {
  if (api === 'google-generative-ai') return /models\/([^/:]+):/.exec(path)?.[1] ?? '';
  return typeof body?.model === 'string' ? body.model : '';
}

function cors(res: ServerResponse, req: IncomingMessage): void {
  res.setHeader('access-control-allow-origin', '*');
  res.setHeader('access-control-allow-methods', 'POST, OPTIONS');
  res.setHeader('access-control-allow-headers', req.headers['access-control-request-headers'] ?? '*');
  res.setHeader('access-control-expose-headers', '*');
}

function errorBody(api: WireApi, status: number, message: string): unknown {
  if (api === 'anthropic-messages') return anthropicErrorBody(status, message);
  if (api === 'google-generative-ai') return googleErrorBody(status, message);
  return openAiErrorBody(status, message);
}

function framesOf(reply: CannedReply, request: StandInRequest, n: number): string[] {
  switch (request.api) {
    case 'openai-completions':
    case 'mistral-conversations':
      return chatFrames(reply, request, n);
    case 'openai-responses':
      return responsesFrames(reply, request, n);
    case 'anthropic-messages':
      return anthropicFrames(reply, request, n);
    case 'google-generative-ai':
      return googleFrames(reply, request);
  }
}

async function readBody(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  try { return JSON.parse(Buffer.concat(chunks).toString('utf8') || 'null'); } catch { return null; }
}

/** Starts the stand-in on 127.0.0.1 (port 0: a free one). */
export async function startProviderStandIn(port = 0): Promise<ProviderStandIn> {
  const scripts = new Map<string, Script>(Object.entries(BUILT_IN_SCRIPTS));
  const requests: StandInRequest[] = [];
  const standIn = { frameDelayMs: 4 } as ProviderStandIn;

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    const api = apiOf(path);
    if (req.method === 'OPTIONS') {
      // The preflight names no model; a refused request is refused at its POST (no CORS headers there).
      cors(res, req);
      res.writeHead(204).end();
      return;
    }
    const body = await readBody(req);
    if (!api || req.method !== 'POST') {
      cors(res, req);
      res.writeHead(404, { 'content-type': 'application/json' }).end(JSON.stringify({ error: { message: `No route ${req.method} ${path}` } }));
      return;
    }
    const model = modelOf(api, path, body);
    const request: StandInRequest = { api, model, turn: turnOf(api, body), apiKey: keyOf(req), body, headers: req.headers };
    requests.push(request);
    const script = scripts.get(model) ?? scripts.get('standin-text')!;
    const reply = script[Math.min(request.turn, script.length - 1)];
    if (!reply.noCors) cors(res, req);
    if (reply.holdMs) {
      // The hold's timer must not keep the test process up once the client has gone (Stop) and the server closed.
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, reply.holdMs);
        res.once('close', () => { clearTimeout(timer); resolve(); });
      });
      if (res.destroyed || res.writableEnded) return;
    }
    if (reply.error) {
      const message = reply.error.message.replace('{key}', request.apiKey);
      res.writeHead(reply.error.status, { 'content-type': 'application/json', 'x-should-retry': 'false' });
      res.end(JSON.stringify(errorBody(api, reply.error.status, message)));
      return;
    }
    // Ids and signatures are numbered by turn, so two runs of one script get the same stream.
    const frames = framesOf(reply, request, request.turn + 1);
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', connection: 'keep-alive' });
    for (let i = 0; i < frames.length; i++) {
      if (res.destroyed) return;
      if (reply.cutAfterFrames !== undefined && i >= reply.cutAfterFrames) {
        // Give the client time to read the frames sent so far: a cut that races them would read as a reply that
        // never began (a network failure) or one that broke off, depending on the machine's load.
        await sleep(200);
        res.socket?.destroy();
        return;
      }
      if (reply.malformed && i === 2) {
        res.write('data: {"choices": [ this is not json\n\n');
        res.write('event: content_block_delta\ndata: {not json either\n\n');
      }
      res.write(frames[i]);
      await sleep(standIn.frameDelayMs);
    }
    res.end();
  };

  const server: Server = createServer((req, res) => {
    handle(req, res).catch((error) => {
      if (!res.headersSent) res.writeHead(500).end(String(error));
      else res.destroy();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  const { port: actual } = server.address() as AddressInfo;
  const url = `http://127.0.0.1:${actual}`;
  return Object.assign(standIn, {
    url,
    requests,
    baseUrlFor: (api: WireApi) => {
      // Each SDK appends its own path: OpenAI's to …/v1, Anthropic's /v1/messages, Mistral's v1/chat/completions,
      // Google's /models/… to a base that holds the version.
      if (api === 'openai-completions' || api === 'openai-responses') return `${url}/${api}/v1`;
      if (api === 'google-generative-ai') return `${url}/${api}/v1beta`;
      return `${url}/${api}`;
    },
    setScript: (model: string, script: Script) => { scripts.set(model, script); },
    close: () => new Promise<void>((resolve) => {
      server.closeAllConnections?.();
      server.close(() => resolve());
    }),
  });
}
