import { formatDate, shanghaiDayStart } from '@ops/sdk';
import { EMERGENCY_KIND_LABELS, EMERGENCY_WATER_LEVEL_HIGH_CM, type EmergencyKind } from '@ops/contracts';
import { emergencyMapStrings } from './emergencyMapStrings';
import type { SituationPage } from './situationEffects';

/** How each page reads its situation. */
export interface PageConfig {
  kinds: readonly EmergencyKind[];
  /** The name in 「…事件」. */
  label: string;
  /** Focus the newest active event when none is named (the rescue pages follow one operation). */
  autoFocus: boolean;
  /** Resources near the focused event rather than all of the tenant's. */
  nearEvent: boolean;
}
export const PAGE_CONFIG: Record<SituationPage, PageConfig> = {
  fireFighting: { kinds: ['FIRE'], label: EMERGENCY_KIND_LABELS.FIRE, autoFocus: true, nearEvent: true },
  fire: { kinds: ['FIRE'], label: EMERGENCY_KIND_LABELS.FIRE, autoFocus: false, nearEvent: false },
  evacuate: { kinds: ['STAMPEDE'], label: EMERGENCY_KIND_LABELS.STAMPEDE, autoFocus: true, nearEvent: true },
  floodPrevention: { kinds: ['FLOOD'], label: EMERGENCY_KIND_LABELS.FLOOD, autoFocus: true, nearEvent: true },
  water: { kinds: ['HYDRANT', 'FLOOD'], label: '水情', autoFocus: false, nearEvent: false },
};
export const PAGES = Object.keys(PAGE_CONFIG) as SituationPage[];
/** Device readings (pressure, levels, people) change all the time: read again this often. */
export const READINGS_REFRESH_MS = 30_000;
/** An alarm's event is opened just after the alarm is stored: look again a few times before saying there is none. */
export const ALARM_LOOKUPS = 6;
export const ALARM_LOOKUP_GAP_MS = 700;
/** The trends' window (hours). */
export const TREND_HOURS = 24;
export const WARNING_LINE = { value: EMERGENCY_WATER_LEVEL_HIGH_CM, label: emergencyMapStrings.warningLine(EMERGENCY_WATER_LEVEL_HIGH_CM) };

export const positiveInteger = (value: string | null) => {
  const number = Number(value);
  return value && Number.isInteger(number) && number > 0 ? number : null;
};
/** Today's first millisecond in Asia/Shanghai (今日火警 counts from it). */
export const shanghaiMidnight = () => shanghaiDayStart(formatDate(Date.now())) ?? Date.now();
