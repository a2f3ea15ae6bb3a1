import type { InsertQueryBuilder, QueryCreator, UpdateQueryBuilder } from 'kysely';
import { dialectOf, type Database, type Db } from '../db/Database';

type AlarmRow = Database['alarms'];

/** A change of one alarm row that returns the changed row (RETURNING *), or none when its conditions refuse it. */
export type AlarmChange = (
  creator: QueryCreator<Database>,
) => UpdateQueryBuilder<Database, 'alarms', 'alarms', AlarmRow> | InsertQueryBuilder<Database, 'alarms', AlarmRow>;

/** The history line a change writes; the alarm's id comes from the changed row. */
export interface ChangeLine {
  at: number;
  userId: number | null;
  action: string;
  fromStatus: string | null;
  toStatus: string | null;
  comment: string;
}

/**
 * Runs `change` and writes its history line only when it changed a row, atomically. PostgreSQL does both
 * in one statement (a data-modifying WITH: the line is selected from the changed row), so an operator's
 * step is one round trip instead of a transaction of three; SQLite, in process, runs the two in a transaction.
 */
export async function changeWithHistory(db: Db, change: AlarmChange, line: ChangeLine): Promise<AlarmRow | undefined> {
  if (dialectOf(db) === 'postgres')
    return db
      .with('changed', (creator) => change(creator))
      .with('logged', (creator) =>
        creator
          .insertInto('alarm_history')
          .columns(['alarm_id', 'at', 'user_id', 'action', 'from_status', 'to_status', 'comment'])
          .expression((eb) =>
            eb.selectFrom('changed').select((inner) => [
              'changed.alarm_id',
              // Typed: PostgreSQL takes an untyped parameter in a select list for text.
              inner.cast<number>(inner.val(line.at), 'bigint').as('at'),
              inner.cast<number | null>(inner.val(line.userId), 'integer').as('user_id'),
              inner.cast<string>(inner.val(line.action), 'text').as('action'),
              inner.cast<string | null>(inner.val(line.fromStatus), 'text').as('from_status'),
              inner.cast<string | null>(inner.val(line.toStatus), 'text').as('to_status'),
              inner.cast<string>(inner.val(line.comment), 'text').as('comment'),
            ]),
          ),
      )
      .selectFrom('changed')
      .selectAll()
      .executeTakeFirst();
  return db.transaction().execute(async (trx) => {
    const changed = await change(trx).executeTakeFirst();
    if (changed)
      await trx
        .insertInto('alarm_history')
        .values({
          id: undefined,
          alarm_id: changed.alarm_id!,
          at: line.at,
          user_id: line.userId,
          action: line.action,
          from_status: line.fromStatus,
          to_status: line.toStatus,
          comment: line.comment,
        })
        .execute();
    return changed;
  });
}
