import type { FastifyInstance } from 'fastify';
import type { ServerDeps } from '../ServerDeps';
import { authRoutes } from './authRoutes';

/** Logins, sessions, SMS codes, the captcha and their limits (the services are the ServerContext's). */
export async function registerAuth(api: FastifyInstance, { ctx }: ServerDeps): Promise<void> {
  await authRoutes(api, ctx);
}
