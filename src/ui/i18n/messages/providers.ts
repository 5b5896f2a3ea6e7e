// The providers panel's tab name, shown before any panel has opened; the panel's own words are in
// providers-panel.ts (a deferred area, catalog.ts).
import { defineMessages } from '../define.ts';

export const messages = defineMessages({
  en: {
    'providers.tab': 'Providers',
  },
  'zh-CN': {
    'providers.tab': '提供商',
  },
});
