import type { FastifyRequest } from 'fastify';
import type { Session } from '../access/Session';
import type { UserAccess } from '../access/UserAccess';
import { unauthorized } from '../envelope';

/**
 * The caller's session, which enforceRouteAccess put on the request of every route that is not
 * public; a 401 if there is none (a public route asking for one), never a crash on `undefined`.
 */
export function sessionOf(request: Pick<FastifyRequest, 'session'>): Session {
  if (!request.session) throw unauthorized();
  return request.session;
}

/** The caller's permissions, loaded beside the session; a 401 if there are none. */
export function accessOf(request: Pick<FastifyRequest, 'access'>): UserAccess {
  if (!request.access) throw unauthorized();
  return request.access;
}
