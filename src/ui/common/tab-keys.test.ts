import { describe, expect, it } from 'vitest';
import { tabKeyTarget } from './tab-keys.ts';

describe('tabKeyTarget', () => {
  it('moves to the neighbouring tab with the arrows, wrapping at both ends', () => {
    expect(tabKeyTarget('ArrowRight', 0, 3)).toBe(1);
    expect(tabKeyTarget('ArrowRight', 2, 3)).toBe(0);
    expect(tabKeyTarget('ArrowLeft', 0, 3)).toBe(2);
    expect(tabKeyTarget('ArrowLeft', 2, 3)).toBe(1);
  });

  it('goes to the first tab with Home and the last with End', () => {
    expect(tabKeyTarget('Home', 2, 4)).toBe(0);
    expect(tabKeyTarget('End', 0, 4)).toBe(3);
  });

  it('leaves other keys, and ↑ ↓ unless the row moves both ways, to the page', () => {
    expect(tabKeyTarget('Enter', 1, 3)).toBeUndefined();
    expect(tabKeyTarget('ArrowDown', 1, 3)).toBeUndefined();
    expect(tabKeyTarget('ArrowDown', 1, 3, 'both')).toBe(2);
    expect(tabKeyTarget('ArrowUp', 0, 3, 'both')).toBe(2);
    expect(tabKeyTarget('End', 0, 0)).toBeUndefined();
  });
});
