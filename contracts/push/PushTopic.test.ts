import Ajv from 'ajv';
import { describe, expect, it } from 'vitest';
import pushEvents from '../../registry/pushEvents.json';
import type { WorkOrderChanged } from '../workOrders';
import { definePushTopic, PUSH_TOPICS, workOrderPushTopic } from '../push';
import { arrayOf, enumOf, integer, object, orNull, text } from './pushSchema';

const routes: Record<string, unknown> = pushEvents.events;

describe('the declared push topics', () => {
  it('have one topic per event type, each routed by registry/pushEvents.json', () => {
    const eventTypes = PUSH_TOPICS.map((topic) => topic.eventType);
    expect(new Set(eventTypes).size).toBe(eventTypes.length);
    for (const eventType of eventTypes) expect(routes[eventType], eventType).toBeDefined();
  });

  it('have schemas ajv compiles in strict mode', () => {
    const ajv = new Ajv({ strict: true });
    for (const topic of PUSH_TOPICS) expect(() => ajv.compile(topic.schema), topic.eventType).not.toThrow();
  });
});

describe('the schema builders', () => {
  const ajv = new Ajv({ strict: true });

  it('require every property but the optional ones, allow null only where asked, and leave the object open', () => {
    const validate = ajv.compile(object({ id: integer(), name: orNull(text()), tags: arrayOf(enumOf(['a', 'b'])) }, { note: text() }));
    expect(validate({ id: 1, name: null, tags: ['a'] })).toBe(true);
    expect(validate({ id: 1, name: 'x', tags: [], note: 'n', added: true })).toBe(true);
    expect(validate({ id: 1, tags: [] })).toBe(false);
    expect(validate({ id: null, name: 'x', tags: [] })).toBe(false);
    expect(validate({ id: 1.5, name: 'x', tags: [] })).toBe(false);
    expect(validate({ id: 1, name: 'x', tags: ['c'] })).toBe(false);
    expect(validate({ id: 1, name: 'x', tags: [], note: 3 })).toBe(false);
  });
});

/** Type-level: a schema that does not accept exactly the payload type does not compile. */
describe('a topic whose schema and payload type disagree', () => {
  const fields = {
    orderId: integer(),
    orderNo: text(),
    action: enumOf(['assign', 'accept', 'progress', 'close', 'reopen', 'cancel', 'create', 'photo', 'escalate']),
    actionName: text(),
    status: enumOf(['PENDING', 'ASSIGNED', 'PROCESSING', 'DONE', 'CANCELLED']),
    statusName: text(),
    alarmId: orNull(integer()),
    userId: orNull(integer()),
    time: integer(),
  };

  it('fails to compile: a missing, extra, mistyped or wrongly nullable field, or a hand-written schema', () => {
    expect(definePushTopic<WorkOrderChanged>({ eventType: 'WORK_ORDER', schema: object(fields) }).schema).toEqual(
      workOrderPushTopic.schema,
    );
    const { time: _time, ...withoutTime } = fields;
    // @ts-expect-error `time` is missing from the schema
    definePushTopic<WorkOrderChanged>({ eventType: 'WORK_ORDER', schema: object(withoutTime) });
    // @ts-expect-error the schema has a field the type does not
    definePushTopic<WorkOrderChanged>({ eventType: 'WORK_ORDER', schema: object({ ...fields, extra: text() }) });
    // @ts-expect-error orderId is a number, not a string
    definePushTopic<WorkOrderChanged>({ eventType: 'WORK_ORDER', schema: object({ ...fields, orderId: text() }) });
    // @ts-expect-error alarmId may be null: a schema refusing null would drop real messages
    definePushTopic<WorkOrderChanged>({ eventType: 'WORK_ORDER', schema: object({ ...fields, alarmId: integer() }) });
    // @ts-expect-error a status outside the contract's list
    definePushTopic<WorkOrderChanged>({ eventType: 'WORK_ORDER', schema: object({ ...fields, status: enumOf(['PENDING', 'LOST']) }) });
    // @ts-expect-error a hand-written schema carries no type, so nothing would check it
    definePushTopic<WorkOrderChanged>({ eventType: 'WORK_ORDER', schema: { type: 'object' } });
  });
});
