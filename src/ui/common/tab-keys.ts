// The keys of a tab row, as the WAI-ARIA tabs pattern has them: the arrows move to the neighbouring tab and wrap
// around, Home and End go to the first and last. Every tab row in the app (the views, the files parts, the provider
// APIs, the export dialog) moves with these, so one keyboard habit works everywhere.

/**
 * The index of the tab `key` moves to from tab `index` of `count`, or undefined when the key is not a tab-row key.
 * `both`: ↑ and ↓ move too (a row that may wrap onto several lines).
 */
export function tabKeyTarget(key: string, index: number, count: number, orientation: 'horizontal' | 'both' = 'horizontal'): number | undefined {
  if (count <= 0) return undefined;
  if (key === 'Home') return 0;
  if (key === 'End') return count - 1;
  const vertical = orientation === 'both';
  const step = key === 'ArrowRight' || (vertical && key === 'ArrowDown') ? 1 : key === 'ArrowLeft' || (vertical && key === 'ArrowUp') ? -1 : 0;
  return step ? (index + step + count) % count : undefined;
}
