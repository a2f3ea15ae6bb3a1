import { Button, Callout, Tag } from '@blueprintjs/core';
import { formatDateTime, PanelBox, Timeline, WidgetState } from '@ops/sdk';
import type { CaseDetail } from '@ops/contracts';
import { CaseActionsBar, type CaseActionHandlers } from './CaseActionsBar';
import { STATUS_INTENTS } from './caseGroups';
import { EvidenceThumbnails } from './EvidenceThumbnails';
import { fieldCasesStrings as t } from './fieldCasesStrings';
import type { Loadable } from '@ops/sdk';

export interface CaseDetailPanelProps extends CaseActionHandlers {
  /** The focused case; null when none is. */
  detail: Loadable<CaseDetail> | null;
  /** Instead of the detail: why none is shown yet (an alarm's case being looked up). */
  notice?: string;
  loadEvidence(url: string): Promise<Blob>;
  onLocate(detail: CaseDetail): void;
  onRetry(): void;
  className?: string;
}

const ACTION_INTENTS = {
  register: 'danger',
  assign: 'warning',
  handle: 'primary',
  close: 'success',
  reject: 'none',
  evidence: 'none',
} as const;

/** The focused case: its facts, what happened to it, its evidence and the actions its status allows. */
export function CaseDetailPanel({ detail, notice, loadEvidence, onLocate, onRetry, className, ...handlers }: CaseDetailPanelProps) {
  const item = detail?.data;
  return (
    <PanelBox
      title={item ? `${t.detail} · ${item.caseNo}` : t.detail}
      label={t.detail}
      className={className}
      actions={item ? <Button size="small" variant="minimal" icon="locate" aria-label={t.locate} onClick={() => onLocate(item)} /> : null}
    >
      {!detail ? (
        <p className="field-cases__muted">{notice ?? t.noneFocused}</p>
      ) : (
        <WidgetState status={detail.status} empty={!item} {...(detail.error ? { error: detail.error } : {})} onRetry={onRetry}>
          {item ? (
            <div className="field-cases__detail">
              <h4 className="field-cases__detail-title">
                <Tag intent={STATUS_INTENTS[item.status]}>{item.statusName}</Tag>
                {item.overdue ? <Tag intent="danger">{t.overdueTag}</Tag> : null}
                <span>{item.title}</span>
              </h4>
              <dl className="field-cases__facts">
                <dt>{t.kind}</dt>
                <dd>{item.kindName}</dd>
                <dt>{t.source}</dt>
                <dd>{item.sourceName}</dd>
                <dt>{t.area}</dt>
                <dd>{item.area}</dd>
                <dt>{t.reporter}</dt>
                <dd>{item.reporterName ? `${item.reporterName}${item.reporterPhone ? ` ${item.reporterPhone}` : ''}` : t.anonymous}</dd>
                <dt>{t.createTime}</dt>
                <dd>{formatDateTime(item.createTime)}</dd>
                {item.team ? (
                  <>
                    <dt>{t.team}</dt>
                    <dd>{item.teamName}</dd>
                  </>
                ) : null}
                {item.description ? (
                  <>
                    <dt>{t.description}</dt>
                    <dd>{item.description}</dd>
                  </>
                ) : null}
              </dl>
              <CaseActionsBar detail={item} {...handlers} />
              <h5 className="field-cases__section">{t.evidence}</h5>
              <EvidenceThumbnails evidence={item.evidence} load={loadEvidence} />
              <h5 className="field-cases__section">{t.timeline}</h5>
              <div className="field-cases__timeline">
                <Timeline
                  status="ready"
                  data={{
                    items: [...item.events].reverse().map((event) => ({
                      at: event.time,
                      title: `${event.actionName} · ${event.userName}`,
                      ...(event.note ? { detail: event.note } : {}),
                      intent: ACTION_INTENTS[event.action],
                    })),
                  }}
                />
              </div>
            </div>
          ) : null}
        </WidgetState>
      )}
      {notice && detail ? (
        <Callout compact intent="primary">
          {notice}
        </Callout>
      ) : null}
    </PanelBox>
  );
}
