import { Button, HTMLTable, Tag } from '@blueprintjs/core';
import { useState } from 'react';
import { Api, formatDateTime, Notifier, useService, WidgetState, type WidgetComponentProps } from '@ops/sdk';
import {
  errorMessage,
  routes,
  WATCHLIST_ACTION_LABELS,
  WATCHLIST_MOVES,
  WATCHLIST_STATUS_LABELS,
  type WatchlistAction,
  type WatchlistDeployment,
  type WatchlistStatus,
} from '@ops/contracts';
import { targetText, useAlarmTypeNames } from './watchlistLabels';
import { watchlistStrings as t } from './watchlistStrings';
import './watchlistWidgets.css';

const STATUS_INTENTS: Record<WatchlistStatus, 'success' | 'warning' | 'none'> = { active: 'success', paused: 'warning', ended: 'none' };
const ACTIONS: readonly WatchlistAction[] = ['pause', 'resume', 'end'];

/** `watchlistDeployments`: the page's deployments with their status, targets, hit count and 暂停/恢复/撤防 (the moves the status allows). */
export default function WatchlistDeployments({
  data,
  status,
  error,
  onRetry,
  wall,
}: WidgetComponentProps<{ rows: WatchlistDeployment[]; total: number }>) {
  const api = useService(Api);
  const notifier = useService(Notifier);
  const alarmTypeName = useAlarmTypeNames();
  const [busy, setBusy] = useState<number | undefined>();
  // 撤防 is final: the first click asks (the button says 确认撤防), the second ends.
  const [confirming, setConfirming] = useState<number | undefined>();
  const act = async (deployment: WatchlistDeployment, action: WatchlistAction) => {
    if (action === 'end' && confirming !== deployment.deploymentId) return setConfirming(deployment.deploymentId);
    setConfirming(undefined);
    setBusy(deployment.deploymentId);
    try {
      await api.call(routes.watchlists.act, { params: { deploymentId: deployment.deploymentId, action } }, { loading: false, quiet: true });
      notifier.show('success', t.actionDone(WATCHLIST_ACTION_LABELS[action], deployment.name));
      onRetry?.();
    } catch (failure) {
      notifier.show('error', errorMessage(failure));
    } finally {
      setBusy(undefined);
    }
  };
  const rows = data?.rows ?? [];
  return (
    <WidgetState status={status} empty={!rows.length} error={error} onRetry={onRetry} wall={wall} emptyText={t.noDeployments}>
      <div className="watchlist-table">
        <HTMLTable compact striped className="watchlist-table__table">
          <thead>
            <tr>
              {Object.values(t.columns).map((title) => (
                <th key={title}>{title}</th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((deployment) => (
              <tr key={deployment.deploymentId} data-deployment={deployment.deploymentId} data-status={deployment.status}>
                <td className="watchlist-table__name">{deployment.name}</td>
                <td>{alarmTypeName(deployment.alarmType)}</td>
                <td className="watchlist-table__targets" title={deployment.targets.map(targetText).join('、')}>
                  {deployment.targets.map(targetText).join('、')}
                </td>
                <td className="watchlist-table__scope">
                  {deployment.areas.length ? <div>{t.areaList(deployment.areas)}</div> : null}
                  {deployment.deviceIds.length ? <div>{t.cameraCount(deployment.deviceIds.length)}</div> : null}
                </td>
                <td className="watchlist-table__window">
                  {formatDateTime(deployment.validFrom)}
                  <br />
                  {formatDateTime(deployment.validUntil)}
                </td>
                <td>
                  <Tag minimal intent={STATUS_INTENTS[deployment.status]}>
                    {WATCHLIST_STATUS_LABELS[deployment.status]}
                  </Tag>
                </td>
                <td>{t.hitCount(deployment.hitCount)}</td>
                <td className="watchlist-table__actions">
                  {ACTIONS.filter((action) => WATCHLIST_MOVES[action].from.includes(deployment.status)).map((action) => (
                    <Button
                      key={action}
                      size="small"
                      variant="minimal"
                      intent={action === 'end' ? 'danger' : 'primary'}
                      disabled={busy === deployment.deploymentId}
                      title={action === 'end' ? t.confirmEnd(deployment.name) : undefined}
                      onClick={() => void act(deployment, action)}
                    >
                      {action === 'end' && confirming === deployment.deploymentId ? t.confirmEndButton : WATCHLIST_ACTION_LABELS[action]}
                    </Button>
                  ))}
                </td>
              </tr>
            ))}
          </tbody>
        </HTMLTable>
      </div>
    </WidgetState>
  );
}
