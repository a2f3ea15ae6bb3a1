/**
 * Test and story helpers of the core, for plugins (as `@ops/sdk/testing`); never imported by app code.
 */

// Services for a component under test: a map of fake services by token, and the provider useService reads.
export { ServiceMap } from './di/ServiceLocator';
export { ContainerProvider } from './di/ContainerProvider';
// The contract caller over a fake HttpClient, for pages that call `useService(Api)`.
export { createApiCaller } from './http/ApiCaller';
// The in-app bus as the shell has it, to publish routed pushes at a component or layer under test.
export { SimpleEventBus } from './push/EventBus';

// Device fakes: real catalogue kinds from the device manifests, plausible rows, a fake device API, and
// the signed-in user's device grants.
export { allDeviceKinds, deviceKind, fakeDeviceApi, fakeRows, setDeviceGrants } from './devices/testing/fakeDevices';
