import { describe, expect, it } from 'vitest';
import { paneSize, SIDEBAR_PANE, VIEWS_PANE } from './pane-sizes.ts';

describe('paneSize', () => {
  it('draws a stored width in range as it is, and no width at the fallback, without a problem', () => {
    expect(paneSize(SIDEBAR_PANE, 300)).toEqual({ size: 300, problem: null });
    expect(paneSize(VIEWS_PANE, undefined)).toEqual({ size: 460, problem: null });
  });

  it('draws a width out of range at the nearest bound and says so', () => {
    expect(paneSize(SIDEBAR_PANE, 9_999)).toEqual({ size: 420, problem: 'stored pane size sidebar=9999: outside the resize handle\'s range (180–420 px); drawn at 420' });
    expect(paneSize(VIEWS_PANE, -5).size).toBe(300);
    expect(paneSize(VIEWS_PANE, 1e308).size).toBe(960);
  });

  it('draws a width that is not a finite number at the fallback and says so', () => {
    expect(paneSize(SIDEBAR_PANE, Number.NaN)).toEqual({ size: 232, problem: expect.stringContaining('sidebar=NaN') });
    expect(paneSize(VIEWS_PANE, Infinity)).toMatchObject({ size: 460, problem: expect.stringContaining('drawn at 460') });
  });
});
