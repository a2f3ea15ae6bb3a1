import { HTMLTable, NonIdealState, Tag } from '@blueprintjs/core';
import { formatDateTime, useDictionary } from '@ops/sdk';
import { eventCenterStrings as t } from './eventCenterStrings';
import type { AlarmRow } from './alarmApi';

export interface AlarmListProps {
  rows: readonly AlarmRow[];
  activeId?: number;
  onOpen(row: AlarmRow): void;
}

/** One page of alarms, newest first. */
export function AlarmList({ rows, activeId, onOpen }: AlarmListProps) {
  const grades = useDictionary(t.gradeDictionary);
  const statuses = useDictionary(t.statusDictionary);
  if (rows.length === 0) return <NonIdealState icon="notifications" title={t.noAlarms} />;
  return (
    <HTMLTable interactive compact striped className="alarm-list" aria-label={t.eventCenter}>
      <thead>
        <tr>
          <th>{t.columns.time}</th>
          <th>{t.columns.type}</th>
          <th>{t.columns.grade}</th>
          <th>{t.columns.content}</th>
          <th>{t.columns.device}</th>
          <th>{t.columns.status}</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr
            key={row.alarmId}
            onClick={() => onOpen(row)}
            aria-selected={row.alarmId === activeId}
            className={row.alarmId === activeId ? 'is-active' : undefined}
          >
            <td>{formatDateTime(row.createTime)}</td>
            <td>{row.alarmTypeName}</td>
            <td>
              <Tag minimal intent={grades.intent(row.grade)}>
                {grades.label(row.grade)}
              </Tag>
            </td>
            <td>{row.alarmContent}</td>
            <td>{row.deviceName || '—'}</td>
            <td>{statuses.label(row.status)}</td>
          </tr>
        ))}
      </tbody>
    </HTMLTable>
  );
}
