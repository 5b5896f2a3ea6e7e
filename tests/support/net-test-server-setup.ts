// Vitest global setup of the browser project: one local network test server and one stand-in for the token count
// endpoints for the run; tests read their origins with inject('netTestServer') and inject('countEndpoints').
import type { TestProject } from 'vitest/node';
import { startCountEndpointsServer } from './count-endpoints-server.ts';
import { startNetTestServer } from './net-test-server.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    netTestServer: string;
    countEndpoints: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const [server, counts] = await Promise.all([startNetTestServer(), startCountEndpointsServer()]);
  project.provide('netTestServer', server.origin);
  project.provide('countEndpoints', counts.origin);
  return async () => { await Promise.all([server.close(), counts.close()]); };
}
