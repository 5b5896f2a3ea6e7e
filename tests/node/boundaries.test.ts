// The package map kept true (docs/decisions/package-map.md): every import of every file under src/ is parsed, and
// one that reaches into another package's internals, goes against the layer order, or brings test support into
// shipped code fails this test with `file: import → why`.
import { readdirSync, readFileSync, existsSync } from 'node:fs';
import { dirname, join, posix, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const root = join(dirname(fileURLToPath(import.meta.url)), '../..');
const DOMAIN = ['ai', 'engine', 'vfs', 'coding-tools', 'recording', 'content', 'portable'];
/** What each domain package may use besides itself; the order keeps the packages free of cycles. */
const DOMAIN_DEPS: Record<string, readonly string[]> = {
  ai: [],
  engine: ['ai'],
  vfs: ['ai', 'engine'],
  'coding-tools': ['ai', 'engine', 'vfs'],
  recording: ['ai', 'engine', 'vfs', 'coding-tools'],
  content: ['ai', 'engine', 'vfs', 'coding-tools', 'recording'],
  portable: ['ai', 'engine', 'vfs', 'coding-tools', 'recording'],
};
/** Sub-packages that sit higher than their package (a live model's run becomes a scenario). */
const SUB_PACKAGE_DEPS: Record<string, readonly string[]> = {
  'ai/live': ['ai', 'engine', 'recording'],
};

export interface Violation { file: string; specifier: string; why: string }

/** The package a path under src/ belongs to: its first folder; files right under src/ are the app shell (ui). */
export function packageOf(path: string): string {
  const parts = path.split('/');
  if (parts[0] !== 'src') return 'outside';
  return parts.length === 2 ? 'ui' : parts[1];
}

const isTestSupport = (path: string) => /(^|\/)testing\//.test(path) || /\.testing\.ts$/.test(path);
const isTest = (path: string) => /\.test\.ts$/.test(path) || isTestSupport(path);

/** The module specifiers a file imports (static, re-exports, import(), import types), from its script blocks. */
export function importsOf(path: string, text: string): string[] {
  const scripts = path.endsWith('.svelte') ? [...text.matchAll(/<script\b[^>]*>([\s\S]*?)<\/script>/g)].map((m) => m[1]) : [text];
  const out: string[] = [];
  for (const script of scripts) {
    const source = ts.createSourceFile(path + '.ts', script, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
    const visit = (node: ts.Node): void => {
      if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
        out.push(node.moduleSpecifier.text);
      } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword && node.arguments[0] && ts.isStringLiteralLike(node.arguments[0])) {
        out.push(node.arguments[0].text);
      } else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument) && ts.isStringLiteral(node.argument.literal)) {
        out.push(node.argument.literal.text);
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return out;
}

/**
 * Checks one import of `file` (both paths relative to the repository, `target` resolved). The rules: another
 * domain package is entered only through an index.ts (its own or a sub-package's), and so is the automation layer;
 * the layers run ui → automation and state, automation → state, both → domain packages; storage and sandbox use
 * domain packages only, domain packages never use state, automation, ui, storage or sandbox and follow DOMAIN_DEPS
 * among themselves; shipped code never imports test support. Tests and test support may also use the layers above
 * their own package (an engine test checks its trace with the recording package, a state test words a message
 * with ui's catalog or reads the automation snapshot), but a domain package's tests stay framework-free.
 */
export function checkImport(file: string, target: string): string | null {
  if (!target.startsWith('src/')) return null;
  const from = packageOf(file);
  const to = packageOf(target);
  if (isTestSupport(target) && !isTest(file)) return 'shipped code imports test support';
  if (from === to) return null;
  const testOnly = isTest(file);
  if ((DOMAIN.includes(to) || to === 'automation') && !target.endsWith('/index.ts') && !(testOnly && isTestSupport(target))) {
    return `reaches into ${to}'s internals (import its index.ts)`;
  }
  if (DOMAIN.includes(from)) {
    if (!DOMAIN.includes(to)) return `domain package ${from} imports ${to}`;
    if (testOnly) return null;
    const sub = Object.keys(SUB_PACKAGE_DEPS).find((s) => file.startsWith(`src/${s}/`));
    const allowed = sub ? SUB_PACKAGE_DEPS[sub] : DOMAIN_DEPS[from];
    if (!allowed.includes(to)) return `${sub ?? from} sits below ${to} (allowed: ${allowed.join(', ') || 'none'})`;
    return null;
  }
  if (from === 'storage' || from === 'sandbox') return DOMAIN.includes(to) ? null : `${from} imports ${to} (domain packages only)`;
  if (from === 'state') return (to === 'ui' || to === 'automation') && !testOnly ? `state imports ${to}` : null;
  if (from === 'automation') {
    if (testOnly || to === 'state' || DOMAIN.includes(to)) return null;
    return `automation imports ${to} (state and domain packages only)`;
  }
  return null;
}

function listFiles(dir: string, out: string[] = []): string[] {
  for (const entry of readdirSync(join(root, dir), { withFileTypes: true })) {
    const path = `${dir}/${entry.name}`;
    if (entry.isDirectory()) { if (entry.name !== 'generated') listFiles(path, out); }
    else if (/\.(ts|svelte)$/.test(entry.name)) out.push(path);
  }
  return out;
}

function resolve(file: string, specifier: string): string | null {
  if (!specifier.startsWith('.') && !specifier.startsWith('/src/')) return null;
  const bare = specifier.split('?')[0];
  const base = bare.startsWith('/') ? bare.slice(1) : posix.normalize(posix.join(posix.dirname(file), bare));
  for (const candidate of [base, `${base}.ts`, `${base}/index.ts`]) if (existsSync(join(root, candidate))) return candidate;
  return base;
}

export function findViolations(files: readonly string[], readText: (path: string) => string): Violation[] {
  const found: Violation[] = [];
  for (const file of files) {
    for (const specifier of importsOf(file, readText(file))) {
      const target = resolve(file, specifier);
      const why = target && checkImport(file, target);
      if (why) found.push({ file, specifier, why });
    }
  }
  return found;
}

const rel = (path: string) => relative(root, path).split(sep).join('/');

describe('package boundaries', () => {
  it('keeps every import under src/ inside the package map and the layer order', () => {
    const files = listFiles('src');
    expect(files.length).toBeGreaterThan(500);
    const violations = findViolations(files, (path) => readFileSync(join(root, path), 'utf8'));
    const report = violations.map((v) => `${v.file}: ${v.specifier} → ${v.why}`).join('\n');
    expect(report, `${violations.length} boundary violations:\n${report}`).toBe('');
  });

  it('has no src/core left', () => {
    expect(existsSync(join(root, 'src/core')), rel(join(root, 'src/core'))).toBe(false);
  });

  it('names each kind of violation', () => {
    expect(checkImport('src/state/x.ts', 'src/recording/recorder.ts')).toMatch(/internals/);
    expect(checkImport('src/state/x.ts', 'src/recording/index.ts')).toBeNull();
    expect(checkImport('src/state/x.ts', 'src/recording/scenario/index.ts')).toBeNull();
    expect(checkImport('src/engine/agent-loop.ts', 'src/recording/index.ts')).toMatch(/sits below recording/);
    expect(checkImport('src/ai/validation.ts', 'src/state/shell/app-state.ts')).toMatch(/domain package ai imports state/);
    expect(checkImport('src/storage/x.ts', 'src/state/shell/app-state.ts')).toMatch(/domain packages only/);
    expect(checkImport('src/state/x.ts', 'src/ui/panels.ts')).toMatch(/state imports ui/);
    expect(checkImport('src/state/x.ts', 'src/automation/index.ts')).toMatch(/state imports automation/);
    expect(checkImport('src/state/x.test.ts', 'src/automation/index.ts')).toBeNull();
    expect(checkImport('src/automation/x.ts', 'src/state/shell/context.ts')).toBeNull();
    expect(checkImport('src/automation/x.ts', 'src/recording/index.ts')).toBeNull();
    expect(checkImport('src/automation/x.ts', 'src/ui/panels.ts')).toMatch(/automation imports ui/);
    expect(checkImport('src/automation/x.ts', 'src/storage/kv-store.ts')).toMatch(/automation imports storage/);
    expect(checkImport('src/ui/x.ts', 'src/automation/index.ts')).toBeNull();
    expect(checkImport('src/ui/x.ts', 'src/automation/params.ts')).toMatch(/automation's internals/);
    expect(checkImport('src/storage/x.ts', 'src/automation/index.ts')).toMatch(/domain packages only/);
    expect(checkImport('src/engine/x.ts', 'src/automation/index.ts')).toMatch(/domain package engine imports automation/);
    expect(checkImport('src/engine/agent-loop.ts', 'src/engine/testing/tool-kit.ts')).toMatch(/test support/);
    expect(checkImport('src/ui/x.test.ts', 'src/engine/testing/tool-kit.ts')).toBeNull();
    expect(checkImport('src/engine/x.test.ts', 'src/recording/index.ts')).toBeNull();
    expect(checkImport('src/engine/x.test.ts', 'src/state/shell/app-state.ts')).toMatch(/domain package engine imports state/);
    expect(findViolations(['src/vfs/a.ts'], () => "import { x } from '../recording/recorder.ts';")
      .map((v) => `${v.file}: ${v.specifier} → ${v.why}`)).toEqual([
      "src/vfs/a.ts: ../recording/recorder.ts → reaches into recording's internals (import its index.ts)",
    ]);
  });
});
