/**
 * Emergency dispatch (安防应急): the calls under `/security/emergency/…`, shared by the web app (the
 * emergency-dispatch pages 调度事件任务 / 调度面板 and the emergency-map pages 人群疏散 / 火情 / 消防救援 /
 * 防汛 / 水情) and the server (server/emergency/).
 *
 * An emergency event (应急事件) is opened automatically when an alarm of a type whose manifest says
 * `emergency: { opensEvent: true }` is raised (alarmEmergencies; an alarm of the same kind within an
 * active event's radius joins that event instead), from an existing alarm by an operator, or by hand. It starts with the tasks of its kind's plan (EMERGENCY_PLANS,
 * offered one click each) and any the operator adds; each task is dispatched to a team (the tenant's
 * teams, shared with work orders) and moves only along EMERGENCY_TASK_TRANSITIONS. An event is closed
 * (处置中 → 已结束) only when every task is finished or cancelled. Every refused action answers 409 with a
 * message naming the current state and the action, and changes nothing. Every change is recorded in the
 * event's history (and in its alarms' history) and pushed to the tenant as EMERGENCY_PUSH_EVENT.
 *
 * Stable: later changes are additive only (new optional fields, new routes).
 */

export * from './emergencyKinds';
export * from './emergencyRows';
export * from './emergencyResources';
export * from './emergencyRequests';
export * from './emergencyPush';
export * from './alarmEmergencies';
