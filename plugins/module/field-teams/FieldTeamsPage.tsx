import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { Api, EventBus, Notifier, subscribePush, useLoaded, useService } from '@ops/sdk';
import {
  FIELD_TEAM_PAGES,
  FIELD_TEAMS,
  fieldPositionsPushTopic,
  unpackPositions,
  workOrderPushTopic,
  type FieldMember,
  type FieldPosition,
  type FieldTeam,
  type MemberCallAction,
} from '@ops/contracts';
import { MemberDetailPanel } from './MemberDetailPanel';
import { MemberListPanel, type DutyFilter } from './MemberListPanel';
import { createFieldTeamsApi } from './fieldTeamsApi';
import { teamSubjects, trackLine } from './fieldTeamsEffects';
import { flyToPoint, spanOf } from './fieldTeamsGlobeLayer';
import { fieldTeamsStrings as t } from './fieldTeamsStrings';
import { useTeamMapEffects } from './useTeamMapEffects';
import './FieldTeams.css';

const PAGE_SIZE = 12;
/** The selected member's track is read again this often (the live dot moves every second by push). */
const TRACK_REFRESH_MS = 30_000;

const teamOfPage = (childName: string | undefined): FieldTeam => FIELD_TEAMS.find((team) => FIELD_TEAM_PAGES[team] === childName) ?? 'A';
const DAY_MS = 24 * 3_600_000;
const SHANGHAI_OFFSET_MS = 8 * 3_600_000;
/** Midnight in Beijing at or before `at`: the team's day. */
export const dayStart = (at: number) => Math.floor((at + SHANGHAI_OFFSET_MS) / DAY_MS) * DAY_MS - SHANGHAI_OFFSET_MS;
const positiveInteger = (value: string | null) => (value && /^\d+$/.test(value) && Number(value) > 0 ? Number(value) : null);

/** 一队 / 二队 / 三队: one page per team (the route's child), panels over the globe; each team's page starts afresh. */
export default function FieldTeamsPage({ childName }: { moduleName?: string; childName?: string }) {
  const team = teamOfPage(childName);
  return <TeamView key={team} team={team} />;
}

function TeamView({ team }: { team: FieldTeam }) {
  const caller = useService(Api);
  const bus = useService(EventBus);
  const notifier = useService(Notifier);
  const api = useMemo(() => createFieldTeamsApi(caller), [caller]);
  const [params, setParams] = useSearchParams();
  const selectedId = positiveInteger(params.get('memberId'));
  const teamName = t.teamName[team];
  const [duty, setDuty] = useState<DutyFilter>('');
  const [pageNum, setPageNum] = useState(1);

  const [page, reloadPage] = useLoaded(
    useCallback(() => api.members({ team, pageNum, pageSize: PAGE_SIZE, ...(duty ? { onDuty: duty } : {}) }), [api, team, pageNum, duty]),
  );
  // Every member of the team for the map (the list shows a page of them).
  const [everyone, reloadEveryone] = useLoaded(useCallback(() => api.members({ team, pageNum: 1, pageSize: 100 }), [api, team]));
  const [counts, reloadCounts] = useLoaded(useCallback(() => api.counts(), [api]));
  const [member, reloadMember] = useLoaded(useCallback(async () => (selectedId ? api.member(selectedId) : null), [api, selectedId]));
  const [work, reloadWork] = useLoaded(useCallback(async () => (selectedId ? api.work(selectedId) : null), [api, selectedId]));
  const [trackRound, setTrackRound] = useState(0);
  const [track] = useLoaded(
    useCallback(async () => {
      if (!selectedId) return [];
      const now = Date.now();
      return api.track(selectedId, Math.max(dayStart(now), now - DAY_MS + 1), now);
      // trackRound: read again on the timer.
      // eslint-disable-next-line react-hooks/exhaustive-deps
    }, [api, selectedId, trackRound]),
  );
  useEffect(() => {
    if (!selectedId) return;
    const timer = window.setInterval(() => setTrackRound((round) => round + 1), TRACK_REFRESH_MS);
    return () => window.clearInterval(timer);
  }, [selectedId]);

  // Live positions (FIELD_POSITIONS, about once a second): the dots move without a reload.
  const [live, setLive] = useState<ReadonlyMap<number, FieldPosition>>(new Map());
  useEffect(
    () =>
      subscribePush(bus, fieldPositionsPushTopic, (data) => {
        const people = unpackPositions(data.positions).filter((position) => position.subjectKind === 'person');
        if (!people.length) return;
        setLive((previous) => {
          const next = new Map(previous);
          for (const position of people) next.set(position.subjectId, position);
          return next;
        });
      }),
    [bus],
  );
  useEffect(() => subscribePush(bus, workOrderPushTopic, () => void reloadWork()), [bus, reloadWork]);

  const members = everyone.data?.rows;
  const subjects = useMemo(() => teamSubjects(members ?? [], live, selectedId), [members, live, selectedId]);
  const line = useMemo(() => trackLine(track.data ?? []), [track.data]);
  useTeamMapEffects(subjects, line);

  // Once the team is in, the camera takes in everyone with a position (or the selected member).
  const flown = useRef(false);
  useEffect(() => {
    if (flown.current || !members) return;
    const selected = members.find((candidate) => candidate.memberId === selectedId)?.lastPosition;
    const span = selected ? { ...selected, radius: 500 } : spanOf(members.flatMap((candidate) => candidate.lastPosition ?? []));
    if (!span) return;
    flown.current = true;
    void flyToPoint(span.longitude, span.latitude, Math.min(30_000, Math.max(1_500, span.radius * 4)));
  }, [members, selectedId]);

  const [busy, setBusy] = useState<ReadonlySet<number>>(new Set());
  const afterChange = useCallback(() => {
    void reloadPage();
    void reloadEveryone();
    void reloadCounts();
    void reloadMember();
  }, [reloadCounts, reloadEveryone, reloadMember, reloadPage]);
  const callMember = useCallback(
    async (target: FieldMember, action: MemberCallAction) => {
      setBusy((previous) => new Set(previous).add(target.memberId));
      try {
        const call = await api.call(target.memberId, action);
        notifier.show('success', action === 'call' ? t.called(target.name, call.message) : t.hungUp(target.name));
      } catch {
        // The API caller toasted the refusal.
      } finally {
        setBusy((previous) => {
          const next = new Set(previous);
          next.delete(target.memberId);
          return next;
        });
        afterChange();
      }
    },
    [afterChange, api, notifier],
  );
  const setOnDuty = useCallback(
    async (target: FieldMember, onDuty: boolean) => {
      try {
        await api.setOnDuty(target.memberId, onDuty);
        notifier.show('success', t.dutyChanged(target.name, onDuty));
      } catch {
        // Toasted by the API caller.
      }
      afterChange();
    },
    [afterChange, api, notifier],
  );
  const select = (target: FieldMember) => {
    setParams({ memberId: String(target.memberId) });
    if (target.lastPosition) void flyToPoint(target.lastPosition.longitude, target.lastPosition.latitude);
  };

  return (
    <div className="field-teams" data-team={team} data-map-subjects={subjects.length} data-track-points={line ? line.length / 3 : 0}>
      <div className="field-teams__column">
        <MemberListPanel
          teamName={teamName}
          page={page}
          count={counts.data?.find((count) => count.team === team)}
          pageNum={pageNum}
          pageSize={PAGE_SIZE}
          duty={duty}
          selectedId={selectedId}
          busy={busy}
          onDuty={(next) => {
            setDuty(next);
            setPageNum(1);
          }}
          onPage={setPageNum}
          onSelect={select}
          onCall={(target) => void callMember(target, 'call')}
          onHangUp={(target) => void callMember(target, 'hangup')}
          onRetry={() => void reloadPage()}
          className="field-teams__panel is-members"
        />
      </div>
      <div className="field-teams__column">
        <MemberDetailPanel
          member={selectedId ? member : null}
          work={selectedId ? work : null}
          busy={selectedId !== null && busy.has(selectedId)}
          onCall={(target) => void callMember(target, 'call')}
          onHangUp={(target) => void callMember(target, 'hangup')}
          onSetOnDuty={(target, onDuty) => void setOnDuty(target, onDuty)}
          onLocate={(target) => target.lastPosition && void flyToPoint(target.lastPosition.longitude, target.lastPosition.latitude)}
          onRetry={() => {
            void reloadMember();
            void reloadWork();
          }}
          className="field-teams__panel is-detail"
        />
        <p className="field-teams__legend" aria-live="polite">
          {t.mapMembers(subjects.length)}
          {selectedId ? ` · ${line ? t.trackToday : t.noTrack}` : ''}
        </p>
      </div>
    </div>
  );
}
