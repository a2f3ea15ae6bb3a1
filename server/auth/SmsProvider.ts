import type { FastifyBaseLogger } from 'fastify';

/** Sends an SMS code; a real gateway implements this in production. */
export interface SmsProvider {
  send(phone: string, code: string): Promise<void>;
}

/**
 * Default provider: writes the code to the server log. Only when the dev flag is set does it keep
 * the last code per phone in memory, for the dev endpoint end-to-end tests read.
 */
export class LogSmsProvider implements SmsProvider {
  private readonly lastCodes = new Map<string, string>();

  constructor(
    private readonly log: FastifyBaseLogger,
    private readonly keepForDev: boolean,
  ) {}

  async send(phone: string, code: string): Promise<void> {
    this.log.info(`短信验证码 phone=${phone} code=${code}`);
    if (this.keepForDev) this.lastCodes.set(phone, code);
  }

  lastCode(phone: string): string | undefined {
    return this.keepForDev ? this.lastCodes.get(phone) : undefined;
  }
}
