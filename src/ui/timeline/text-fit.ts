// Text that must fit a fixed width in the SVG (lane labels, run totals), measured by an estimate instead of the
// DOM: layout reads per frame would cost more than the drawing. CJK characters count double.

export function textWidth(text: string, charPx: number): number {
  let units = 0;
  for (const ch of text) units += /[\u2e80-\u9fff\uff00-\uffef]/.test(ch) ? 1.8 : 1;
  return units * charPx;
}

/** `text`, cut with an ellipsis when it would be wider than `maxPx`. */
export function fitText(text: string, maxPx: number, charPx: number): string {
  if (textWidth(text, charPx) <= maxPx) return text;
  let out = '';
  for (const ch of text) {
    if (textWidth(`${out}${ch}…`, charPx) > maxPx) break;
    out += ch;
  }
  return `${out}…`;
}
