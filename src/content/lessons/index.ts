// The lessons of pi's tool chapter, in gallery order (eighteen lessons, then the chapter's three exercises), and the
// helpers that play them and tie their captions to moments of the recorded run.
export { LESSONS, findLesson } from './catalog/index.ts';
export type * from './types.ts';
export {
  resolveAnchor, resolveCaptions, describeAnchor, type AnchorPosition, type LabelledRecordings, type ResolvedCaption,
} from './anchors.ts';
export {
  planLessonRuns, recordLesson, createLessonFiles,
  type LessonPlanResult, type LessonRunContext, type LessonRunPlan, type LessonWorld, type RecordLessonOptions, type RecordLessonResult,
} from './run-lesson.ts';
export { VALIDATION_MESSAGE } from './content/03-validation-and-retry.ts';
export { CONFIG_BEFORE } from './content/07-read-then-edit.ts';
export { BLOCK_REASON } from './content/10-hooks.ts';
export { TRUNCATION_MESSAGE } from './content/11-length-cut-off.ts';
export { NOT_FOUND_MESSAGE } from './content/15-tool-not-found.ts';
export { REPORT_TEXT } from './content/16-tool-usage.ts';
export { ABSOLUTE_PATH_ERROR, MISSING_FILE_ERROR } from './content/exercises.ts';
export { EXERCISE_LIST_DIR, EXERCISE_READ_FILE } from './content/exercise-code.ts';
