// Vitest global setup of the browser project: one local network test server and one stand-in for the token count
// endpoints and one provider stand-in for the run; tests read their origins with inject('netTestServer'),
// inject('countEndpoints') and inject('providerStandIn').
import type { TestProject } from 'vitest/node';
import { startCountEndpointsServer } from './count-endpoints-server.ts';
import { startNetTestServer } from './net-test-server.ts';
import { startProviderStandIn, toolThenAnswer } from './provider-stand-in/index.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    netTestServer: string;
    countEndpoints: string;
    /** The provider stand-in's origin; `live-weather` calls get_weather for Paris, then answers. */
    providerStandIn: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const [server, counts, standIn] = await Promise.all([startNetTestServer(), startCountEndpointsServer(), startProviderStandIn()]);
  standIn.setScript('live-weather', toolThenAnswer('get_weather', { city: 'Paris' }, 'It is sunny in Paris.'));
  project.provide('netTestServer', server.origin);
  project.provide('countEndpoints', counts.origin);
  project.provide('providerStandIn', standIn.url);
  return async () => { await Promise.all([server.close(), counts.close(), standIn.close()]); };
}
