// The JSON viewer shared by the panels, the event log and Try it: folding, copying, paging long bodies, remarks.
import { defineMessages } from '../define.ts';

export const messages = defineMessages({
  en: {
    'json.copy': 'Copy',
    'json.copied': 'Copied',
    'json.copyLabel': 'Copy the JSON shown',
    'json.expandAll': 'Expand all',
    'json.collapseAll': 'Collapse all',
    'json.fold': 'Collapse {name}',
    'json.unfold': 'Expand {name}',
    'json.root': 'the whole value',
    'json.folded.object': '{count} keys',
    'json.folded.array': '{count} items',
    'json.missing': 'missing',
  },
  'zh-CN': {
    'json.copy': '复制',
    'json.copied': '已复制',
    'json.copyLabel': '复制当前显示的 JSON',
    'json.expandAll': '全部展开',
    'json.collapseAll': '全部折叠',
    'json.fold': '折叠 {name}',
    'json.unfold': '展开 {name}',
    'json.root': '整个值',
    'json.folded.object': '{count} 个键',
    'json.folded.array': '{count} 项',
    'json.missing': '缺失',
  },
});
