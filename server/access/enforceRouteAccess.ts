import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../db/Database';
import { forbidden } from '../envelope';
import type { Session } from './Session';
import type { DeviceGrants } from './DeviceGrants';
import type { RouteAccess } from './RouteAccess';
import { AccessCache, NO_PERMISSION, type UserAccess } from './UserAccess';

/** A route of the API as declared: what the route table, its tests and server/ROUTES.md are made of. */
export interface DeclaredRoute {
  method: string;
  url: string;
  access: RouteAccess;
  /** Where the route's inputs are declared (body, querystring, params). */
  schema: { body?: unknown; querystring?: unknown; params?: unknown };
  websocket: boolean;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: RouteAccess;
  }
  interface FastifyRequest {
    /** The caller's session, for every route that is not public. */
    session?: Session;
    /** The caller's permissions, for every route that is not public. */
    access?: UserAccess;
  }
}

/**
 * Makes the API scope refuse to start a route without an access declaration, and enforces the
 * declarations before anything else runs: no session → 401, no permission → 403, whatever was sent.
 * Returns the route table, filled as routes are added.
 */
export function enforceRouteAccess(
  api: FastifyInstance,
  deps: { db: Db; grants: DeviceGrants; requireSession(request: FastifyRequest): Promise<Session> },
): DeclaredRoute[] {
  const routes: DeclaredRoute[] = [];
  const accessOf = new AccessCache(deps.db, deps.grants);
  api.addHook('onRoute', (route) => {
    const declared = route.config?.access;
    const methods = [route.method].flat();
    if (!declared) throw new Error(`路由 ${methods.join(',')} ${route.url} 没有声明访问权限（config.access）`);
    for (const method of methods) {
      // Fastify adds a HEAD twin to every GET; it is the same route.
      if (method === 'HEAD') continue;
      routes.push({
        method,
        url: route.url,
        access: declared,
        schema: (route.schema ?? {}) as DeclaredRoute['schema'],
        websocket: Boolean((route as { websocket?: boolean }).websocket),
      });
    }
  });
  api.addHook('preValidation', async (request) => {
    const declared = request.routeOptions.config.access;
    if (!declared || declared.kind === 'public') return;
    request.session = await deps.requireSession(request);
    request.access = await accessOf.load(request.session);
    if (!request.access.allows(declared)) {
      request.log.info({ reqId: request.id, userId: request.session.userId, route: request.routeOptions.url }, '无权限的请求已拒绝');
      throw forbidden(NO_PERMISSION);
    }
  });
  return routes;
}
