import type { ApiCaller } from '@ops/sdk';
import {
  routes,
  type FieldMember,
  type FieldPosition,
  type FieldTeam,
  type FieldTeamCount,
  type MemberCall,
  type MemberCallAction,
  type MemberWork,
} from '@ops/contracts';

/** Reads are quiet (a panel shows its own error); actions toast the server's refusal as well. */
const READ = { loading: false, quiet: true } as const;
const ACT = { loading: false } as const;
const field = routes.field;

/** A page of a team's members. */
export interface MemberPage {
  rows: FieldMember[];
  total: number;
}

/** What the team pages call (contracts/api/fieldRoutes.ts). */
export interface FieldTeamsApi {
  members(query: { team: FieldTeam; onDuty?: '0' | '1'; pageNum: number; pageSize: number }): Promise<MemberPage>;
  member(memberId: number): Promise<FieldMember>;
  work(memberId: number): Promise<MemberWork>;
  counts(): Promise<FieldTeamCount[]>;
  lastPositions(): Promise<FieldPosition[]>;
  track(memberId: number, from: number, to: number): Promise<FieldPosition[]>;
  setOnDuty(memberId: number, onDuty: boolean): Promise<FieldMember>;
  call(memberId: number, action: MemberCallAction): Promise<MemberCall>;
}

export function createFieldTeamsApi(api: ApiCaller): FieldTeamsApi {
  return {
    async members(query) {
      const reply = await api.call(field.members, { query }, READ);
      return { rows: reply.rows ?? [], total: typeof reply.total === 'number' ? reply.total : 0 };
    },
    member: async (memberId) => (await api.call(field.member, { params: { memberId } }, READ)).data,
    work: async (memberId) => (await api.call(field.memberWork, { params: { memberId } }, READ)).data,
    counts: async () => (await api.call(field.teamCounts, {}, READ)).data ?? [],
    lastPositions: async () => (await api.call(field.lastPositions, {}, READ)).data ?? [],
    track: async (memberId, from, to) =>
      (await api.call(field.track, { query: { subjectKind: 'person', subjectId: memberId, from, to } }, READ)).data ?? [],
    setOnDuty: async (memberId, onDuty) => (await api.call(field.setOnDuty, { params: { memberId }, body: { onDuty } }, ACT)).data,
    call: async (memberId, action) => (await api.call(field.callMember, { params: { memberId, action } }, ACT)).data,
  };
}
