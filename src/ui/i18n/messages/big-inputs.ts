// Big inputs that are summarised instead of drawn (Providers panel, JSON views) and numbers clamped into range.
import { defineMessages } from '../define.ts';

export const messages = defineMessages({
  en: {
    'providers.oversized.title': '{tool} is summarised, not shown in the requests below',
    'providers.oversized.bytes': 'Its schema is over {size}, past the 1 MB this panel encodes live for 16 APIs; drawing it would freeze the page. Runs still send it.',
    'providers.oversized.nodes': 'Its schema has over {nodes} nodes, past the 20,000 this panel encodes live for 16 APIs; drawing it would freeze the page. Runs still send it.',
    'providers.oversized.depth': 'Its schema is nested over {depth} levels deep, past the 256 this panel reads. Runs still send it.',
    'providers.json.cut': 'Showing the first {shown} of {total} lines ({size}). Copy gives the whole JSON; folding a node makes room for more.',
    'providers.json.more': 'Show {count} more lines',
    'numbers.clamped': '{what}: {value} is out of range; {used} is used instead ({min} to {max}).',
    'numbers.clamped.from': '{what} from {source}: {value} is out of range; {used} is used instead ({min} to {max}).',
  },
  'zh-CN': {
    'providers.oversized.title': '{tool} 仅显示摘要，不出现在下面的请求中',
    'providers.oversized.bytes': '它的 schema 超过 {size}，超出本面板为 16 个 API 实时编码的 1 MB 上限；绘制它会让页面卡死。运行时仍会发送它。',
    'providers.oversized.nodes': '它的 schema 超过 {nodes} 个节点，超出本面板为 16 个 API 实时编码的 20,000 个上限；绘制它会让页面卡死。运行时仍会发送它。',
    'providers.oversized.depth': '它的 schema 嵌套超过 {depth} 层，超出本面板读取的 256 层。运行时仍会发送它。',
    'providers.json.cut': '共 {total} 行（{size}），显示前 {shown} 行。“复制”会得到完整 JSON；折叠节点可腾出位置显示更多。',
    'providers.json.more': '再显示 {count} 行',
    'numbers.clamped': '{what}：{value} 超出范围，改用 {used}（{min} 到 {max}）。',
    'numbers.clamped.from': '来自 {source} 的 {what}：{value} 超出范围，改用 {used}（{min} 到 {max}）。',
  },
});
