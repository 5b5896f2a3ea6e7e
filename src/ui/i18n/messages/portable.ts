// Share links, workspace files, backups, pi session imports and the export to pi: what the page shows before any
// dialog opens (the menu, the share button, notices, undo labels). The dialogs' words are in portable-dialogs.ts.
import { defineMessages } from '../define.ts';

export const messages = defineMessages({
  en: {
    'portable.menu.share': 'Share link…',
    'portable.menu.import': 'Import and backups…',
    'portable.menu.exportFile': 'Export workspace file',
    'portable.menu.exportPi': 'Export to pi…',
    'portable.menu.importSession': 'Import pi session…',

    'portable.share.button': 'Share',







    'portable.import.backupsUnreadable': 'The backups could not be read from browser storage ({reason}).',

    'portable.notice.opened': 'Opened. Your previous workspace is kept as a backup (Import and backups), and Undo brings it back.',
    'portable.notice.sessionAdded': 'The session was added as a scenario and is replaying on the timeline.',
    'portable.notice.sessionAddedFiles': 'The session was added as a scenario and is replaying on the timeline. The {count} file(s) it read were added to your files.',
    'portable.notice.sessionFilesFailed': 'The session was added as a scenario and is replaying on the timeline, but the files it read could not be added to your files ({reason}), so its replay may differ.',
    'portable.notice.noBackup': 'Opened, but the backup could not be saved ({reason}). Undo still brings your previous workspace back.',
    'portable.notice.restored': 'Backup restored. Undo brings back what you had just before.',
    'portable.notice.restoredNoBackup': 'Backup restored, but the workspace it replaced could not be backed up ({reason}). Undo still brings it back.',
    'portable.notice.dismiss': 'Dismiss',
    'portable.loadFailed': 'Sharing, import and export could not be loaded: {reason}',

    'portable.undo.link': 'Open shared workspace',
    'portable.undo.file': 'Open workspace file',
    'portable.undo.session': 'Import pi session “{name}”',
    'portable.undo.restore': 'Restore backup',
  },
  'zh-CN': {
    'portable.menu.share': '分享链接…',
    'portable.menu.import': '导入与备份…',
    'portable.menu.exportFile': '导出工作区文件',
    'portable.menu.exportPi': '导出到 pi…',
    'portable.menu.importSession': '导入 pi 会话…',

    'portable.share.button': '分享',







    'portable.import.backupsUnreadable': '无法从浏览器存储读取备份（{reason}）。',

    'portable.notice.opened': '已打开。之前的工作区已保存为备份（见“导入与备份”），也可以用撤销恢复。',
    'portable.notice.sessionAdded': '会话已作为场景添加，正在时间线上回放。',
    'portable.notice.sessionAddedFiles': '会话已作为场景添加，正在时间线上回放。它读取过的 {count} 个文件已添加到你的文件中。',
    'portable.notice.sessionFilesFailed': '会话已作为场景添加，正在时间线上回放，但它读取过的文件未能添加到你的文件中（{reason}），因此回放结果可能不同。',
    'portable.notice.noBackup': '已打开，但备份未能保存（{reason}）。撤销仍可恢复之前的工作区。',
    'portable.notice.restored': '备份已恢复。撤销可回到恢复之前的状态。',
    'portable.notice.restoredNoBackup': '备份已恢复，但被替换的工作区未能备份（{reason}）。撤销仍可将其恢复。',
    'portable.notice.dismiss': '关闭提示',
    'portable.loadFailed': '无法加载分享、导入和导出功能：{reason}',

    'portable.undo.link': '打开分享的工作区',
    'portable.undo.file': '打开工作区文件',
    'portable.undo.session': '导入 pi 会话“{name}”',
    'portable.undo.restore': '恢复备份',
  },
});
