// BMP files read as pi reads them: converted to PNG with pi's note, the same pixels as pi's Photon output.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { unzlibSync } from 'fflate';
import * as piTools from '../../../node_modules/@earendil-works/pi-coding-agent/dist/core/tools/index.js';
import { describe, expect, it } from 'vitest';
import type { ImageContent, TextContent } from '../../ai/index.ts';
import type { AgentTool } from '../../engine/index.ts';
import { createCodingToolMap, createMemoryFileSystem } from '../index.ts';

/** A BMP with a 40-byte header, bottom-up rows, `bpp` 24 or 32, from RGB pixels. */
function bmp(width: number, height: number, pixels: [number, number, number][], bpp: 24 | 32): Uint8Array {
  const stride = Math.ceil((width * bpp) / 32) * 4;
  const size = 54 + stride * height;
  const b = new Uint8Array(size);
  const v = new DataView(b.buffer);
  b.set([0x42, 0x4d]);
  v.setUint32(2, size, true);
  v.setUint32(10, 54, true);
  v.setUint32(14, 40, true);
  v.setInt32(18, width, true);
  v.setInt32(22, height, true);
  v.setUint16(26, 1, true);
  v.setUint16(28, bpp, true);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const [r, g, bl] = pixels[y * width + x];
      b.set([bl, g, r, 255].slice(0, bpp / 8), 54 + (height - 1 - y) * stride + (x * bpp) / 8);
    }
  }
  return b;
}

/** RGBA pixels of an 8-bit RGB or RGBA PNG (all five row filters). */
function decodePng(png: Uint8Array): { width: number; height: number; rgba: number[] } {
  const v = new DataView(png.buffer, png.byteOffset);
  const width = v.getUint32(16);
  const height = v.getUint32(20);
  const channels = png[25] === 6 ? 4 : 3;
  const idat: Uint8Array[] = [];
  for (let o = 8; o < png.length;) {
    const len = v.getUint32(o);
    if (String.fromCharCode(...png.subarray(o + 4, o + 8)) === 'IDAT') idat.push(png.subarray(o + 8, o + 8 + len));
    o += 12 + len;
  }
  const raw = unzlibSync(Uint8Array.from(idat.flatMap((c) => [...c])));
  const stride = width * channels;
  const out = new Uint8Array(stride * height);
  for (let y = 0; y < height; y++) {
    const filter = raw[y * (stride + 1)];
    for (let x = 0; x < stride; x++) {
      const cur = raw[y * (stride + 1) + 1 + x];
      const a = x >= channels ? out[y * stride + x - channels] : 0;
      const b = y > 0 ? out[(y - 1) * stride + x] : 0;
      const c = x >= channels && y > 0 ? out[(y - 1) * stride + x - channels] : 0;
      const p = a + b - c;
      const paeth = Math.abs(p - a) <= Math.abs(p - b) && Math.abs(p - a) <= Math.abs(p - c) ? a : Math.abs(p - b) <= Math.abs(p - c) ? b : c;
      out[y * stride + x] = (cur + [0, a, b, (a + b) >> 1, paeth][filter]) & 255;
    }
  }
  const rgba: number[] = [];
  for (let i = 0; i < width * height; i++) rgba.push(...out.subarray(i * channels, i * channels + 3), channels === 4 ? out[i * channels + 3] : 255);
  return { width, height, rgba };
}

const pixels: [number, number, number][] = [[255, 0, 0], [0, 255, 0], [0, 0, 255], [10, 20, 30], [200, 100, 50], [0, 0, 0]];

describe('BMP images', () => {
  for (const bpp of [24, 32] as const) {
    it(`converts a ${bpp}-bit BMP to PNG with pi's note and pi's pixels`, async () => {
      const bytes = bmp(3, 2, pixels, bpp);
      const dir = mkdtempSync(join(tmpdir(), 'pi-bmp-'));
      try {
        writeFileSync(join(dir, 'p.bmp'), bytes);
        const theirs = await (piTools.createReadTool(dir) as unknown as AgentTool).execute('c', { path: 'p.bmp' } as never);
        const ours = await createCodingToolMap(createMemoryFileSystem({ 'p.bmp': bytes })).read.execute('c', { path: 'p.bmp' });
        expect((ours.content[0] as TextContent).text).toBe((theirs.content[0] as TextContent).text);
        expect((ours.content[0] as TextContent).text).toBe('Read image file [image/png]\n[Image converted from image/bmp to image/png.]');
        const [mine, pis] = [ours, theirs].map((r) => r.content[1] as ImageContent);
        expect(mine.mimeType).toBe(pis.mimeType);
        expect(decodePng(Buffer.from(mine.data, 'base64'))).toEqual(decodePng(Buffer.from(pis.data, 'base64')));
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    });
  }
});
