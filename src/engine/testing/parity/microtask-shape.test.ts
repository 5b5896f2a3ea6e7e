// The engine facts our loop's fast paths rely on (docs/decisions/engine-microtask-shape.md): awaiting a plain value
// costs the same ticks as awaiting pi's small async helpers. If a JavaScript engine ever changes this, this fails
// before the differential tests start to flake.
import { expect, it } from 'vitest';

it('awaiting a value costs what awaiting an async helper costs', async () => {
  const order: string[] = [];
  const ticks = (n: number) => { let p = Promise.resolve(); for (let i = 1; i <= n; i++) { const k = i; p = p.then(() => { order.push(`tick${k}`); }); } };
  async function returnsAtOnce() { return 1; }
  async function awaitsOnce() { await undefined; return 1; }
  ticks(4);
  void (async () => { await returnsAtOnce(); order.push('asyncHelper'); })();
  void (async () => { await 1; order.push('plainValue'); })();
  void (async () => { await Promise.all([]); order.push('emptyAll'); })();
  void (async () => { await awaitsOnce(); order.push('helperWithAwait'); })();
  void (async () => { await undefined; await undefined; order.push('twoValues'); })();
  await new Promise((resolve) => setTimeout(resolve, 0));
  expect(order).toEqual(['tick1', 'asyncHelper', 'plainValue', 'emptyAll', 'tick2', 'helperWithAwait', 'twoValues', 'tick3', 'tick4']);
});
