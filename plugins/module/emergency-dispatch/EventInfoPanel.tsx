import { Button, Callout, Dialog, DialogBody, DialogFooter, FormGroup, TextArea } from '@blueprintjs/core';
import { useState } from 'react';
import { formatDateTime, PanelBox, WidgetState } from '@ops/sdk';
import type { EmergencyEventDetail } from '@ops/contracts';
import { EventStatusTag, KindTag, LevelTag } from './dispatchTags';
import { emergencyDispatchStrings as t } from './emergencyDispatchStrings';
import { openTaskCount, taskTotal } from './EventListPanel';
import type { Loaded } from '@ops/sdk';
import { errorMessage } from '@ops/contracts';

export interface EventInfoPanelProps {
  event: Loaded<EmergencyEventDetail | undefined> | undefined;
  onRetry?(): void;
  /** Resolves when closed; rejects with the server's message (shown in the dialog). */
  onClose(result: string): Promise<void>;
}

/** 事件信息: what, where, how serious, since when, from which alarm; 结束事件 while 处置中. */
export function EventInfoPanel({ event, onRetry, onClose }: EventInfoPanelProps) {
  const [closing, setClosing] = useState(false);
  const [result, setResult] = useState('');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const data = event?.data;
  const submit = async () => {
    if (!result.trim()) return setError(t.required(t.closeResult));
    setBusy(true);
    try {
      await onClose(result.trim());
      setClosing(false);
      setResult('');
      setError(undefined);
    } catch (failure) {
      setError(errorMessage(failure));
    } finally {
      setBusy(false);
    }
  };
  return (
    <PanelBox
      title={t.eventTitle}
      className="dispatch__info"
      actions={
        data?.status === 'ACTIVE' ? (
          <Button size="small" intent="danger" icon="tick-circle" onClick={() => setClosing(true)}>
            {t.closeEvent}
          </Button>
        ) : null
      }
    >
      <WidgetState status={event?.status ?? 'ready'} empty={!data} error={event?.error} onRetry={onRetry} emptyText={t.noEventSelected}>
        {data ? (
          <div className="dispatch__info-body">
            <div className="dispatch__info-head">
              <h4 className="dispatch__info-title">{data.title}</h4>
              <span className="dispatch__event-tags">
                <EventStatusTag status={data.status} name={data.statusName} />
                <KindTag kind={data.kind} name={data.kindName} />
                <LevelTag level={data.level} name={data.levelName} />
              </span>
            </div>
            {data.description ? <p className="dispatch__info-description">{data.description}</p> : null}
            <dl className="dispatch__facts">
              <dt>{t.position}</dt>
              <dd>
                {data.longitude.toFixed(5)}, {data.latitude.toFixed(5)}
              </dd>
              <dt>{t.radius}</dt>
              <dd>{t.metres(data.radius)}</dd>
              <dt>{t.source}</dt>
              <dd>
                {data.alarms.length ? data.alarms.map((alarm) => t.alarmLink(alarm.alarmId, alarm.alarmTypeName)).join('、') : t.noSource}
              </dd>
              <dt>{t.createdBy}</dt>
              <dd>
                {data.createdByName} · {formatDateTime(data.createTime)}
              </dd>
              <dt>{t.tasksTitle}</dt>
              <dd>{t.taskCounts(openTaskCount(data), taskTotal(data))}</dd>
              {data.closedAt !== null ? (
                <>
                  <dt>{t.closedAt}</dt>
                  <dd>
                    {data.closedByName} · {formatDateTime(data.closedAt)}
                  </dd>
                  <dt>{t.result}</dt>
                  <dd>{data.result}</dd>
                </>
              ) : null}
            </dl>
          </div>
        ) : null}
      </WidgetState>
      <Dialog isOpen={closing} onClose={() => setClosing(false)} title={t.closeTitle} className="bp6-dark">
        <DialogBody>
          {error ? (
            <Callout intent="danger" icon="error" className="dispatch__dialog-error" role="alert">
              {error}
            </Callout>
          ) : null}
          <FormGroup label={t.closeResult} labelFor="dispatch-close-result">
            <TextArea
              id="dispatch-close-result"
              fill
              rows={4}
              maxLength={1000}
              placeholder={t.closeResultPlaceholder}
              value={result}
              onChange={(change) => setResult(change.currentTarget.value)}
            />
          </FormGroup>
        </DialogBody>
        <DialogFooter
          actions={
            <>
              <Button onClick={() => setClosing(false)}>{t.cancel}</Button>
              <Button intent="danger" loading={busy} onClick={() => void submit()}>
                {t.closeConfirm}
              </Button>
            </>
          }
        />
      </Dialog>
    </PanelBox>
  );
}
