// The trust prompt's static scan of incoming code: imports, network use, computed access (CodeFacts.svelte).
import { defineMessages } from '../define.ts';

export const messages = defineMessages({
  en: {
    'portable.scan.note': 'Found by a static scan of the text, not by running it: code can compute names, descriptions, modules and network addresses when it runs.',
    'portable.scan.namesNote': 'Names and descriptions as written in the source. They may be computed at run time, so the tool that runs can differ.',
    'portable.scan.more': 'First {shown} of {total} lines.',
    'portable.scan.imports': 'Imports: {list}',
    'portable.scan.noImports': 'Imports no module.',
    'portable.scan.dynamicImport': '{name} (loaded with import(…))',
    'portable.scan.computedImport': 'a module computed at run time: import({expression})',
    'portable.scan.network': 'Tries to use the network: {list}',
    'portable.scan.noNetwork': 'The scan found no network use.',
    'portable.scan.at': '{what} (line {line})',
    'portable.scan.computed': 'Computed access, may reach anything: {list}',
  },
  'zh-CN': {
    'portable.scan.note': '以上由对文本的静态扫描得出，并未运行代码：代码在运行时可以计算出名称、描述、模块和网络地址。',
    'portable.scan.namesNote': '名称和描述按源码中所写显示。它们可能在运行时计算得出，实际运行的工具可能不同。',
    'portable.scan.more': '共 {total} 行，显示前 {shown} 行。',
    'portable.scan.imports': '导入：{list}',
    'portable.scan.noImports': '未导入任何模块。',
    'portable.scan.dynamicImport': '{name}（通过 import(…) 加载）',
    'portable.scan.computedImport': '运行时计算出的模块：import({expression})',
    'portable.scan.network': '尝试使用网络：{list}',
    'portable.scan.noNetwork': '扫描未发现网络使用。',
    'portable.scan.at': '{what}（第 {line} 行）',
    'portable.scan.computed': '计算得出的访问，可能触及任何东西：{list}',
  },
});
