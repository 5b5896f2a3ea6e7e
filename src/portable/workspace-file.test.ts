import { describe, expect, it } from 'vitest';
import { createStarterWorkspace } from '../content/examples/index.ts';
import { encodeWorkspaceFile, parseWorkspaceFile, workspaceFileName } from './workspace-file.ts';

describe('workspace files', () => {
  it('reproduce the workspace exactly, with the keys other panels keep', () => {
    const workspace = { ...createStarterWorkspace(), scenarios: [{ id: 'a', name: 'A', source: '{}' }], other: { x: [1, '二'] } };
    const text = encodeWorkspaceFile(workspace, new Date('2026-03-04T05:06:07Z'));
    const parsed = parseWorkspaceFile(text);
    expect(parsed.ok && parsed.file.workspace).toStrictEqual(workspace);
    expect(parsed.ok && parsed.file.exportedAt).toBe('2026-03-04T05:06:07.000Z');
    expect(JSON.parse(text)).toMatchObject({ format: 'pi-playground-workspace', version: 1 });
  });

  it('accept a bare workspace, as the older "Download workspace" saved it', () => {
    const workspace = createStarterWorkspace();
    const parsed = parseWorkspaceFile(JSON.stringify(workspace));
    expect(parsed.ok && parsed.file.workspace).toStrictEqual(workspace);
  });

  it('say where invalid JSON breaks', () => {
    const parsed = parseWorkspaceFile('{\n  "format": "pi-playground-workspace",\n  "version": 1,,\n}');
    expect(parsed).toMatchObject({ ok: false, error: { code: 'file-not-json', params: { line: 3, column: 16, detail: 'Expected double-quoted property name' } } });
  });

  it('recognise what people pick by mistake and say what was expected', () => {
    const session = '{"type":"session","version":3,"id":"x","timestamp":"t","cwd":"/"}\n{"type":"message"}\n';
    expect(parseWorkspaceFile(session)).toMatchObject({ error: { code: 'file-is-session' } });
    expect(parseWorkspaceFile('{"prompt":"hi","turns":[]}')).toMatchObject({ error: { code: 'file-is-scenario' } });
    expect(parseWorkspaceFile('{"name":"my-app","version":"1.0.0","dependencies":{}}')).toEqual({
      ok: false, error: { code: 'file-format', params: { found: '{ "name", "version", "dependencies" }' } },
    });
    expect(parseWorkspaceFile('{"format":"other-tool"}')).toMatchObject({ error: { code: 'file-format', params: { found: '"format": "other-tool"' } } });
    expect(parseWorkspaceFile('[1,2]')).toMatchObject({ error: { code: 'file-format', params: { found: '[…]' } } });
    expect(parseWorkspaceFile('   \n')).toMatchObject({ error: { code: 'file-empty' } });
  });

  it('refuse a newer version and a malformed workspace, naming the field', () => {
    expect(parseWorkspaceFile('{"format":"pi-playground-workspace","version":2,"workspace":{}}')).toEqual({
      ok: false, error: { code: 'file-version', params: { version: '2', supported: 1 } },
    });
    const broken = { format: 'pi-playground-workspace', version: 1, workspace: { ...createStarterWorkspace(), hooks: 42 } };
    expect(parseWorkspaceFile(JSON.stringify(broken))).toEqual({
      ok: false, error: { code: 'workspace-invalid', params: { path: 'workspace.hooks', expected: 'string' } },
    });
    expect(parseWorkspaceFile('{}', 64 * 1024 * 1024)).toMatchObject({ error: { code: 'file-too-large', params: { sizeMb: 64, limitMb: 32 } } });
  });

  it('are named after the workspace and the day', () => {
    expect(workspaceFileName('My tools!', new Date('2026-01-02T10:00:00Z'))).toBe('my-tools-2026-01-02.pi-playground.json');
    expect(workspaceFileName('', new Date('2026-01-02T10:00:00Z'))).toBe('workspace-2026-01-02.pi-playground.json');
  });
});
