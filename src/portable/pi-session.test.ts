import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { VirtualClock } from '../engine/index.ts';
import { parseScenario, runScenario } from '../recording/scenario/index.ts';
import { createCodingTools } from '../coding-tools/index.ts';
import { createMemoryFileSystem } from '../vfs/index.ts';
import type { ToolResultMessage } from '../ai/index.ts';
import { parsePiSession } from './pi-session.ts';

// Written by pi 0.85.1 itself: tests/fixtures/pi-session/record-session.mjs.
const GENUINE = readFileSync(new URL('../../tests/fixtures/pi-session/session.jsonl', import.meta.url), 'utf8');

const header = '{"type":"session","version":3,"id":"s1","timestamp":"2026-01-01T00:00:00.000Z","cwd":"/p"}';
const entry = (id: string, parentId: string | null, message: object) =>
  JSON.stringify({ type: 'message', id, parentId, timestamp: '2026-01-01T00:00:00.000Z', message });
const user = (text: string) => ({ role: 'user', content: [{ type: 'text', text }], timestamp: 1 });
const assistant = (content: object[], stopReason = 'stop') => ({ role: 'assistant', content, stopReason, api: 'x', provider: 'x', model: 'x', timestamp: 1 });

describe('importing a pi session', () => {
  it('turns a session written by pi into a scenario the playground accepts', () => {
    const result = parsePiSession(GENUINE);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    const { session } = result;
    expect(session.title).toBe('Raise the retry count');
    expect(session.info).toMatchObject({ version: 3, model: 'faux/faux-1', messages: 12 });
    expect(session.scenario.prompt).toBe('Raise the retry count in src/config.ts to 5.');
    expect(session.scenario.followUp).toEqual([{ text: 'Also write a note about it in NOTES.md.' }]);
    expect(session.scenario.turns.map((t) => t.stopReason)).toEqual(['toolUse', 'toolUse', 'stop', 'toolUse', 'stop']);
    expect(session.scenario.turns[0].content).toEqual([
      { type: 'thinking', thinking: 'First look at the project, then at the config file.' },
      { type: 'text', text: 'Let me look at the project first.' },
      { type: 'toolCall', id: 'toolu_01', name: 'ls', arguments: { path: '.' } },
      { type: 'toolCall', id: 'toolu_02', name: 'read', arguments: { path: 'src/config.ts' } },
    ]);
    expect(session.codingTools).toEqual(['read', 'write', 'edit', 'ls']);
    expect(session.otherTools).toEqual([]);
    expect(session.files).toEqual({ 'src/config.ts': 'export const config = {\n  retries: 3,\n  timeoutMs: 5000,\n};\n' });
    expect(session.notes).toEqual([]);
    expect(parseScenario(JSON.stringify(session.scenario)).ok).toBe(true);
  });

  it('replays the session in the playground with pi\'s coding tools, answering as pi answered', async () => {
    const result = parsePiSession(GENUINE);
    if (!result.ok) throw new Error(result.error.code);
    const { session } = result;
    const parsed = parseScenario(JSON.stringify(session.scenario));
    if (!parsed.ok) throw new Error(parsed.errors[0].message);
    const fs = createMemoryFileSystem({ ...session.files, 'README.md': '# Demo\n' });
    const clock = new VirtualClock();
    const tools = createCodingTools(fs, { clock }).filter((t) => session.codingTools.includes(t.name as never));
    const run = await runScenario(parsed.scenario, { tools, clock }).finished;
    const replayed = run.messages.filter((m): m is ToolResultMessage => (m as ToolResultMessage).role === 'toolResult');
    expect(replayed.map((m) => m.toolCallId)).toEqual(Object.keys(session.results));
    for (const message of replayed) {
      const text = message.content.map((c) => (c.type === 'text' ? c.text : '')).join('\n');
      expect({ id: message.toolCallId, isError: message.isError, text }).toEqual({ id: message.toolCallId, ...session.results[message.toolCallId] });
    }
    expect(await fs.readText('/workspace/src/config.ts')).toContain('retries: 5');
    expect(await fs.readText('/workspace/NOTES.md')).toBe('retries raised to 5\n');
  });

  it('refuses a cut-off last line, naming it', () => {
    const cut = GENUINE.trimEnd().slice(0, -40);
    const lines = cut.split('\n').length;
    expect(parsePiSession(cut)).toMatchObject({ ok: false, error: { code: 'session-last-line-cut', params: { line: lines } } });
  });

  it('refuses a damaged line in the middle, naming it', () => {
    const lines = GENUINE.split('\n');
    lines[4] = lines[4].slice(0, 30);
    expect(parsePiSession(lines.join('\n'))).toMatchObject({ ok: false, error: { code: 'session-line-json', params: { line: 5 } } });
  });

  it('refuses files of other tools and other versions, and malformed entries', () => {
    expect(parsePiSession('{"event":"start","ts":1}\n{"event":"end"}\n')).toEqual({ ok: false, error: { code: 'session-no-header', params: { line: 1 } } });
    expect(parsePiSession('name,role\nx,y\n')).toEqual({ ok: false, error: { code: 'session-no-header', params: { line: 1 } } });
    expect(parsePiSession('{"type":"session","version":4,"id":"x","cwd":"/"}\n')).toEqual({ ok: false, error: { code: 'session-version', params: { version: 4, supported: 3 } } });
    expect(parsePiSession(`${header}\n{"type":"message","id":"a","parentId":null,"message":{"content":"hi"}}\n`))
      .toEqual({ ok: false, error: { code: 'session-entry', params: { line: 2, expected: 'messageRole' } } });
    expect(parsePiSession(`${header}\n[1,2]\n`)).toMatchObject({ ok: false, error: { code: 'session-entry', params: { line: 2 } } });
    expect(parsePiSession(`${header}\n`)).toEqual({ ok: false, error: { code: 'session-no-prompt', params: {} } });
    expect(parsePiSession(' \n')).toEqual({ ok: false, error: { code: 'session-empty', params: {} } });
  });

  it('follows the branch the file ends on and says what it left out', () => {
    const text = [
      header,
      entry('a', null, user('first try')),
      entry('b', 'a', assistant([{ type: 'text', text: 'abandoned' }])),
      entry('c', null, user('second try')),
      entry('d', 'c', assistant([{ type: 'toolCall', id: 't1', name: 'bash', arguments: { command: 'ls' } }, { type: 'toolCall', id: 't2', name: 'my_tool', arguments: {} }], 'toolUse')),
      entry('e', 'd', user('stop using bash')),
      entry('f', 'e', { ...assistant([{ type: 'text', text: 'ok' }]), content: [{ type: 'text', text: 'ok' }, { type: 'image', data: '', mimeType: 'image/png' }] }),
      JSON.stringify({ type: 'future_entry', id: 'g', parentId: 'f' }),
    ].join('\n');
    const result = parsePiSession(text);
    if (!result.ok) throw new Error(result.error.code);
    expect(result.session.scenario).toMatchObject({
      prompt: 'second try',
      steering: [{ text: 'stop using bash', at: { beforeTurn: 2 } }],
    });
    expect(result.session.scenario.turns).toHaveLength(2);
    expect(result.session.otherTools).toEqual(['bash', 'my_tool']);
    expect(result.session.notes.map((n) => n.code).sort()).toEqual(['bash-unavailable', 'other-branches', 'unknown-entries', 'unknown-tools']);
    expect(parseScenario(JSON.stringify(result.session.scenario)).ok).toBe(true);
  });

  it('reads version 1 files, whose entries have no ids, in order', () => {
    const text = [
      '{"type":"session","id":"old","timestamp":"t","cwd":"/"}',
      JSON.stringify({ type: 'message', timestamp: 't', message: user('hello') }),
      JSON.stringify({ type: 'message', timestamp: 't', message: assistant([{ type: 'text', text: 'hi' }]) }),
    ].join('\n');
    const result = parsePiSession(text);
    expect(result.ok && result.session.scenario).toEqual({
      title: 'hello', prompt: 'hello', timing: { tokenSize: 2, tokensPerSecond: 50 }, turns: [{ content: [{ type: 'text', text: 'hi' }], stopReason: 'stop' }],
    });
  });
});
