// Finds the ffmpeg Playwright records videos with. It is Playwright's own build, downloaded by
// `npx playwright install ffmpeg` into the browsers folder; Debian's ffmpeg is not used. No ffmpeg: no videos.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';

/** Where Playwright keeps its browsers (and ffmpeg), as Playwright itself decides it. */
function browsersFolder(): string {
  const configured = process.env.PLAYWRIGHT_BROWSERS_PATH;
  if (configured === '0') return join(process.cwd(), 'node_modules', 'playwright-core', '.local-browsers');
  if (configured) return configured;
  if (process.platform === 'darwin') return join(homedir(), 'Library', 'Caches', 'ms-playwright');
  if (process.platform === 'win32') return join(process.env.LOCALAPPDATA ?? join(homedir(), 'AppData', 'Local'), 'ms-playwright');
  return join(process.env.XDG_CACHE_HOME ?? join(homedir(), '.cache'), 'ms-playwright');
}

/** The ffmpeg revision this Playwright expects (from its browsers.json); null if that cannot be read. */
function expectedRevision(): string | null {
  try {
    const file = join(process.cwd(), 'node_modules', 'playwright-core', 'browsers.json');
    const { browsers } = JSON.parse(readFileSync(file, 'utf8')) as { browsers: { name: string; revision: string }[] };
    return browsers.find((b) => b.name === 'ffmpeg')?.revision ?? null;
  } catch {
    return null;
  }
}

const EXECUTABLE = process.platform === 'darwin' ? 'ffmpeg-mac' : process.platform === 'win32' ? 'ffmpeg-win64.exe' : 'ffmpeg-linux';

/** The path of Playwright's ffmpeg when it is installed, else null. */
export function findPlaywrightFfmpeg(): string | null {
  const folder = browsersFolder();
  const revision = expectedRevision();
  const candidates = revision ? [`ffmpeg-${revision}`] : (existsSync(folder) ? readdirSync(folder).filter((name) => name.startsWith('ffmpeg-')) : []);
  for (const name of candidates) {
    const path = join(folder, name, EXECUTABLE);
    if (existsSync(path)) return path;
  }
  return null;
}

export const VIDEO_SKIPPED_MESSAGE =
  "[demo] Videos skipped: Playwright's ffmpeg is not installed (run `npx playwright install ffmpeg` on a machine with network). Screenshots are still written.";
