import { defineMessages } from '../define.ts';

export const messages = defineMessages({
  en: {
    'common.language': 'Language',
    'common.switchLanguage': 'Switch language',
  },
  'zh-CN': {
    'common.language': '语言',
    'common.switchLanguage': '切换语言',
  },
});
