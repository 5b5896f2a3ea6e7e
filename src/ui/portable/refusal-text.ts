// Words a refusal (portable.error.<code>) in the reader's language, with the parts that are codes themselves
// (what a malformed field should have been) worded too.
import type { PortableError } from '../../portable/index.ts';
import { t } from '../i18n/i18n.svelte.ts';

export function refusalText(error: PortableError): string {
  const params = { ...error.params };
  if (typeof params.expected === 'string') params.expected = t(`portable.expected.${params.expected}`);
  return t(`portable.error.${error.code}`, params);
}
