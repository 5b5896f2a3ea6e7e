// Finds the Chromium the test runners launch: $CHROMIUM_PATH, a Playwright-managed one, or Debian's.
import { existsSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { chromium } from 'playwright';

export const CHROMIUM_ARGS = [
  '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync',
];

const DEBIAN_CHROMIUM = ['/usr/bin/chromium', '/usr/lib/chromium/chromium'];

function managedChromium(): { shell?: string; full?: string } {
  let full: string;
  try { full = chromium.executablePath(); } catch { return {}; }
  const revDir = dirname(dirname(full));
  const rev = basename(revDir).split('-').pop();
  const shell = join(dirname(revDir), `chromium_headless_shell-${rev}`,
    'chrome-headless-shell-linux64', 'chrome-headless-shell');
  return { shell: existsSync(shell) ? shell : undefined, full: existsSync(full) ? full : undefined };
}

/** $CHROMIUM_PATH > Playwright-managed (undefined = let Playwright pick) > Debian's chromium. */
export function chromiumExecutablePath(): string | undefined {
  if (process.env.CHROMIUM_PATH) return process.env.CHROMIUM_PATH;
  const managed = managedChromium();
  if (managed.shell) return undefined;
  if (managed.full) return managed.full;
  return DEBIAN_CHROMIUM.find((p) => existsSync(p)) ?? DEBIAN_CHROMIUM[0];
}

/** True when some Chromium can be launched without downloading anything. */
export function chromiumAvailable(): boolean {
  const path = chromiumExecutablePath();
  return path === undefined || existsSync(path);
}

export function chromiumLaunchOptions() {
  const executablePath = chromiumExecutablePath();
  return { ...(executablePath ? { executablePath } : {}), args: CHROMIUM_ARGS };
}
