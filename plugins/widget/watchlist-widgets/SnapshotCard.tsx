import { Tag } from '@blueprintjs/core';
import { useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { ApiFiles, formatDateTime, useService, WidgetState, type WidgetComponentProps } from '@ops/sdk';
import type { WatchlistHit } from '@ops/contracts';
import { hitText } from './watchlistLabels';
import { watchlistStrings as t } from './watchlistStrings';
import './watchlistWidgets.css';

/** Where 数据检索 shows one record: its camera at its instant, the record selected (plugins/module/data-retrieval reads these). */
export const recordPath = (hit: Pick<WatchlistHit, 'recordId' | 'at' | 'deviceId'>) =>
  `/monitoringCenter/dataRetrieval?recordId=${hit.recordId}&at=${hit.at}&deviceId=${hit.deviceId}`;

/** A hit's snapshot, fetched with the session (an <img> cannot send it) and let go when the card goes. */
function Snapshot({ hit }: { hit: WatchlistHit }) {
  const files = useService(ApiFiles);
  const [url, setUrl] = useState<string | null | undefined>();
  useEffect(() => {
    let current = true;
    let made: string | undefined;
    files.download(hit.snapshotUrl).then(
      (blob) => {
        if (!current) return;
        made = URL.createObjectURL(blob);
        setUrl(made);
      },
      () => current && setUrl(null),
    );
    return () => {
      current = false;
      if (made) URL.revokeObjectURL(made);
    };
  }, [files, hit.snapshotUrl]);
  if (url === null) return <div className="snapshot-card__none">{t.noSnapshot}</div>;
  return url ? <img src={url} alt={t.snapshotAlt(hit.label, hit.deviceName)} /> : <div className="snapshot-card__none" aria-busy />;
}

/**
 * `snapshotCard`: the latest hits as cards (snapshot, plate or person, camera, time, deployment, whether
 * it alarmed). The hit of the page's `?alarmId=` (an alarm toast's link) is outlined and scrolled to; a
 * click opens 数据检索 on the hit's record.
 */
export default function SnapshotCard({
  data,
  options,
  status,
  error,
  onRetry,
  wall,
}: WidgetComponentProps<{ rows: WatchlistHit[]; total: number }>) {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const focusedAlarm = Number(params.get('alarmId')) || undefined;
  const focused = useRef<HTMLButtonElement | null>(null);
  const rows = data?.rows ?? [];
  const columns = typeof options?.columns === 'number' ? options.columns : 4;
  // A block, not an expression: Chromium's scrollIntoView now returns a promise, which React would take for a cleanup.
  useEffect(() => {
    focused.current?.scrollIntoView({ block: 'nearest' });
  }, [focusedAlarm, rows.length]);
  return (
    <WidgetState status={status} empty={!rows.length} error={error} onRetry={onRetry} wall={wall} emptyText={t.noHits}>
      <ul className="snapshot-cards" style={{ gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))` }}>
        {rows.map((hit) => {
          const isFocused = focusedAlarm !== undefined && hit.alarmId === focusedAlarm;
          const label = hitText(undefined, hit.label);
          return (
            <li key={hit.hitId}>
              <button
                type="button"
                ref={isFocused ? focused : undefined}
                className={`snapshot-card${isFocused ? ' snapshot-card--focused' : ''}`}
                data-hit={hit.hitId}
                data-record={hit.recordId}
                aria-label={t.openRecord(label)}
                onClick={() => navigate(recordPath(hit))}
              >
                <Snapshot hit={hit} />
                <span className="snapshot-card__label">
                  {label}
                  <Tag minimal intent={hit.alarmId ? 'danger' : 'none'}>
                    {hit.alarmId ? t.alarmed : t.withinInterval}
                  </Tag>
                </span>
                <span className="snapshot-card__meta">{hit.deviceName}</span>
                <span className="snapshot-card__meta">
                  {formatDateTime(hit.at)} · {hit.deploymentName}
                </span>
              </button>
            </li>
          );
        })}
      </ul>
    </WidgetState>
  );
}
