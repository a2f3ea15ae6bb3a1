// The declaration is pure data and lives with the API contract (contracts/api), so the web app can read it too.
export { access, describeAccess, type DeviceAction, type RouteAccess } from '../../contracts/api/routeAccess';
