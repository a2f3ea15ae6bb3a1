/**
 * The pages of the first minute of a fresh start (issue 21, firstMinute.e2e): `npm start`'s defaults — a month
 * of history and the simulator on — and every page of 综合态势, 告警管理, 运维管理, 安全应急 and 商业运营 shows
 * data with at most one empty panel, from the first visit.
 */
export const FIRST_MINUTE_PAGES: readonly string[] = [
  '/comprehensive',
  '/alarmManage',
  '/alarmManage/eventcenter',
  '/alarmManage/alarmstatistics',
  '/operation',
  '/operation/deviceoperation',
  '/operation/videodiagnosis',
  '/operation/workorder',
  '/securityEmergency',
  '/securityEmergency/dispatcheventtask',
  '/securityEmergency/dispatchpanel',
  '/securityEmergency/evacuate',
  '/securityEmergency/fire',
  '/securityEmergency/firefighting',
  '/securityEmergency/floodprevention',
  '/securityEmergency/water',
  '/business',
];

/**
 * Whether firstMinute.e2e opens every child page of the module (with the CSP recorded, as every e2e page is):
 * securityHeaders.e2e then loads the module itself for its headers but does not walk its children again.
 */
export const firstMinuteWalks = (childPaths: readonly string[]): boolean =>
  childPaths.length > 0 && childPaths.every((path) => FIRST_MINUTE_PAGES.includes(path));
