// What the address says about the first-run welcome: never open it when the address drives the app (automation
// parameters, a share link, `?welcome=0`), so demos and scripts start where they asked. `?welcome=1` shows it
// anyway (screenshots, a link for a newcomer).
import { parseAutomationParams } from './params.ts';
import { hasAutomationParams } from './startup.ts';
import { mentionsShareLink } from '../state/portable/portable.svelte.ts';
import type { WelcomeRequest } from '../state/shell/welcome.ts';

export const WELCOME_PARAM = 'welcome';

export function welcomeRequest(search: string, hash: string): WelcomeRequest {
  const query = new URLSearchParams(search);
  const asked = query.get(WELCOME_PARAM);
  if (asked !== null && ['1', 'true', 'yes', 'on', ''].includes(asked)) return 'show';
  if (asked !== null) return 'hide';
  if (mentionsShareLink(hash)) return 'hide';
  return hasAutomationParams(parseAutomationParams(query)) ? 'hide' : 'auto';
}
