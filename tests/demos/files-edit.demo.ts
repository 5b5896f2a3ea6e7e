// npm run demo: lesson 7, pi's read and edit tools on the lesson's files.
import { runDemo } from './support/run-demo.ts';
import { filesEdit } from './scripts/files-edit.ts';

runDemo(filesEdit);
