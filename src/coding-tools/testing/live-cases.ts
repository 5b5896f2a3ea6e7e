// Differential cases for read, write, edit and ls, run live against pi 0.85.1's real tools on a temp
// directory and against ours on the memory filesystem. Paths: file keys are relative to the workspace
// (the cwd) unless they start with `/`; `$ROOT` in arguments is the virtual root (a temp dir for pi).

export type FileContent = string | Uint8Array;

export interface ParityCase {
  name: string;
  files?: Record<string, FileContent>;
  /** Empty directories to create (relative like file keys). */
  dirs?: string[];
  calls: { tool: 'read' | 'write' | 'edit' | 'ls'; args: unknown }[];
  /** Run the calls concurrently (per-file mutation queue) instead of one after the other. */
  parallel?: boolean;
  /** Files whose bytes are compared after the calls. */
  after?: string[];
}

const THREE = 'line one\nline two\nline three\n';
const lines = (n: number, f: (i: number) => string) => Array.from({ length: n }, (_, i) => f(i + 1)).join('\n') + '\n';
const bytes = (...b: number[]) => new Uint8Array(b);
const fromBase64 = (s: string) => Uint8Array.from(atob(s), (c) => c.charCodeAt(0));
const TINY_PNG = fromBase64('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==');
const TINY_GIF = fromBase64('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7');
const TINY_WEBP = fromBase64('UklGRiQAAABXRUJQVlA4IBgAAAAwAQCdASoBAAEAAwA0JaQAA3AA/vuUAAA=');
function pngHeaderOnly(width: number, height: number): Uint8Array {
  const b = TINY_PNG.slice();
  new DataView(b.buffer).setUint32(16, width);
  new DataView(b.buffer).setUint32(20, height);
  return b;
}
// An animated PNG (acTL before IDAT): pi reads it as text, not as an image.
const APNG = new Uint8Array([...TINY_PNG.slice(0, 33), 0, 0, 0, 8, 0x61, 0x63, 0x54, 0x4c, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, ...TINY_PNG.slice(33)]);

const read = (name: string, files: Record<string, FileContent>, ...argsList: unknown[]): ParityCase =>
  ({ name: `read.${name}`, files, calls: argsList.map((args) => ({ tool: 'read', args })) });

export const readCases: ParityCase[] = [
  read('basic', { 'a.txt': THREE }, { path: 'a.txt' }),
  read('missing', {}, { path: 'nope.txt' }),
  { name: 'read.directory', dirs: ['src'], calls: [{ tool: 'read', args: { path: 'src' } }] },
  read('crlf', { 'c.txt': 'one\r\ntwo\r\nthree\r\n' }, { path: 'c.txt' }),
  read('bom', { 'b.txt': '\uFEFFbom text\nsecond\n' }, { path: 'b.txt' }),
  read('unicode', { 'u.txt': 'héllo wörld\n日本語のテキスト\nemoji 🎉👍\n' }, { path: 'u.txt' }),
  read('offset', { 'a.txt': THREE }, { path: 'a.txt', offset: 2 }),
  read('offset_limit_more_remaining', { 'a.txt': THREE }, { path: 'a.txt', offset: 1, limit: 2 }),
  read('offset_beyond_eof', { 'a.txt': THREE }, { path: 'a.txt', offset: 5 }),
  read('offset_is_last_empty_line', { 'a.txt': THREE }, { path: 'a.txt', offset: 4 }),
  read('offset_beyond_eof_empty_file', { 'e.txt': '' }, { path: 'e.txt', offset: 2 }),
  read('empty_file', { 'e.txt': '' }, { path: 'e.txt' }),
  read('limit_zero', { 'a.txt': THREE }, { path: 'a.txt', limit: 0 }),
  read('limit_negative', { 'a.txt': THREE }, { path: 'a.txt', limit: -1 }),
  read('offset_fractional', { 'a.txt': THREE }, { path: 'a.txt', offset: 1.5, limit: 1 }),
  read('offset_zero_and_negative', { 'a.txt': THREE }, { path: 'a.txt', offset: 0 }, { path: 'a.txt', offset: -3 }),
  read('limit_past_end', { 'a.txt': THREE }, { path: 'a.txt', offset: 3, limit: 50 }),
  read('big_lines_truncated', { 'big.txt': lines(2500, (i) => `line ${i}`) }, { path: 'big.txt' }),
  read('big_lines_offset_continues', { 'big.txt': lines(2500, (i) => `line ${i}`) }, { path: 'big.txt', offset: 2001 }),
  read('big_bytes_truncated', { 'wide.txt': lines(1001, (i) => `${String(i).padStart(4, '0')} ${'x'.repeat(95)}`) }, { path: 'wide.txt' }),
  read('big_lines_limit_10', { 'big.txt': lines(2500, (i) => `line ${i}`) }, { path: 'big.txt', offset: 100, limit: 10 }),
  read('first_line_too_long', { 'one-long-line.txt': `${'y'.repeat(60000)}\n` }, { path: 'one-long-line.txt' }),
  read('line_too_long_after_short', { 'mixed.txt': `short 1\nshort 2\n${'z'.repeat(70000)}\nshort 4\n` },
    { path: 'mixed.txt' }, { path: 'mixed.txt', offset: 3 }),
  read('multibyte_bytes_truncated', { 'mb.txt': lines(3000, () => 'é'.repeat(20)) }, { path: 'mb.txt' }),
  read('binary_non_image', { 'bin.dat': bytes(0x66, 0x6f, 0x6f, 0x00, 0xff, 0xfe, 0x0a, 0xc3, 0x28, 0x62, 0x61, 0x72, 0x0a) }, { path: 'bin.dat' }),
  read('png_tiny', { 'pixel.png': TINY_PNG }, { path: 'pixel.png' }),
  read('png_without_extension', { 'pixel': TINY_PNG }, { path: 'pixel' }),
  read('gif_tiny', { 'pixel.gif': TINY_GIF }, { path: 'pixel.gif' }),
  read('webp_tiny', { 'pixel.webp': TINY_WEBP }, { path: 'pixel.webp' }),
  read('apng_read_as_text', { 'anim.png': APNG }, { path: 'anim.png' }),
  read('png_oversize_unreadable', { 'wide.png': pngHeaderOnly(3000, 10) }, { path: 'wide.png' }),
  read('png_name_but_text', { 'fake.png': 'not really an image\n' }, { path: 'fake.png' }),
  read('tilde', { '/home/user/notes.txt': 'home note\n' }, { path: '~/notes.txt' }),
  read('at_prefix', { 'a.txt': THREE }, { path: '@a.txt' }),
  read('file_url', { 'a.txt': THREE }, { path: 'file://$ROOT/workspace/a.txt' }),
  read('absolute', { 'a.txt': THREE }, { path: '$ROOT/workspace/a.txt' }),
  read('dotdot', { 'a.txt': THREE, 'src/x.ts': 'x\n' }, { path: 'src/../a.txt' }),
  read('outside_cwd', { '/outside.txt': 'outside\n' }, { path: '../outside.txt' }),
  read('file_with_trailing_slash', { 'hello.txt': 'hello\n' }, { path: 'hello.txt/' }),
  read('nbsp_in_path', { 'a b.txt': 'spaced\n' }, { path: 'a\u00A0b.txt' }),
  read('straight_quote_finds_curly', { 'it\u2019s.txt': 'curly\n' }, { path: "it's.txt" }),
  read('path_through_file', { 'a.txt': THREE }, { path: 'a.txt/inner.txt' }),
  read('nul_in_path', { 'a.txt': THREE }, { path: 'a\u0000b.txt' }),
  read('empty_path_is_the_cwd', { 'a.txt': THREE }, { path: '' }),
  read('tilde_alone_is_home', {}, { path: '~' }),
  read('tilde_user_not_expanded', {}, { path: '~root/x.txt' }),
  read('validation_missing_path', {}, {}),
  read('validation_bad_offset', { 'a.txt': THREE }, { path: 'a.txt', offset: 'x' }),
  read('offset_string_coerced', { 'a.txt': THREE }, { path: 'a.txt', offset: '2' }),
  read('validation_null_optional', { 'a.txt': THREE }, { path: 'a.txt', limit: null }),
  read('extra_property', { 'a.txt': THREE }, { path: 'a.txt', bogus: true }),
];

const write = (name: string, files: Record<string, FileContent>, after: string[], ...argsList: unknown[]): ParityCase =>
  ({ name: `write.${name}`, files, after, calls: argsList.map((args) => ({ tool: 'write', args })) });

export const writeCases: ParityCase[] = [
  write('basic', {}, ['new.txt'], { path: 'new.txt', content: 'hello\n' }),
  write('overwrite', { 'a.txt': THREE }, ['a.txt'], { path: 'a.txt', content: 'replaced' }),
  write('creates_parents', {}, ['deep/er/file.txt'], { path: 'deep/er/file.txt', content: 'deep' }),
  { name: 'write.into_directory', dirs: ['src'], calls: [{ tool: 'write', args: { path: 'src', content: 'x' } }] },
  write('parent_is_file', { 'a.txt': THREE }, ['a.txt'], { path: 'a.txt/b.txt', content: 'x' }),
  write('grandparent_is_file', { 'a.txt': THREE }, ['a.txt'], { path: 'a.txt/b/c.txt', content: 'x' }),
  write('crlf_content_verbatim', {}, ['crlf.txt'], { path: 'crlf.txt', content: 'one\r\ntwo\r\n' }),
  write('bom_content_verbatim', {}, ['bom.txt'], { path: 'bom.txt', content: '\uFEFFwith bom\n' }),
  write('empty_content', {}, ['empty.txt'], { path: 'empty.txt', content: '' }),
  write('unicode', {}, ['u.txt'], { path: 'u.txt', content: 'naïve café 🚀\n' }),
  write('tilde', {}, ['/home/user/written.txt'], { path: '~/written.txt', content: 'home' }),
  write('at_prefix', {}, ['out/at.txt'], { path: '@out/at.txt', content: 'at' }),
  write('outside_cwd', {}, ['/outside.txt'], { path: '../outside.txt', content: 'out' }),
  write('absolute', {}, ['abs.txt'], { path: '$ROOT/workspace/abs.txt', content: 'abs' }),
  write('nul_in_path', {}, [], { path: 'a\u0000b.txt', content: 'x' }),
  write('empty_path_is_the_cwd', {}, [], { path: '', content: 'x' }),
  write('dot_segments', {}, ['x/z.txt'], { path: './x/./y/../z.txt', content: 'z' }),
  write('validation_missing_content', {}, [], { path: 'x.txt' }),
  write('validation_number_content_coerced', {}, ['n.txt'], { path: 'n.txt', content: 42 }),
  write('then_read', {}, ['w.txt'], { path: 'w.txt', content: 'written then read\n' }),
  { ...write('parallel_same_file', {}, ['same.txt'], { path: 'same.txt', content: 'first' }, { path: 'same.txt', content: 'second' }), parallel: true },
];
writeCases.find((c) => c.name === 'write.then_read')!.calls.push({ tool: 'read', args: { path: 'w.txt' } });

const edit = (name: string, content: FileContent, ...argsList: unknown[]): ParityCase =>
  ({ name: `edit.${name}`, files: { 'f.txt': content }, after: ['f.txt'], calls: argsList.map((args) => ({ tool: 'edit', args })) });
const one = (oldText: string, newText: string) => ({ path: 'f.txt', edits: [{ oldText, newText }] });
const many = (...pairs: [string, string][]) => ({ path: 'f.txt', edits: pairs.map(([oldText, newText]) => ({ oldText, newText })) });
const CODE = 'function a() {\n  return 1;\n}\n\nfunction b() {\n  return 2;\n}\n';

export const editCases: ParityCase[] = [
  edit('single', CODE, one('return 1;', 'return 10;')),
  { name: 'edit.missing_file', calls: [{ tool: 'edit', args: { path: 'edits/nope.ts', edits: [{ oldText: 'a', newText: 'b' }] } }] },
  { name: 'edit.directory', dirs: ['src'], calls: [{ tool: 'edit', args: { path: 'src', edits: [{ oldText: 'a', newText: 'b' }] } }] },
  edit('empty_path_is_the_cwd', CODE, { path: '', edits: [{ oldText: 'a', newText: 'b' }] }),
  edit('path_through_file', CODE, { path: 'f.txt/x', edits: [{ oldText: 'a', newText: 'b' }] }),
  edit('empty_edits_array', CODE, { path: 'f.txt', edits: [] }),
  edit('not_found', CODE, one('return 3;', 'x')),
  edit('not_found_multi', CODE, many(['return 1;', 'x'], ['return 3;', 'y'])),
  edit('duplicate', CODE, one('return', 'yield')),
  edit('duplicate_multi', CODE, many(['function a', 'function A'], ['}', ']'])),
  edit('error_order_notfound_before_duplicate', CODE, many(['return', 'x'], ['missing', 'y'])),
  edit('overlap', CODE, many(['return 1;\n}', 'A'], ['}\n\nfunction b', 'B'])),
  edit('nested_overlap', CODE, many(['function a() {\n  return 1;', 'A'], ['return 1', 'B'])),
  edit('adjacent_ok', 'abcdef\n', many(['abc', 'ABC'], ['def', 'DEF'])),
  edit('multi_disjoint', CODE, many(['return 2;', 'return 20;'], ['return 1;', 'return 10;'])),
  edit('no_change', CODE, one('return 1;', 'return 1;')),
  edit('no_change_multi', CODE, many(['return 1;', 'return 1;'], ['return 2;', 'return 2;'])),
  edit('empty_oldText', CODE, one('', 'x')),
  edit('empty_oldText_multi', CODE, many(['return 1;', 'x'], ['', 'y'])),
  edit('crlf_file_lf_oldtext', 'one\r\ntwo\r\nthree\r\n', one('one\ntwo', 'ONE\nTWO')),
  edit('crlf_oldtext_from_model', 'one\r\ntwo\r\nthree\r\n', one('two\r\nthree', 'deux\r\ntrois')),
  edit('bom_preserved', '\uFEFFfirst\nsecond\n', one('second', 'SECOND')),
  edit('bom_crlf', '\uFEFFa\r\nb\r\n', one('b', 'B\nC')),
  edit('mixed_endings_first_is_lf', 'one\ntwo\r\nthree\rfour\n', one('four', 'FOUR')),
  edit('mixed_endings_first_is_crlf', 'one\r\ntwo\nthree\n', one('three', '3')),
  edit('fuzzy_smart_quotes', 'say \u201Chi\u201D and \u2018bye\u2019\nuntouched \u201Cquote\u201D\n', one('say "hi"', 'say "hello"')),
  edit('fuzzy_trailing_whitespace', 'keep   \nalpha  \nbeta\ngamma  \n', one('alpha\nbeta', 'ALPHA\nBETA')),
  edit('fuzzy_nfkc', 'the \uFB01le is here\nnext line\n', one('the file is here', 'the document is here')),
  edit('fuzzy_dashes_and_spaces', 'range 1\u20132\u00A0items\nother\n', one('range 1-2 items', 'range 1-3 items')),
  edit('fuzzy_duplicate_counted_after_normalising', 'x \u201Cq\u201D\nx "q"\n', one('x "q"', 'y')),
  edit('fuzzy_multi_mixed', 'a \u201Cb\u201D\nplain line\nc\n', many(['plain line', 'PLAIN'], ['a "b"', 'A'])),
  edit('dollar_patterns_literal', 'price: 10\n', one('10', '$& $1 $$ $`')),
  edit('wrong_indentation_not_found', CODE, one('    return 1;', '  return 11;')),
  edit('no_leading_whitespace_fuzz', CODE, one('turn 2', 'turn 22')),
  edit('unicode', 'naïve 日本 🎉 end\n', one('日本 🎉', '中国 🎊')),
  edit('edits_as_json_string', CODE, { path: 'f.txt', edits: JSON.stringify([{ oldText: 'return 1;', newText: 'return 11;' }]) }),
  edit('edits_as_json_string_object', CODE, { path: 'f.txt', edits: JSON.stringify({ oldText: 'return 2;', newText: 'return 22;' }) }),
  edit('edits_as_single_object', CODE, { path: 'f.txt', edits: { oldText: 'return 1;', newText: 'return 111;' } }),
  edit('legacy_oldText_newText', CODE, { path: 'f.txt', oldText: 'return 2;', newText: 'return 222;' }),
  edit('legacy_appended_after_edits', CODE, { path: 'f.txt', edits: [{ oldText: 'return 1;', newText: 'one' }], oldText: 'return 2;', newText: 'two' }),
  edit('edits_as_invalid_json_string', CODE, { path: 'f.txt', edits: '[{oldText:' }),
  edit('validation_missing_newText', CODE, { path: 'f.txt', edits: [{ oldText: 'return 1;' }] }),
  edit('diff_distant_changes', lines(40, (i) => `row ${i}`), many(['row 3\n', 'ROW 3\n'], ['row 30\n', 'ROW 30\n'])),
  edit('at_prefix_and_tilde_paths', CODE, { path: '@f.txt', edits: [{ oldText: 'return 1;', newText: 'r1' }] }),
  { ...edit('sequential_edits_same_file', CODE, one('return 1;', 'return 5;'), one('return 2;', 'return 6;')), parallel: true },
];

export const lsCases: ParityCase[] = [
  { name: 'ls.basic', files: { 'a.txt': 'a', 'src/x.ts': 'x', '.hidden': 'h', '.gitignore': 'a.txt\n', node_modules: '' }, calls: [{ tool: 'ls', args: {} }] },
  { name: 'ls.missing', calls: [{ tool: 'ls', args: { path: 'nope' } }] },
  { name: 'ls.file', files: { 'a.txt': 'a' }, calls: [{ tool: 'ls', args: { path: 'a.txt' } }] },
  { name: 'ls.empty_directory', dirs: ['empty'], calls: [{ tool: 'ls', args: { path: 'empty' } }] },
  {
    name: 'ls.sorting',
    files: Object.fromEntries(['_under.txt', '-dash.txt', '.dotfile', '~tilde.txt', '10.txt', '9.txt', 'A.txt', 'b.txt', 'ete.txt', 'été.txt'].map((n) => [`sort/${n}`, n])),
    dirs: ['sort/alpha', 'sort/Zeta'],
    calls: [{ tool: 'ls', args: { path: 'sort' } }],
  },
  { name: 'ls.limit', files: Object.fromEntries([0, 1, 2, 3, 4].map((i) => [`many/f0${i}.txt`, ''])), calls: [{ tool: 'ls', args: { path: 'many', limit: 2 } }] },
  { name: 'ls.limit_exact', files: Object.fromEntries([0, 1].map((i) => [`two/f0${i}.txt`, ''])), calls: [{ tool: 'ls', args: { path: 'two', limit: 2 } }] },
  { name: 'ls.limit_zero', files: { 'many/a.txt': '' }, calls: [{ tool: 'ls', args: { path: 'many', limit: 0 } }] },
  {
    name: 'ls.byte_limit_only',
    files: Object.fromEntries(Array.from({ length: 300 }, (_, i) => [`wide/${String(i).padStart(3, '0')}-${'n'.repeat(200)}.txt`, ''])),
    calls: [{ tool: 'ls', args: { path: 'wide' } }],
  },
  {
    name: 'ls.entry_and_byte_limits',
    files: Object.fromEntries(Array.from({ length: 600 }, (_, i) => [`lots/${String(i).padStart(3, '0')}-${'m'.repeat(120)}.txt`, ''])),
    calls: [{ tool: 'ls', args: { path: 'lots' } }],
  },
  { name: 'ls.empty_string_path', files: { 'a.txt': 'a' }, calls: [{ tool: 'ls', args: { path: '' } }] },
  { name: 'ls.tilde', files: { '/home/user/notes.txt': 'n' }, calls: [{ tool: 'ls', args: { path: '~' } }] },
  { name: 'ls.trailing_slash', files: { 'src/a.ts': 'a', 'src/deep/b.ts': 'b' }, calls: [{ tool: 'ls', args: { path: 'src/' } }] },
  { name: 'ls.outside_cwd', files: { '/outside.txt': 'o' }, calls: [{ tool: 'ls', args: { path: '..' } }] },
  { name: 'ls.validation_bad_limit', files: { 'a.txt': 'a' }, calls: [{ tool: 'ls', args: { limit: 'many' } }] },
];

export const liveCases: ParityCase[] = [...readCases, ...writeCases, ...editCases, ...lsCases];
