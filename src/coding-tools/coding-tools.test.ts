// Behaviour of the built-in tools that the recordings cannot show: aborts, the per-file mutation queue,
// images without and with an image codec, and fd behaviour outside a git repository (reference §6.2).
import { describe, expect, it } from 'vitest';
import type { Model } from '../ai/index.ts';
import { BASH_UNAVAILABLE, CODING_TOOL_NAMES, CODING_TOOL_PROMPTS, createCodingToolMap, createCodingTools, createMemoryFileSystem } from './index.ts';
import { geometryCodec } from './testing/image-codecs.ts';

const text = (r: { content: { type: string; text?: string }[] }) => r.content.map((c) => (c.type === 'text' ? c.text : `[${c.type}]`)).join('|');

function pngHeader(width: number, height: number): Uint8Array {
  const b = new Uint8Array(64);
  b.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);
  new DataView(b.buffer).setUint32(16, width);
  new DataView(b.buffer).setUint32(20, height);
  b.set([0, 0, 0, 0, 0x49, 0x44, 0x41, 0x54], 33);
  return b;
}

describe('coding tools', () => {
  it('offers the six file tools in order, with prompts, and explains why bash is missing', () => {
    expect(createCodingTools(createMemoryFileSystem()).map((t) => t.name)).toEqual([...CODING_TOOL_NAMES]);
    expect(CODING_TOOL_PROMPTS.find.snippet).toBe('Find files by glob pattern (respects .gitignore)');
    expect(BASH_UNAVAILABLE.explanation).toMatch(/no shell/);
  });

  it('rejects with "Operation aborted" when the signal has fired, for every tool', async () => {
    const tools = createCodingToolMap(createMemoryFileSystem({ 'a.txt': 'a' }));
    const signal = AbortSignal.abort();
    const args = {
      read: { path: 'a.txt' }, write: { path: 'b.txt', content: 'b' }, edit: { path: 'a.txt', edits: [{ oldText: 'a', newText: 'b' }] },
      ls: {}, find: { pattern: '*' }, grep: { pattern: 'a' },
    };
    for (const name of CODING_TOOL_NAMES) {
      await expect(tools[name].execute('c', args[name] as never, signal)).rejects.toThrow('Operation aborted');
    }
  });

  it('stops a write that is aborted while it runs, leaving no file behind', async () => {
    const fs = createMemoryFileSystem();
    const controller = new AbortController();
    const originalMkdir = fs.mkdir.bind(fs);
    fs.mkdir = async (path, options) => {
      await originalMkdir(path, options);
      controller.abort();
    };
    const tools = createCodingToolMap(fs);
    await expect(tools.write.execute('c', { path: 'x/y.txt', content: 'y' }, controller.signal)).rejects.toThrow('Operation aborted');
    expect(await fs.exists('x/y.txt')).toBe(false);
  });

  it('serialises parallel edits of one file so none is lost', async () => {
    const fs = createMemoryFileSystem({ 'f.txt': 'a b c d e\n' });
    const tools = createCodingToolMap(fs);
    const results = await Promise.all(['a', 'b', 'c', 'd', 'e'].map((w) =>
      tools.edit.execute(w, { path: 'f.txt', edits: [{ oldText: w, newText: w.toUpperCase() }] })));
    expect(results.map(text)).toEqual(Array(5).fill('Successfully replaced 1 block(s) in f.txt.'));
    expect(await fs.readText('f.txt')).toBe('A B C D E\n');
  });

  it('omits an over-size image with pi\'s note when no image codec is given', async () => {
    const tools = createCodingToolMap(createMemoryFileSystem({ 'wide.png': pngHeader(3000, 10) }));
    expect(text(await tools.read.execute('c', { path: 'wide.png' }))).toBe(
      'Read image file [image/png]\n[Image omitted: could not be resized below the inline image size limit.]',
    );
  });

  it('resizes through an injected codec and adds pi\'s coordinate hint', async () => {
    const tools = createCodingToolMap(createMemoryFileSystem({ 'wide.png': pngHeader(3000, 10) }), {
      images: geometryCodec(),
    });
    const result = await tools.read.execute('c', { path: 'wide.png' });
    expect(text(result)).toBe(
      'Read image file [image/png]\n[Image: original 3000x10, displayed at 2000x7. Multiply coordinates by 1.50 to map to original image.]|[image]',
    );
  });

  it('adds pi\'s note when the current model takes no images', async () => {
    const model = { input: ['text'] } as unknown as Model;
    const tools = createCodingToolMap(createMemoryFileSystem({ 'p.png': pngHeader(4, 4) }), { getModel: () => model });
    const result = await tools.read.execute('c', { path: 'p.png' });
    expect(text(result)).toBe('Read image file [image/png]\n[Current model does not support images. The image will be omitted from this request.]|[image]');
  });

  it('find honours .gitignore outside a git repository, as pi runs fd with --no-require-git', async () => {
    const fs = createMemoryFileSystem({ '.gitignore': 'build/\nignored.ts\n', 'build/out.ts': '', 'ignored.ts': '', 'src/app.ts': '' });
    const tools = createCodingToolMap(fs);
    expect(text(await tools.find.execute('c', { pattern: '*.ts' }))).toBe('src/app.ts');
    // grep, like ripgrep, applies .gitignore only inside a repository.
    await fs.writeFile('build/out.ts', 'x');
    expect(text(await tools.grep.execute('c', { pattern: 'x' }))).toBe('build/out.ts:1: x');
  });

  it("reports a malformed grep glob in ripgrep 14's words (globset's text, checked with rg 13, plus rg 14's prefix)", async () => {
    const tools = createCodingToolMap(createMemoryFileSystem({ 'a.txt': 'foo' }));
    await expect(tools.grep.execute('c', { pattern: 'foo', glob: '[' })).rejects.toThrow("rg: error parsing glob '[': unclosed character class; missing ']'");
    await expect(tools.grep.execute('c', { pattern: 'foo', glob: '{a' })).rejects.toThrow(
      "rg: error parsing glob '{a': unclosed alternate group; missing '}' (maybe escape '{' with '[{]'?)",
    );
  });
});
