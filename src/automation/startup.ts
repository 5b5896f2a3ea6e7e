// Applies the URL's automation parameters when the app opens: first what decides the first paint (panel, layout,
// speed, compare), then, once the sandbox is ready, the lesson or scenario, the step target and autoplay — in
// that order, through the same actions as window.piPlayground. Problems go to the state's `problems`.
import type { AutomationController } from './controller.svelte.ts';
import type { ParsedParams } from './params.ts';

/** Synchronous: called while the shell is created, so the first frame already has the asked-for layout. */
export function applyLayoutParams(controller: AutomationController, { params, problems }: ParsedParams, panels: readonly string[]): void {
  for (const p of problems) controller.report(`${p.param}=${p.value}: ${p.reason}`);
  const known = (name: string, id: string) => {
    if (panels.includes(id)) return true;
    controller.report(`${name}=${id}: unknown panel (panels: ${panels.join(', ')})`);
    return false;
  };
  const { presentation, app } = controller;
  if (params.focus && known('focus', params.focus)) {
    presentation.setFocus(params.focus);
    app.views.setActive(params.focus);
    if (params.panel) controller.report(`panel=${params.panel}: ignored: focus=${params.focus} shows that panel`);
  } else if (params.panel && known('panel', params.panel)) {
    app.views.setActive(params.panel);
  }
  if (params.layout) presentation.setLayout(params.layout);
  if (params.speed !== undefined) app.run.setSpeed(params.speed);
  if (params.compare !== undefined) app.run.setCompare(params.compare);
}

/** Asynchronous: loads, steps and plays as the URL asks. Resolves when that is done (or has failed). */
export function applyRunParams(controller: AutomationController, parsed: ParsedParams): Promise<void> {
  // One action from start to end, so a script's whenIdle() does not slip in between loading and stepping.
  return controller.during(() => applyInOrder(controller, parsed));
}

async function applyInOrder(controller: AutomationController, { params }: ParsedParams): Promise<void> {
  const openPanel = !params.panel && !params.focus;
  if (params.lesson) {
    const loaded = await controller.loadLesson(params.lesson, { openPanel });
    if (!loaded.ok) return controller.report(`lesson=${params.lesson}: ${loaded.error}`);
  } else if (params.scenario) {
    const loaded = await controller.loadScenario(params.scenario, { openPanel });
    if (!loaded.ok) return controller.report(`scenario=${params.scenario}: ${loaded.error}`);
  }
  if (params.step) {
    const stepped = await controller.stepTo(params.step);
    const text = params.step.kind === 'events' ? String(params.step.count) : `phase:${params.step.callId}:${params.step.phase}`;
    if (!stepped.ok) controller.report(`step=${text}: ${stepped.error}`);
  }
  if (params.autoplay) await controller.play();
}

/** True when the URL asks for anything this module applies (so the app can skip the work otherwise). */
export function hasAutomationParams({ params, problems }: ParsedParams): boolean {
  return problems.length > 0 || params.autoplay || Object.entries(params).some(([key, value]) => key !== 'autoplay' && value !== undefined);
}
