// Whether the first-run welcome opens on its own: once per browser (remembered in the preferences), unless the
// address asked otherwise (src/automation/welcome.ts reads what the address says).

/** What the address says about the welcome: show it, never show it, or leave it to the first-run rule. */
export type WelcomeRequest = 'show' | 'hide' | 'auto';

/** Whether to open the welcome when the shell first shows. */
export function opensWelcome(request: WelcomeRequest, seen: boolean): boolean {
  return request === 'show' || (request === 'auto' && !seen);
}
