// Saves bytes or text through the browser's download (a temporary object URL on a clicked link).
export function downloadBlob(fileName: string, content: string | Uint8Array, type: string): void {
  const part: BlobPart = typeof content === 'string' ? content : new Uint8Array(content);
  const url = URL.createObjectURL(new Blob([part], { type }));
  const link = Object.assign(document.createElement('a'), { href: url, download: fileName });
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** The page's address without its fragment: where a share link points. */
export function pageBase(): string {
  return location.href.split('#')[0];
}
