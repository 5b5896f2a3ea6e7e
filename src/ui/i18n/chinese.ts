// The Simplified Chinese table: every area's 'zh-CN' messages, a chunk of its own (see catalog.ts).
import { mergeTables, type MessageArea } from './define.ts';

const areas = import.meta.glob<{ messages: MessageArea }>('./messages/*.ts', { eager: true, query: { locale: 'zh-CN' } });

export const TABLE = mergeTables(areas, 'zh-CN');
