import { Tag, type Intent } from '@blueprintjs/core';
import type { AlarmRow } from '../../../contracts/alarms';
import { alarmGradeLabels } from '../../alarms/alarmStrings';
import { formatMonthDayTime, formatNumber } from '../../format/timeFormat';
import { WidgetState } from '../WidgetState/WidgetState';
import { booleanOption, numberOption, type WidgetProps } from '../widgetProps';
import { widgetStrings as t } from '../widgetStrings';
import './AlarmList.css';

/** The colour of an alarm grade, the same on every alarm screen: high red, medium orange, low blue. */
export function gradeIntent(grade: string): Intent {
  return grade === 'ALARM_GRADE_HIGH' ? 'danger' : grade === 'ALARM_GRADE_MEDIUM' ? 'warning' : 'primary';
}

const STATUS_INTENT: Record<string, Intent> = {
  ALARM_STATUS_UNTREATED: 'danger',
  ALARM_STATUS_PROCESSING: 'warning',
  ALARM_STATUS_COMPLET: 'primary',
  ALARM_STATUS_CONFIRMED: 'success',
};

/**
 * `alarmList`: alarms newest first (`AlarmRow`s, as the alarm list route returns them), each with its
 * grade colour, type name, content, device and time (`MM-DD HH:mm:ss`, Asia/Shanghai). Options:
 * `limit` (rows shown), `showStatus` (default true). A click calls `onOpen(String(alarmId))`.
 */
export function AlarmList({ data, options, status, error, onRetry, onOpen, wall }: WidgetProps<'alarmList'>) {
  const limit = numberOption(options, 'limit');
  const showStatus = booleanOption(options, 'showStatus') ?? true;
  const rows: AlarmRow[] = limit !== undefined ? (data?.rows ?? []).slice(0, Math.max(1, Math.round(limit))) : (data?.rows ?? []);
  const total = data?.total ?? 0;
  return (
    <WidgetState status={status} empty={rows.length === 0} error={error} onRetry={onRetry} wall={wall} className="ops-alarm-list">
      <ul className="ops-alarm-list__rows ops-widget__scroll" aria-label={t.alarmListLabel}>
        {rows.map((row) => {
          const grade = alarmGradeLabels[row.grade] ?? row.grade;
          const time = formatMonthDayTime(row.createTime);
          const body = (
            <>
              <span className={`ops-alarm-list__grade-bar ops-alarm-list__grade-bar--${gradeIntent(row.grade)}`} aria-hidden />
              <span className="ops-alarm-list__main">
                <span className="ops-alarm-list__line">
                  <span className="ops-alarm-list__type" title={row.alarmTypeName}>
                    {row.alarmTypeName}
                  </span>
                  <Tag minimal size={wall ? 'large' : 'medium'} intent={gradeIntent(row.grade)} className="ops-alarm-list__grade">
                    {grade}
                    <span className="visually-hidden">{t.gradeSuffix}</span>
                  </Tag>
                  <time className="ops-alarm-list__time" dateTime={new Date(row.createTime).toISOString()}>
                    {time}
                  </time>
                </span>
                <span className="ops-alarm-list__line ops-alarm-list__line--detail">
                  <span className="ops-alarm-list__content" title={[row.alarmContent, row.deviceName].filter(Boolean).join(' · ')}>
                    {row.alarmContent}
                    {row.deviceName ? <span className="ops-alarm-list__device"> · {row.deviceName}</span> : null}
                  </span>
                  {showStatus && row.statusName ? (
                    <Tag
                      minimal
                      round
                      size={wall ? 'large' : 'medium'}
                      intent={STATUS_INTENT[row.status] ?? 'none'}
                      className="ops-alarm-list__status"
                    >
                      {row.statusName}
                    </Tag>
                  ) : null}
                </span>
              </span>
            </>
          );
          return (
            <li key={row.alarmId} className="ops-alarm-list__item">
              {onOpen ? (
                <button
                  type="button"
                  className="ops-row-button ops-alarm-list__row"
                  onClick={() => onOpen(String(row.alarmId))}
                  aria-label={t.alarmLabel(row.alarmTypeName, grade, time, row.deviceName)}
                >
                  {body}
                </button>
              ) : (
                <div className="ops-alarm-list__row">{body}</div>
              )}
            </li>
          );
        })}
      </ul>
      {total > rows.length ? <div className="ops-alarm-list__more">{t.moreAlarms(rows.length, formatNumber(total))}</div> : null}
    </WidgetState>
  );
}

export default AlarmList;
