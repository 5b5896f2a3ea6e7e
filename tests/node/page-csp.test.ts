// The page's policy: its provider hosts come from pi-ai's catalog (checked against pi's own model list, so reading
// the catalog files cannot silently miss a provider), extra hosts are checked, and the sandbox frame's inline
// script is allowed by a hash that matches it.
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { builtinModels } from '@earendil-works/pi-ai/providers/all';
import { FRAME_BOOTSTRAP_HASH, FRAME_BOOTSTRAP_SCRIPT } from '../../src/sandbox/host/frame-document.ts';
import { pageContentSecurityPolicy, parseExtraConnectSources } from '../../scripts/csp/page-policy.ts';
import { BROWSER_CALLABLE_APIS, providerConnectSources } from '../../scripts/csp/provider-hosts.ts';

const directive = (policy: string, name: string) =>
  policy.split(';').map((d) => d.trim()).find((d) => d.startsWith(`${name} `))?.split(' ').slice(1) ?? [];

describe('provider hosts of the page policy', () => {
  it('holds the hosts pi-ai 0.85.1 calls for OpenAI, Anthropic, Gemini, Mistral and OpenRouter', () => {
    expect(providerConnectSources()).toEqual(expect.arrayContaining([
      'https://api.openai.com', 'https://api.anthropic.com', 'https://generativelanguage.googleapis.com',
      'https://api.mistral.ai', 'https://openrouter.ai', 'https://api.groq.com', 'https://api.x.ai',
    ]));
  });

  it('holds the host of every model pi-ai lists on a browser-callable API, and nothing else', () => {
    const apis = new Set<string>(BROWSER_CALLABLE_APIS);
    const expected = new Set<string>();
    const models = builtinModels().getModels();
    expect(models.length).toBeGreaterThan(100);
    for (const model of models) {
      if (apis.has(model.api) && model.baseUrl && !model.baseUrl.includes('{')) expected.add(new URL(model.baseUrl).origin);
    }
    expect(providerConnectSources()).toEqual([...expected].sort());
  });

  it('leaves out Bedrock, Vertex and the Codex login, which a browser cannot call with a key', () => {
    const sources = providerConnectSources().join(' ');
    expect(sources).not.toMatch(/amazonaws|aiplatform|chatgpt\.com/);
  });
});

describe('page policy', () => {
  it('connects to its own origin, the provider hosts, local addresses and the hosts the build adds, nowhere else', () => {
    const policy = pageContentSecurityPolicy({ providerSources: ['https://api.openai.com'], extraConnectSources: ['https://llm.example.com'] });
    expect(directive(policy, 'connect-src')).toEqual(["'self'", 'https://api.openai.com', 'http://localhost:*', 'http://127.0.0.1:*', 'https://llm.example.com']);
    expect(directive(policy, 'object-src')).toEqual(["'none'"]);
    expect(directive(policy, 'frame-src')).toEqual(["'none'"]);
    expect(directive(policy, 'script-src')).not.toContain("'unsafe-inline'");
  });

  it('allows the sandbox frame\'s inline script by the hash of its text', () => {
    const hash = `'sha256-${createHash('sha256').update(FRAME_BOOTSTRAP_SCRIPT).digest('base64')}'`;
    expect(FRAME_BOOTSTRAP_HASH, 'update FRAME_BOOTSTRAP_HASH in src/sandbox/host/frame-document.ts').toBe(hash);
    expect(directive(pageContentSecurityPolicy({ providerSources: [] }), 'script-src')).toContain(hash);
  });

  it('takes extra hosts separated by spaces or commas and refuses anything that is not a host source, naming it', () => {
    expect(parseExtraConnectSources('https://a.example.com, http://192.168.1.20:11434 wss://*.example.org')).toEqual(['https://a.example.com', 'http://192.168.1.20:11434', 'wss://*.example.org']);
    expect(parseExtraConnectSources(undefined)).toEqual([]);
    expect(() => parseExtraConnectSources("https://ok.example.com 'unsafe-inline'")).toThrow(/PI_PLAYGROUND_CONNECT_SRC: "'unsafe-inline'" is not a host source/);
    expect(() => parseExtraConnectSources('https://a.example.com;script-src *')).toThrow(/is not a host source/);
    expect(() => parseExtraConnectSources('*')).toThrow(/"\*" is not a host source/);
  });
});
