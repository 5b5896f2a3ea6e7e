// The header's Welcome and Lessons buttons. The first-run welcome itself (three ways in: learn, try a schema,
// automate a demo) and its automation help page have their words in welcome-dialog.ts, loaded with the dialog.
import { defineMessages } from '../define.ts';

export const messages = defineMessages({
  en: {
    'welcome.open': 'Welcome',
    'welcome.openHint': 'Where to start: lessons, a tool schema, or automating a demo',
    'welcome.lessons': 'Lessons',
    'welcome.lessonsHint': 'Open the lessons',
  },
  'zh-CN': {
    'welcome.open': '欢迎',
    'welcome.openHint': '从哪里开始：课程、工具 Schema，或自动化演示',
    'welcome.lessons': '课程',
    'welcome.lessonsHint': '打开课程',
  },
});
