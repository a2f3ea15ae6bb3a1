import { Button, HTMLSelect, HTMLTable, Icon, Tag } from '@blueprintjs/core';
import { useState, type ReactNode } from 'react';
import { formatDateTime, formatMonthDayTime, LineChart, PanelBox, StatGroup, WidgetState, type WidgetStatus } from '@ops/sdk';
import {
  PICTURE_STATE_LABELS,
  type CameraHealth,
  type CameraHealthFilter,
  type DiagnosisCheck,
  type DiagnosisSummary,
  type DiagnosisTrend,
} from '@ops/contracts';
import { operationStrings as t } from './operationStrings';

interface PanelState {
  status: WidgetStatus;
  error?: string;
  onRetry?(): void;
}

/** 诊断概况: cameras, healthy and faulty ones, the healthy share, when it last ran; 立即诊断. */
export function DiagnosisSummaryPanel({
  summary,
  status,
  error,
  onRetry,
  running,
  onRun,
}: PanelState & { summary: DiagnosisSummary | undefined; running: boolean; onRun(): void }) {
  const items = summary
    ? [
        { name: t.summary.cameras, value: summary.cameras, unit: t.camerasUnit },
        { name: t.summary.healthy, value: summary.healthy, unit: t.camerasUnit },
        { name: t.summary.faulty, value: summary.faulty, unit: t.camerasUnit },
        {
          name: t.summary.healthyRate,
          value: summary.cameras ? Math.round((summary.healthy / summary.cameras) * 1000) / 10 : 0,
          unit: '%',
        },
      ]
    : undefined;
  return (
    <PanelBox
      title={t.videoSummary}
      className="video-diagnosis__summary"
      actions={
        <Button size="small" intent="primary" icon="pulse" loading={running} onClick={onRun}>
          {t.runNow}
        </Button>
      }
    >
      <div className="video-diagnosis__summary-body">
        <StatGroup
          data={items ? { items } : undefined}
          status={status}
          error={error}
          onRetry={onRetry}
          options={{ columns: 4, goodDirection: 'none' }}
        />
        {summary ? (
          <div className="video-diagnosis__meta" role="status">
            <span>{summary.lastRunAt ? t.lastRun(formatDateTime(summary.lastRunAt)) : t.neverRun}</span>
            <span>{summary.intervalMs > 0 ? t.every(Math.round(summary.intervalMs / 60_000)) : t.onDemandOnly}</span>
            {summary.streamAvailable ? null : <span className="video-diagnosis__warning">{t.noStreamSource}</span>}
          </div>
        ) : null}
      </div>
    </PanelBox>
  );
}

/** 摄像机健康状态: one tile per camera of the latest run, faulty first (red with the reasons), filterable; a click opens its history. */
export function CameraHealthGrid({
  cameras,
  status,
  error,
  onRetry,
  filter,
  onFilter,
  onOpen,
}: PanelState & {
  cameras: CameraHealth[] | undefined;
  filter: CameraHealthFilter | '';
  onFilter(filter: CameraHealthFilter | ''): void;
  onOpen(camera: CameraHealth): void;
}) {
  return (
    <PanelBox
      title={t.grid}
      className="video-diagnosis__grid"
      actions={
        <HTMLSelect
          minimal
          aria-label={t.gridFilter}
          value={filter}
          onChange={(event) => onFilter(event.currentTarget.value as CameraHealthFilter | '')}
          options={[
            { value: '', label: t.filter.all },
            { value: 'faulty', label: t.filter.faulty },
            { value: 'healthy', label: t.filter.healthy },
          ]}
        />
      }
    >
      <WidgetState status={status} empty={!cameras?.length} error={error} onRetry={onRetry} emptyText={t.noCameras}>
        <ul className="video-diagnosis__tiles" aria-label={t.grid}>
          {cameras?.map((camera) => {
            const state = camera.healthy ? t.healthy : camera.reasonNames.join('、');
            return (
              <li key={camera.deviceId}>
                <button
                  type="button"
                  className={`video-diagnosis__tile ${camera.healthy ? 'is-healthy' : 'is-faulty'}`}
                  onClick={() => onOpen(camera)}
                  aria-label={t.openCamera(camera.deviceName, state)}
                  data-device-id={camera.deviceId}
                >
                  <Icon icon={camera.healthy ? 'tick-circle' : camera.online ? 'warning-sign' : 'offline'} aria-hidden />
                  <span className="video-diagnosis__tile-name">{camera.deviceName}</span>
                  <span className="video-diagnosis__tile-state">{state}</span>
                </button>
              </li>
            );
          })}
        </ul>
      </WidgetState>
    </PanelBox>
  );
}

/** 异常记录: failed checks, newest first. */
export function FailureList({
  page,
  status,
  error,
  onRetry,
  pageNum,
  pageSize,
  onPage,
  onOpen,
}: PanelState & {
  page: { rows: CameraHealth[]; total: number } | undefined;
  pageNum: number;
  pageSize: number;
  onPage(pageNum: number): void;
  onOpen(camera: CameraHealth): void;
}) {
  const pages = Math.max(1, Math.ceil((page?.total ?? 0) / pageSize));
  return (
    <PanelBox title={t.failures} className="video-diagnosis__failures">
      <WidgetState
        status={status}
        empty={!page?.rows.length}
        error={error}
        onRetry={onRetry}
        emptyText={t.noFailures}
        className="device-operation__table-wrap"
      >
        <div className="device-operation__scroll">
          <HTMLTable compact striped interactive className="device-operation__table" aria-label={t.failures}>
            <thead>
              <tr>
                <th>{t.failureColumn.time}</th>
                <th>{t.failureColumn.camera}</th>
                <th>{t.failureColumn.reasons}</th>
              </tr>
            </thead>
            <tbody>
              {page?.rows.map((check) => (
                <tr key={check.checkId} onClick={() => onOpen(check)}>
                  <td>{formatMonthDayTime(check.at)}</td>
                  <td>
                    <button
                      type="button"
                      className="video-diagnosis__link"
                      onClick={(event) => {
                        event.stopPropagation();
                        onOpen(check);
                      }}
                    >
                      {check.deviceName}
                    </button>
                  </td>
                  <td>
                    {check.reasonNames.map((reason) => (
                      <Tag key={reason} minimal intent="danger" className="video-diagnosis__reason">
                        {reason}
                      </Tag>
                    ))}
                  </td>
                </tr>
              ))}
            </tbody>
          </HTMLTable>
        </div>
        <div className="device-operation__pager">
          <span>{t.pageOf(pageNum, pages, page?.total ?? 0)}</span>
          <Button
            size="small"
            variant="minimal"
            icon="chevron-left"
            disabled={pageNum <= 1}
            onClick={() => onPage(pageNum - 1)}
            aria-label={t.previous}
          />
          <Button
            size="small"
            variant="minimal"
            icon="chevron-right"
            disabled={pageNum >= pages}
            onClick={() => onPage(pageNum + 1)}
            aria-label={t.next}
          />
        </div>
      </WidgetState>
    </PanelBox>
  );
}

/** 健康率趋势: the share of healthy checks per hour over the last 24 hours. */
export function DiagnosisTrendChart({ trend, status, error, onRetry }: PanelState & { trend: DiagnosisTrend | undefined }) {
  const points = trend
    ? trend.buckets.flatMap((hour, index): [number, number][] =>
        trend.healthyShare[index] === null ? [] : [[hour, Math.round(trend.healthyShare[index]! * 1000) / 10]],
      )
    : [];
  const data = points.length ? { axis: 'time' as const, unit: '%', series: [{ name: t.trendSeries, points }] } : undefined;
  return (
    <PanelBox title={t.trend} className="video-diagnosis__trend">
      <LineChart
        data={data}
        status={status}
        error={error}
        onRetry={onRetry}
        options={{
          area: true,
          unit: '%',
          colors: ['#32a467'],
          ...(trend?.buckets.length ? { from: trend.buckets[0], to: trend.buckets.at(-1)! + 3_600_000 } : {}),
        }}
      />
    </PanelBox>
  );
}

const pictureText = (check: DiagnosisCheck) => (check.picture ? PICTURE_STATE_LABELS[check.picture] : t.notDiagnosed);

/** 诊断历史: one camera's checks, newest first, and (optionally) its live picture. */
export function CameraHistory({
  name,
  checks,
  status,
  error,
  onRetry,
  live,
}: PanelState & { name: string; checks: DiagnosisCheck[] | undefined; live?: ReactNode }) {
  const [showLive, setShowLive] = useState(false);
  return (
    <div className="video-diagnosis__history">
      {live ? (
        <div className="video-diagnosis__live">
          <Button size="small" icon={showLive ? 'eye-off' : 'mobile-video'} onClick={() => setShowLive(!showLive)}>
            {showLive ? t.hideLive : t.liveView}
          </Button>
          {showLive ? <div className="video-diagnosis__live-tile">{live}</div> : null}
        </div>
      ) : null}
      <WidgetState
        status={status}
        empty={!checks?.length}
        error={error}
        onRetry={onRetry}
        emptyText={t.noCameras}
        className="device-operation__table-wrap"
      >
        <div className="device-operation__scroll">
          <HTMLTable compact striped className="device-operation__table" aria-label={t.history(name)}>
            <thead>
              <tr>
                <th>{t.historyColumn.time}</th>
                <th>{t.historyColumn.online}</th>
                <th>{t.historyColumn.stream}</th>
                <th>{t.historyColumn.picture}</th>
                <th>{t.historyColumn.verdict}</th>
              </tr>
            </thead>
            <tbody>
              {checks?.map((check) => (
                <tr key={check.checkId}>
                  <td>{formatMonthDayTime(check.at)}</td>
                  <td>{check.online ? t.yes : t.no}</td>
                  <td>{check.streamOk ? t.answers : t.noAnswer}</td>
                  <td>{check.online ? pictureText(check) : '—'}</td>
                  <td>
                    <Tag minimal intent={check.healthy ? 'success' : 'danger'}>
                      {check.healthy ? t.healthy : check.reasonNames.join('、')}
                    </Tag>
                  </td>
                </tr>
              ))}
            </tbody>
          </HTMLTable>
        </div>
      </WidgetState>
    </div>
  );
}
