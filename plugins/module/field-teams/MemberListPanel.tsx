import { Button, HTMLSelect, Tag } from '@blueprintjs/core';
import { formatMonthDayTime, PanelBox, WidgetState, type Loaded } from '@ops/sdk';
import type { FieldMember, FieldTeamCount } from '@ops/contracts';
import type { MemberPage } from './fieldTeamsApi';
import { fieldTeamsStrings as t } from './fieldTeamsStrings';

export type DutyFilter = '' | '1' | '0';

export interface MemberListPanelProps {
  teamName: string;
  page: Loaded<MemberPage>;
  count: FieldTeamCount | undefined;
  pageNum: number;
  pageSize: number;
  duty: DutyFilter;
  selectedId: number | null;
  /** Member ids whose call is being placed or ended. */
  busy: ReadonlySet<number>;
  onDuty(duty: DutyFilter): void;
  onPage(pageNum: number): void;
  onSelect(member: FieldMember): void;
  onCall(member: FieldMember): void;
  onHangUp(member: FieldMember): void;
  onRetry(): void;
  className?: string;
}

/** A member's walkie-talkie call state as a tag (nothing when idle). */
export function CallTag({ member, compact = false }: { member: FieldMember; compact?: boolean }) {
  const walkie = member.walkie;
  if (!walkie || !walkie.call || walkie.call === 'idle') return null;
  const peer = compact ? '' : walkie.peer;
  return (
    <Tag minimal intent="success">
      {walkie.call === 'group' ? t.groupCalling(peer) : t.talking(peer)}
    </Tag>
  );
}

/** The call button of a member: 呼叫, or 挂断 while their walkie-talkie talks; disabled without one. */
export function CallButton({ member, busy, onCall, onHangUp }: { member: FieldMember; busy: boolean; onCall(): void; onHangUp(): void }) {
  const talking = member.walkie?.call === 'talking';
  return talking ? (
    <Button size="small" intent="danger" icon="phone" loading={busy} aria-label={t.hangUpLabel(member.name)} onClick={onHangUp}>
      {t.hangUp}
    </Button>
  ) : (
    <Button
      size="small"
      intent="primary"
      icon="phone"
      loading={busy}
      disabled={!member.walkie}
      title={member.walkie ? undefined : t.noWalkie}
      aria-label={t.callLabel(member.name)}
      onClick={onCall}
    >
      {t.call}
    </Button>
  );
}

/** A team's members a page at a time: on duty, role, shift, bound walkie-talkie, last seen, and 呼叫. */
export function MemberListPanel(props: MemberListPanelProps) {
  const { teamName, page, count, pageNum, pageSize, duty, selectedId, busy, className } = props;
  const rows = page.data?.rows ?? [];
  const pages = Math.max(1, Math.ceil((page.data?.total ?? 0) / pageSize));
  return (
    <PanelBox
      title={t.members(teamName)}
      className={className}
      actions={
        <HTMLSelect
          minimal
          aria-label={t.dutyFilter}
          value={duty}
          onChange={(event) => props.onDuty(event.currentTarget.value === '1' ? '1' : event.currentTarget.value === '0' ? '0' : '')}
          options={[
            { value: '', label: t.dutyAll },
            { value: '1', label: t.dutyOn },
            { value: '0', label: t.dutyOff },
          ]}
        />
      }
    >
      {count ? <p className="field-teams__counts">{t.counts(count.members, count.onDuty, count.live)}</p> : null}
      <WidgetState
        status={page.status}
        empty={rows.length === 0}
        {...(page.error ? { error: page.error } : {})}
        onRetry={props.onRetry}
        emptyText={t.noMembers}
      >
        <ul className="field-members" aria-label={t.membersLabel(teamName)}>
          {rows.map((member) => (
            <li key={member.memberId} className={`field-members__item${member.memberId === selectedId ? ' is-active' : ''}`}>
              <button
                type="button"
                className="field-members__select"
                aria-label={t.selectMember(member.name)}
                aria-current={member.memberId === selectedId ? 'true' : undefined}
                onClick={() => props.onSelect(member)}
              >
                <span className="field-members__name">
                  <Tag minimal intent={member.onDuty ? 'success' : 'none'}>
                    {member.onDuty ? t.onDuty : t.offDuty}
                  </Tag>
                  {member.name}
                  <span className="field-members__role">
                    {member.role} · {member.shift}
                  </span>
                  <CallTag member={member} compact />
                </span>
                <span className="field-members__meta">
                  {member.walkie ? t.walkie(member.walkie.name) : t.noWalkie} ·{' '}
                  {member.lastPosition ? t.lastSeen(formatMonthDayTime(member.lastPosition.at)) : t.neverSeen}
                </span>
              </button>
              <CallButton
                member={member}
                busy={busy.has(member.memberId)}
                onCall={() => props.onCall(member)}
                onHangUp={() => props.onHangUp(member)}
              />
            </li>
          ))}
        </ul>
      </WidgetState>
      {pages > 1 ? (
        <div className="field-members__paging">
          <Button
            size="small"
            minimal
            icon="chevron-left"
            aria-label={t.previousPage}
            disabled={pageNum <= 1}
            onClick={() => props.onPage(pageNum - 1)}
          />
          <span>{t.pageOf(pageNum, pages)}</span>
          <Button
            size="small"
            minimal
            icon="chevron-right"
            aria-label={t.nextPage}
            disabled={pageNum >= pages}
            onClick={() => props.onPage(pageNum + 1)}
          />
        </div>
      ) : null}
    </PanelBox>
  );
}
