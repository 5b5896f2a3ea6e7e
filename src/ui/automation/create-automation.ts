// Builds the automation contract for one mounted app: the controller over its state objects, wired to the UI's
// language and panel registry, and the window API in front of it. The shell calls this once.
import type { AppState } from '../../state/shell/context.ts';
import { AutomationController } from '../../automation/index.ts';
import { i18n, isLocale, t } from '../i18n/i18n.svelte.ts';
import { lt, plainText } from '../lessons/lesson-text.ts';
import { scenarioName } from '../scenario/scenario-names.ts';
import { createPlaygroundApi, type PiPlaygroundApi } from './window-api.ts';

export interface Automation {
  controller: AutomationController;
  api: PiPlaygroundApi;
}

export function createAutomation(app: AppState, panels: () => string[]): Automation {
  const controller = new AutomationController(app, app.presentation, {
    panels,
    locale: () => i18n.locale,
    setLocale: (locale) => {
      if (!isLocale(locale)) return false;
      i18n.set(locale);
      return true;
    },
    scenarioName,
    newScenarioName: () => t('automation.scenarioName'),
  });
  const api = createPlaygroundApi(controller, {
    panels,
    lessonTitle: (id) => {
      const lesson = app.lessons.find(id);
      return lesson ? plainText(lt(lesson.title)) : id;
    },
    scenarioName: (id) => {
      const item = app.scenarios.items.find((i) => i.id === id);
      return item ? scenarioName(item) : id;
    },
  });
  return { controller, api };
}
