// How the details pane shows JSON: compact (short objects on one line, for reading), in a short scrolling box, the
// first 300 rows drawn until the reader asks for all.
import { t } from '../i18n/i18n.svelte.ts';

export const detailJson = {
  layout: 'compact',
  maxHeight: '280px',
  rowStep: 300,
  showAllLabel: (count: number) => t('timeline.details.showAll', { count }),
} as const;
