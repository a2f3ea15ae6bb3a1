import { CASE_GROUPS, CASE_STATUS_LABELS, type CaseGroup, type CaseKind, type CaseStatus } from '@ops/contracts';

/** Each page (lawEnforcement's child) and the case group it shows, with its name in titles. */
export const CASE_PAGES: Record<string, { group: CaseGroup; name: string }> = {
  lawComplaintSuggestions: { group: 'complaintSuggestion', name: '投诉建议' },
  lawOther: { group: 'other', name: '其他事件' },
  greenEnv: { group: 'greenEnv', name: '绿化环境' },
  lawParkingManagement: { group: 'parking', name: '违停' },
};
export const DEFAULT_CASE_PAGE = 'lawComplaintSuggestions';

export const kindsOf = (group: CaseGroup): readonly CaseKind[] => CASE_GROUPS[group];

/** The colour of a case on the map and in the legend, by status. */
export const STATUS_COLORS: Record<CaseStatus, string> = {
  registered: '#ff4d4f',
  assigned: '#ffa940',
  handled: '#40a9ff',
  closed: '#52c41a',
  rejected: '#8c8c8c',
};
export const STATUS_INTENTS: Record<CaseStatus, 'danger' | 'warning' | 'primary' | 'success' | 'none'> = {
  registered: 'danger',
  assigned: 'warning',
  handled: 'primary',
  closed: 'success',
  rejected: 'none',
};
export const STATUS_LEGEND = (Object.keys(STATUS_COLORS) as CaseStatus[]).map((status) => ({
  status,
  name: CASE_STATUS_LABELS[status],
  color: STATUS_COLORS[status],
}));

/** A positive integer from a search parameter, else null. */
export function positiveInteger(value: string | null): number | null {
  if (!value || !/^\d{1,10}$/.test(value)) return null;
  const number = Number(value);
  return number > 0 && number <= 2147483647 ? number : null;
}
