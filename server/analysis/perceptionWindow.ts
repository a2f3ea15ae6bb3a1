import { PERCEPTION_MAX_DAYS } from '../../contracts/api/perceptionRoutes';
import { badRequest } from '../envelope';
import { DAY_MS } from '../stats/periods';
import { analysisWindow, type AnalysisWindow } from './analysisWindow';

/**
 * The window of a perception page's query: an analysis window (a backwards range refused) no longer
 * than PERCEPTION_MAX_DAYS days, so every record query stays a bounded range on the tenant + time index.
 */
export function perceptionWindow(query: { beginTime: number; endTime: number }, now: number): AnalysisWindow {
  const window = analysisWindow(query, now);
  if (query.endTime - query.beginTime >= PERCEPTION_MAX_DAYS * DAY_MS)
    throw badRequest(`时间范围（beginTime 至 endTime）不能超过 ${PERCEPTION_MAX_DAYS} 天`);
  return window;
}
