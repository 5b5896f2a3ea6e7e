// Whether the first-run welcome opens on its own: once per browser (remembered in the preferences), and never when
// the address drives the app (automation parameters, a share link, `?welcome=0`), so demos and scripts start
// where they asked. `?welcome=1` shows it anyway (screenshots, a link for a newcomer).
import { parseAutomationParams } from './automation-params.ts';
import { hasAutomationParams } from './automation-startup.ts';
import { mentionsShareLink } from './portable.svelte.ts';

export const WELCOME_PARAM = 'welcome';

/** What the address says about the welcome: show it, never show it, or leave it to the first-run rule. */
export type WelcomeRequest = 'show' | 'hide' | 'auto';

export function welcomeRequest(search: string, hash: string): WelcomeRequest {
  const query = new URLSearchParams(search);
  const asked = query.get(WELCOME_PARAM);
  if (asked !== null && ['1', 'true', 'yes', 'on', ''].includes(asked)) return 'show';
  if (asked !== null) return 'hide';
  if (mentionsShareLink(hash)) return 'hide';
  return hasAutomationParams(parseAutomationParams(query)) ? 'hide' : 'auto';
}

/** Whether to open the welcome when the shell first shows. */
export function opensWelcome(request: WelcomeRequest, seen: boolean): boolean {
  return request === 'show' || (request === 'auto' && !seen);
}
