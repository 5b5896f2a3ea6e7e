// Gathers every area's messages into one table per language. Each file in ./messages exports
// `messages = defineMessages({ en: {...}, 'zh-CN': {...} })`.
import { mergeAreas, type MessageArea } from './define.ts';

const modules = import.meta.glob<{ messages: MessageArea }>('./messages/*.ts', { eager: true });

export const CATALOG = mergeAreas(Object.entries(modules).map(([file, mod]) => ({ file, area: mod.messages })));
