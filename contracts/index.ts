/**
 * The shared data entry (`@ops/contracts`): the types and constants the web app, its plugins and the
 * server all speak — API rows, queries and bodies, state machines and their Chinese labels, push
 * topics and payloads, and the manifest types generated from the JSON schemas. Data only: the core's
 * services, tokens and hooks are `@ops/sdk`. Each feature module is re-exported whole, so what a
 * contract adds is public at once (a name two modules both export fails type-check here).
 */

export * from './alarms';
export * from './devices';
export * from './workOrders';
export * from './operations';
export * from './emergency';
export * from './videoRooms';
export * from './weather';
export * from './panels';
export * from './push';
export * from './recognition';
export * from './watchlists';
export * from './lowAltitude';
export * from './situation';
export * from './patrols';
export * from './cases';
export * from './field';

// The API's routes, each declared once (contracts/api): plugins call them with @ops/sdk's `Api`.
export { errorMessage } from './errorMessage';
export { routes } from './api/routes';
export { MAX_DEVICE_PAGE_SIZE } from './api/deviceRoutes';
export type { BodyOf, DataOf, ParamsOf, QueryOf, ReplyOf, RouteInput } from './api/defineRoute';

// Manifests: what a plugin.json holds (types generated from schemas/) and what the loader makes of it.
export type { LoadedManifest } from './manifests/validateManifests';
export type { PluginKind, PluginManifest } from '../schemas/plugin.schema.gen';
export type { AlarmContribution } from '../schemas/contributions/alarm.schema.gen';
export type { DeviceContribution } from '../schemas/contributions/device.schema.gen';
export type { MapEffectContribution } from '../schemas/contributions/map-effect.schema.gen';
