// The lessons of pi's tool chapter, in gallery order (eighteen lessons, then the chapter's three exercises), and the
// helpers that play them and tie their captions to moments of the recorded run.
export { LESSONS, findLesson } from './catalog.ts';
export type * from './types.ts';
export {
  resolveAnchor, resolveCaptions, describeAnchor, type AnchorPosition, type LabelledRecordings, type ResolvedCaption,
} from './anchors.ts';
export {
  planLessonRuns, recordLesson, createLessonFiles,
  type LessonPlanResult, type LessonRunContext, type LessonRunPlan, type LessonWorld, type RecordLessonOptions, type RecordLessonResult,
} from './run-lesson.ts';
