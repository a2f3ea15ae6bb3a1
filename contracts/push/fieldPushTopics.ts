import type { FieldPositionsPushed } from '../field';
import { definePushTopic } from './PushTopic';
import { arrayOf, integer, number, object } from './pushSchema';

/** FIELD_POSITIONS: the positions of people (and UAVs) a tenant's tick moved, packed, at most once a second (server/field/). */
export const fieldPositionsPushTopic = definePushTopic<FieldPositionsPushed>({
  eventType: 'FIELD_POSITIONS',
  schema: object({ at: integer(), positions: arrayOf(number()) }),
});
