// A local stand-in for the two token count endpoints (Anthropic's /v1/messages/count_tokens, Gemini's
// models/{model}:countTokens). It records every request (path, headers, body) and answers with figures derived from
// the body: Anthropic 8 + 150 per tool, Gemini 3 + 40 per function declaration. A key starting "bad-" gets a 401
// whose message repeats the key, as a careless provider might, so tests can check that it never reaches the user.
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RecordedCountRequest {
  path: string;
  headers: IncomingHttpHeaders;
  body: unknown;
}

export interface CountEndpointsServer {
  origin: string;
  requests(): RecordedCountRequest[];
  close(): Promise<void>;
}

const CORS = { 'access-control-allow-origin': '*', 'access-control-allow-headers': '*', 'access-control-allow-methods': 'POST' };

type Body = { tools?: unknown[]; generateContentRequest?: { tools?: { functionDeclarations?: unknown[] }[] } };

function answer(path: string, key: string | undefined, body: Body): { status: number; json: unknown } {
  if (path.endsWith('/v1/messages/count_tokens')) {
    if (!key || key.startsWith('bad-')) return { status: 401, json: { type: 'error', error: { type: 'authentication_error', message: `invalid x-api-key: ${key}` } } };
    return { status: 200, json: { input_tokens: 8 + 150 * (body.tools?.length ?? 0) } };
  }
  if (path.endsWith(':countTokens')) {
    if (!key || key.startsWith('bad-')) return { status: 400, json: { error: { code: 400, message: `API key not valid: ${key}. Please pass a valid API key.`, status: 'INVALID_ARGUMENT' } } };
    const declarations = (body.generateContentRequest?.tools ?? []).reduce((n, t) => n + (t.functionDeclarations?.length ?? 0), 0);
    return { status: 200, json: { totalTokens: 3 + 40 * declarations } };
  }
  return { status: 404, json: { error: { message: `no such endpoint: ${path}` } } };
}

export async function startCountEndpointsServer(): Promise<CountEndpointsServer> {
  const requests: RecordedCountRequest[] = [];
  const server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://x').pathname;
    if (request.method === 'OPTIONS') return void response.writeHead(204, CORS).end();
    if (path === '/__requests') return void response.writeHead(200, { ...CORS, 'content-type': 'application/json' }).end(JSON.stringify(requests));
    let text = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => { text += chunk; });
    request.on('end', () => {
      let body: Body = {};
      try { body = JSON.parse(text) as Body; } catch { /* recorded as sent */ }
      requests.push({ path, headers: request.headers, body: text ? body : undefined });
      const key = (request.headers['x-api-key'] ?? request.headers['x-goog-api-key']) as string | undefined;
      const { status, json } = answer(path, key, body);
      response.writeHead(status, { ...CORS, 'content-type': 'application/json' }).end(JSON.stringify(json));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests: () => requests.slice(),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
