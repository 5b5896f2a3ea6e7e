// Words shared by small components used everywhere: the language name, copy buttons, dialogs, the theme toggle.
import { defineMessages } from '../define.ts';

export const messages = defineMessages({
  en: {
    'common.language': 'Language',
    'common.switchLanguage': 'Switch language',
    'common.copy': 'Copy',
    'common.copied': 'Copied',
    'common.copyWhat': 'Copy {what}',
    'common.cancel': 'Cancel',
    'common.close': 'Close',
    'common.theme.light': 'Light theme',
    'common.theme.dark': 'Dark theme',
    'common.theme.system': 'Theme follows the system',
    'common.theme.next.light': 'light',
    'common.theme.next.dark': 'dark',
    'common.theme.next.system': 'follow the system',
    'common.theme.label': '{current} (switch to {next})',
    'common.theme.title': '{current} — click for {next}',
  },
  'zh-CN': {
    'common.language': '语言',
    'common.switchLanguage': '切换语言',
    'common.copy': '复制',
    'common.copied': '已复制',
    'common.copyWhat': '复制{what}',
    'common.cancel': '取消',
    'common.close': '关闭',
    'common.theme.light': '浅色主题',
    'common.theme.dark': '深色主题',
    'common.theme.system': '主题跟随系统',
    'common.theme.next.light': '浅色',
    'common.theme.next.dark': '深色',
    'common.theme.next.system': '跟随系统',
    'common.theme.label': '{current}（切换为{next}）',
    'common.theme.title': '{current} — 点击切换为{next}',
  },
});
