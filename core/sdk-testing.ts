/**
 * Test and story helpers of the core, for plugins (as `@ops/sdk/testing`); never imported by app code.
 */

// Device fakes: real catalogue kinds from the device manifests, plausible rows and a fake device API.
export { allDeviceKinds, deviceKind, fakeDeviceApi, fakeRows } from './devices/testing/fakeDevices';
