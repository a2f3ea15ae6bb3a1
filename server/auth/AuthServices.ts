import type { FastifyRequest } from 'fastify';
import type { Session } from '../access/Session';
import { AppError, SESSION_ENDED_BY_ADMIN, SESSION_REPLACED, unauthorized } from '../envelope';
import type { CaptchaService } from './CaptchaService';
import type { RateLimiter } from './RateLimiter';
import type { SessionService } from './SessionService';
import type { SmsCodeService } from './SmsCodeService';
import type { LogSmsProvider, SmsProvider } from './SmsProvider';
import type { UserDirectory } from './UserDirectory';

/** The auth services the login routes use and every feature shares through ServerContext. */
export interface AuthServices {
  now: () => number;
  sessions: SessionService;
  sms: SmsCodeService;
  smsProvider: SmsProvider | LogSmsProvider;
  captcha: CaptchaService;
  /** Stored attempt limits of the login paths. */
  limits: RateLimiter;
  /** Accounts, authorization codes and tenant memberships. */
  users: UserDirectory;
  bearerToken(request: FastifyRequest): string | undefined;
  /** The caller's live session, or a 401 AppError. */
  requireSession(request: FastifyRequest): Promise<Session>;
}

export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  const match = typeof header === 'string' ? /^Bearer\s+(\S+)$/i.exec(header) : null;
  return match?.[1];
}

export function sessionGuard(sessions: SessionService) {
  return async (request: FastifyRequest): Promise<Session> => {
    const token = bearerToken(request);
    const session = token ? await sessions.touch(token) : undefined;
    if (session) return session;
    // Ended by a second login of the account or by an admin: the 401 says so (the app shows it as it logs out).
    const reason = token ? await sessions.endedReason(token) : undefined;
    throw reason === 'replaced'
      ? new AppError(401, SESSION_REPLACED)
      : reason === 'admin'
        ? new AppError(401, SESSION_ENDED_BY_ADMIN)
        : unauthorized();
  };
}
