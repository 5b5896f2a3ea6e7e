// Vitest global setup of the browser project: one local network test server for the run; tests read its origin
// with inject('netTestServer').
import type { TestProject } from 'vitest/node';
import { startNetTestServer } from './net-test-server.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    netTestServer: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const server = await startNetTestServer();
  project.provide('netTestServer', server.origin);
  return () => server.close();
}
