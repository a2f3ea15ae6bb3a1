import type { Db } from '../db/Database';

export const LOGIN_FAILURE_WINDOW_MS = 10 * 60_000;
export const LOGIN_MAX_FAILURES = 5;

/** A password attempt, counted before it is checked; struck out again unless the password was wrong. */
export interface PasswordAttempt {
  /** More than LOGIN_MAX_FAILURES attempts of this user name within the window, this one included. */
  tooMany: boolean;
  strikeOut(): Promise<void>;
}

/** Wrong passwords per user name within a sliding window (password login). */
export class LoginFailures {
  constructor(
    private readonly db: Db,
    private readonly now: () => number,
  ) {}

  /**
   * Writes the attempt down before it is checked, so parallel guesses count against each other, and
   * says whether the user name is over its limit.
   */
  async begin(userName: string): Promise<PasswordAttempt> {
    const at = this.now();
    await this.db.deleteFrom('login_failures').where('at', '<=', at - LOGIN_FAILURE_WINDOW_MS).execute();
    const attempt = await this.db.insertInto('login_failures').values({ id: undefined, user_name: userName, at }).returning('id').executeTakeFirstOrThrow();
    const failures = await this.db.selectFrom('login_failures').select(this.db.fn.countAll<number>().as('count')).where('user_name', '=', userName).where('at', '>', at - LOGIN_FAILURE_WINDOW_MS).executeTakeFirst();
    return {
      tooMany: Number(failures?.count ?? 0) > LOGIN_MAX_FAILURES,
      strikeOut: async () => void (await this.db.deleteFrom('login_failures').where('id', '=', attempt.id!).execute()),
    };
  }
}
