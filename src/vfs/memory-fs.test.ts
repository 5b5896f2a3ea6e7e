// The memory filesystem keeps bytes exactly, answers bad input with Node's error texts, and leaves every
// stored entry unchanged when an operation fails.
import { describe, expect, it } from 'vitest';
import { createMemoryFileSystem, FsError, snapshot } from './index.ts';

const message = (p: Promise<unknown>) => p.then(() => 'resolved', (e: Error) => e.message);

describe('memory filesystem', () => {
  it('keeps bytes exactly: BOM, CRLF, lone CR and invalid UTF-8 come back unchanged', async () => {
    const fs = createMemoryFileSystem();
    const raw = new Uint8Array([0xef, 0xbb, 0xbf, 0x61, 0x0d, 0x0a, 0x62, 0x0d, 0xff, 0x00]);
    await fs.writeFile('raw.bin', raw);
    expect([...(await fs.readFile('raw.bin'))]).toEqual([...raw]);
    expect(await fs.readText('raw.bin')).toBe('\uFEFFa\r\nb\r\uFFFD\u0000');
    expect((await fs.stat('raw.bin')).size).toBe(10);
  });

  it('resolves relative paths against the working directory and collapses .. at the root as Linux does', async () => {
    const fs = createMemoryFileSystem({}, { cwd: '/workspace' });
    await fs.writeFile('../../../../top.txt', 'x');
    expect(await fs.readdir('/')).toEqual(['top.txt', 'workspace']);
    expect(await fs.realpath('/workspace/./../top.txt')).toBe('/top.txt');
  });

  it("answers each misuse with Node's wording", async () => {
    const fs = createMemoryFileSystem({ 'a.txt': 'a', 'dir/b.txt': 'b' });
    expect(await message(fs.readFile('missing.txt'))).toBe("ENOENT: no such file or directory, open '/workspace/missing.txt'");
    expect(await message(fs.readFile('dir'))).toBe('EISDIR: illegal operation on a directory, read');
    expect(await message(fs.readFile('a.txt/x'))).toBe("ENOTDIR: not a directory, open '/workspace/a.txt/x'");
    expect(await message(fs.writeFile('dir', 'x'))).toBe("EISDIR: illegal operation on a directory, open '/workspace/dir'");
    expect(await message(fs.writeFile('no/such/file.txt', 'x'))).toBe("ENOENT: no such file or directory, open '/workspace/no/such/file.txt'");
    expect(await message(fs.mkdir('a.txt', { recursive: true }))).toBe("EEXIST: file already exists, mkdir '/workspace/a.txt'");
    expect(await message(fs.mkdir('a.txt/sub/deeper', { recursive: true }))).toBe("ENOTDIR: not a directory, mkdir '/workspace/a.txt/sub/deeper'");
    expect(await message(fs.mkdir('dir'))).toBe("EEXIST: file already exists, mkdir '/workspace/dir'");
    expect(await message(fs.readdir('a.txt'))).toBe("ENOTDIR: not a directory, scandir '/workspace/a.txt'");
    expect(await message(fs.remove('dir'))).toBe("ENOTEMPTY: directory not empty, rmdir '/workspace/dir'");
    expect(await message(fs.rename('nope', 'x'))).toBe("ENOENT: no such file or directory, rename '/workspace/nope' -> '/workspace/x'");
    expect(await message(fs.rename('dir', 'dir/inside'))).toBe("EINVAL: invalid argument, rename '/workspace/dir' -> '/workspace/dir/inside'");
    expect(await message(fs.stat(''))).toBe("ENOENT: no such file or directory, stat ''");
    expect(await message(fs.writeFile('bad\0name', 'x'))).toBe(
      "The argument 'path' must be a string, Uint8Array, or URL without null bytes. Received 'bad\\x00name'",
    );
    expect(await message(fs.writeFile('n'.repeat(256), 'x'))).toMatch(/^ENAMETOOLONG: name too long, open '\/workspace\/n+'$/);
    const error = await fs.readFile('missing.txt').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(FsError);
    expect(error).toMatchObject({ code: 'ENOENT', syscall: 'open', path: '/workspace/missing.txt' });
  });

  it('fails a write over the size limits with EFBIG or ENOSPC and keeps what was stored', async () => {
    const fs = createMemoryFileSystem({ 'keep.txt': 'kept' }, { maxFileBytes: 10, maxTotalBytes: 12 });
    const before = await snapshot(fs);
    expect(await message(fs.writeFile('big.txt', 'x'.repeat(11)))).toBe('EFBIG: file too large, write');
    expect(await message(fs.writeFile('more.txt', 'x'.repeat(9)))).toBe('ENOSPC: no space left on device, write');
    // Replacing a file counts only the difference.
    await fs.writeFile('keep.txt', 'x'.repeat(10));
    expect(await message(fs.writeFile('keep.txt', 'y'.repeat(11)))).toMatch(/^EFBIG/);
    expect((await snapshot(fs)).entries.map((e) => e.path)).toEqual(before.entries.map((e) => e.path));
  });

  it('creates, renames and removes whole trees, reporting each change once it is committed', async () => {
    let t = 1000;
    const fs = createMemoryFileSystem({}, { now: () => t });
    const changes: string[][] = [];
    fs.onChange((e) => changes.push(e.paths));
    await fs.mkdir('a/b/c', { recursive: true });
    t = 2000;
    await fs.writeFile('a/b/c/file.txt', 'hi');
    await fs.rename('a/b', 'moved');
    expect(await fs.readText('moved/c/file.txt')).toBe('hi');
    expect(await fs.exists('a/b')).toBe(false);
    expect((await fs.stat('moved/c/file.txt')).mtimeMs).toBe(2000);
    await fs.remove('moved', { recursive: true });
    expect(await fs.readdir('.')).toEqual(['a']);
    expect(changes[0]).toEqual(['/workspace/a', '/workspace/a/b', '/workspace/a/b/c', '/workspace']);
    expect(changes).toHaveLength(4);
  });

  it('runs mutations one at a time in call order', async () => {
    const fs = createMemoryFileSystem();
    await Promise.all([fs.writeFile('x.txt', '1'), fs.writeFile('x.txt', '2'), fs.mkdir('d'), fs.writeFile('d/y.txt', 'y')]);
    expect(await fs.readText('x.txt')).toBe('2');
    expect(await fs.readText('d/y.txt')).toBe('y');
  });

  it('hands out copies: changing returned bytes does not change the file', async () => {
    const fs = createMemoryFileSystem({ 'a.txt': 'abc' });
    const bytes = await fs.readFile('a.txt');
    bytes[0] = 0x7a;
    expect(await fs.readText('a.txt')).toBe('abc');
  });
});
