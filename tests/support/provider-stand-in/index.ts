// The provider stand-in for tests: a local server speaking five provider APIs' streaming formats from canned replies.
export { startProviderStandIn, type ProviderStandIn } from './server.ts';
export { BUILT_IN_SCRIPTS, WIRE_APIS, toolThenAnswer, type CannedReply, type Script, type StandInRequest, type WireApi } from './replies.ts';
