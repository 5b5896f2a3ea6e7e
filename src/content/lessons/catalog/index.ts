// The lessons of pi's tool chapter as data, in gallery order: eighteen lessons, then the chapter's three exercises.
// Plain data (sources as text), so the app can list lessons without loading the engine that plays them.
import { toolsInTheLoop } from '../content/01-tools-in-the-loop.ts';
import { whatTheModelSees } from '../content/02-what-the-model-sees.ts';
import { validationAndRetry } from '../content/03-validation-and-retry.ts';
import { throwOrReturn } from '../content/04-throw-or-return.ts';
import { parallelVsSequential } from '../content/05-parallel-vs-sequential.ts';
import { oneSequentialTool } from '../content/06-one-sequential-tool.ts';
import { readThenEdit } from '../content/07-read-then-edit.ts';
import { terminateBatch } from '../content/08-terminate.ts';
import { addedToolNames } from '../content/09-added-tool-names.ts';
import { hooksLesson } from '../content/10-hooks.ts';
import { lengthCutOff } from '../content/11-length-cut-off.ts';
import { abortLesson } from '../content/12-abort.ts';
import { optionalAndRequired } from '../content/13-optional-and-required.ts';
import { oneToolThreeProviders } from '../content/14-one-tool-three-providers.ts';
import { toolNotFound } from '../content/15-tool-not-found.ts';
import { toolUsage } from '../content/16-tool-usage.ts';
import { promptOrAgentLoop } from '../content/17-prompt-or-agent-loop.ts';
import { strictMode } from '../content/18-strict-mode.ts';
import { listDirExercise, missingPathExercise, timingExercise } from '../content/exercises.ts';
import type { Lesson } from '../types.ts';

export const LESSONS: readonly Lesson[] = [
  toolsInTheLoop, whatTheModelSees, validationAndRetry, throwOrReturn, parallelVsSequential, oneSequentialTool,
  readThenEdit, terminateBatch, addedToolNames, hooksLesson, lengthCutOff, abortLesson,
  optionalAndRequired, oneToolThreeProviders, toolNotFound, toolUsage, promptOrAgentLoop, strictMode,
  listDirExercise, missingPathExercise, timingExercise,
];

/** The lesson with this id, or undefined. */
export function findLesson(id: string): Lesson | undefined {
  return LESSONS.find((lesson) => lesson.id === id);
}
