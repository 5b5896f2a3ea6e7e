// Shared builders for the sandbox's browser tests: sandboxes that are disposed after each test, tool files.
import { afterEach } from 'vitest';
import { createSandbox } from '../sandbox.ts';
import type { Sandbox, SandboxLogEntry, SandboxOptions, SourceFile } from '../types.ts';

const open: Sandbox[] = [];

afterEach(() => {
  for (const sandbox of open.splice(0)) sandbox.dispose();
});

export function testSandbox(options: SandboxOptions = {}): Sandbox & { logs: SandboxLogEntry[] } {
  const logs: SandboxLogEntry[] = [];
  const sandbox = createSandbox({ onLog: (entry) => logs.push(entry), ...options });
  open.push(sandbox);
  return Object.assign(sandbox, { logs });
}

export function tsFile(id: string, source: string, extra: Partial<SourceFile> = {}): SourceFile {
  return { id, kind: 'typescript', name: `${id}.ts`, source, ...extra };
}

/** A tool module whose execute body is `body` (with `args`, `signal`, `onUpdate` in scope). */
export function toolSource(name: string, body: string, fields = ''): string {
  return `import { Type } from "typebox";
export default {
  name: ${JSON.stringify(name)},
  label: ${JSON.stringify(name)},
  description: "test tool",
  parameters: Type.Object({}, { additionalProperties: true }),${fields}
  async execute(toolCallId, args, signal, onUpdate) {
    ${body}
  },
};
`;
}

export function text(result: { content: { type: string; text?: string }[] }): string {
  return result.content.map((c) => c.text ?? '').join('');
}
