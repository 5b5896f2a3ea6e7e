import fc from 'fast-check';
import { deflateSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { createStarterWorkspace } from '../content/examples/index.ts';
import { base64UrlEncode, crc32Hex, utf8Encode } from './bytes.ts';
import { createShareUrl, decodeShareToken, encodeShareToken, findShareToken, type SharePayload } from './share-link.ts';
import type { Workspace } from './workspace-shape.ts';

/** A workspace with everything a real one may carry, including keys other panels keep there. */
function richWorkspace(): Workspace {
  const ws = createStarterWorkspace();
  return <Workspace & Record<string, unknown>>{
    ...ws,
    tools: [...ws.tools, { id: 'mcp-1', name: 'lookup', kind: 'json-schema', source: '{ "name": "lookup", "inputSchema": {} }\n' }],
    scenarios: [{ id: 's1', name: 'Parallel vs sequential ✓', source: '{\n  "prompt": "Go — 你好",\n  "turns": []\n}\n' }],
    futurePanel: { nested: [1, 2, { deep: null }], emoji: '🚀' },
  };
}

/** Builds a token around arbitrary bytes, with a correct checksum. */
function tokenOf(bytes: Uint8Array): string {
  return `v1.${base64UrlEncode(bytes)}.${crc32Hex(bytes)}`;
}

describe('share links', () => {
  it('reproduce the whole workspace exactly, extra keys and non-ASCII text included', () => {
    const payload: SharePayload = { scope: 'workspace', workspace: richWorkspace() };
    const url = createShareUrl('https://play.example/app/?x=1#old', payload);
    expect(url.startsWith('https://play.example/app/?x=1#share=v1.')).toBe(true);
    const decoded = decodeShareToken(findShareToken(url)!);
    expect(decoded).toEqual({ ok: true, payload });
    if (decoded.ok) expect(decoded.payload.workspace).toStrictEqual(payload.workspace);
  });

  it('round-trip any workspace-shaped document (property)', () => {
    const tool = fc.record({ id: fc.string(), name: fc.string(), kind: fc.constantFrom('typescript', 'json-schema'), source: fc.string({ unit: 'binary' }) });
    const workspace = fc.record({
      tools: fc.uniqueArray(tool, { selector: (t) => t.id, maxLength: 5 }),
      hooks: fc.string({ unit: 'grapheme' }),
      settings: fc.record({ toolExecution: fc.constantFrom('parallel', 'sequential'), systemPrompt: fc.string() }),
      extra: fc.jsonValue(),
    });
    fc.assert(fc.property(workspace, fc.constantFrom('workspace', 'selection'), (ws, scope) => {
      const payload = { scope, workspace: ws } as SharePayload;
      const decoded = decodeShareToken(encodeShareToken(payload));
      expect(decoded).toEqual({ ok: true, payload: JSON.parse(JSON.stringify(payload)) });
    }), { numRuns: 200 });
  });

  it('are deterministic and compact', () => {
    const payload: SharePayload = { scope: 'workspace', workspace: createStarterWorkspace() };
    const token = encodeShareToken(payload);
    expect(encodeShareToken(payload)).toBe(token);
    expect(token.length).toBeLessThan(JSON.stringify(payload).length / 2);
  });

  it('say a link cut off anywhere is incomplete, and never accept it', () => {
    const token = encodeShareToken({ scope: 'workspace', workspace: createStarterWorkspace() });
    const checksumStart = token.lastIndexOf('.') + 1;
    for (let cut = 0; cut < token.length; cut++) {
      const result = decodeShareToken(token.slice(0, cut));
      expect(result.ok, `cut at ${cut}`).toBe(false);
      if (result.ok) continue;
      const expected = cut === 0 ? 'link-empty' : cut >= checksumStart ? 'link-checksum-short' : 'link-truncated';
      expect(result.error.code, `cut at ${cut}`).toBe(expected);
    }
  });

  it('name a character that no share link contains, and its position', () => {
    const token = encodeShareToken({ scope: 'workspace', workspace: createStarterWorkspace() });
    const broken = `${token.slice(0, 20)}*${token.slice(21)}`;
    expect(decodeShareToken(broken)).toEqual({ ok: false, error: { code: 'link-bad-character', params: { char: '*', position: 21 } } });
  });

  it('detect a changed character through the checksum', () => {
    const token = encodeShareToken({ scope: 'workspace', workspace: createStarterWorkspace() });
    const i = 40;
    const changed = `${token.slice(0, i)}${token[i] === 'A' ? 'B' : 'A'}${token.slice(i + 1)}`;
    expect(decodeShareToken(changed)).toMatchObject({ ok: false, error: { code: 'link-checksum-mismatch' } });
  });

  it('refuse other versions, other fragments and content that is not a workspace', () => {
    expect(decodeShareToken('v2.abc.00000000')).toEqual({ ok: false, error: { code: 'link-version', params: { version: 2, supported: 1 } } });
    expect(decodeShareToken('hello')).toMatchObject({ error: { code: 'link-not-share' } });
    expect(decodeShareToken(tokenOf(deflateSync(utf8Encode('not json'))))).toMatchObject({ error: { code: 'link-unreadable' } });
    expect(decodeShareToken(tokenOf(utf8Encode('raw, not deflated')))).toMatchObject({ error: { code: 'link-unreadable' } });
    expect(decodeShareToken(tokenOf(deflateSync(utf8Encode('{"kind":"other"}'))))).toMatchObject({ error: { code: 'content-kind' } });
    const bad = { kind: 'pi-playground-share', scope: 'workspace', workspace: { tools: [{ id: 'a', name: 'a', kind: 'python', source: '' }], hooks: '', settings: {} } };
    expect(decodeShareToken(tokenOf(deflateSync(utf8Encode(JSON.stringify(bad)))))).toEqual({
      ok: false, error: { code: 'workspace-invalid', params: { path: 'workspace.tools[0].kind', expected: 'kind' } },
    });
  });

  it('refuse a link that would unpack to more than 16 MB', () => {
    const bomb = deflateSync(new Uint8Array(20 * 1024 * 1024));
    expect(decodeShareToken(tokenOf(bomb))).toMatchObject({ ok: false, error: { code: 'link-too-large', params: { limitMb: 16 } } });
  });

  it('find the token in URLs, fragments and pasted text, and nothing in ordinary visits', () => {
    expect(findShareToken('https://x.test/#share=v1.abc.12345678')).toBe('v1.abc.12345678');
    expect(findShareToken('#lang=zh-CN&share=v1.a%2Db.1')).toBe('v1.a-b.1');
    expect(findShareToken('  https://x.test/#share=v1.ab\n  cd.12345678 ')).toBe('v1.abcd.12345678');
    expect(findShareToken('https://x.test/?share=v1.a.b')).toBeNull();
    expect(findShareToken('#view=schema')).toBeNull();
    expect(findShareToken('')).toBeNull();
  });
});
