import type { ApiCaller, ApiFiles } from '@ops/sdk';
import {
  routes,
  type CaseDetail,
  type CaseEvidence,
  type CaseGroup,
  type CasePlace,
  type CaseRow,
  type CaseStats,
  type CaseStatus,
  type CaseTeam,
  type RegisterCaseBody,
} from '@ops/contracts';

/** Reads are quiet (a panel shows its own error); actions toast the server's refusal as well. */
const READ = { loading: false, quiet: true } as const;
const ACT = { loading: false } as const;
const cases = routes.cases;

/** What the case pages call: contracts/api/caseRoutes.ts. */
export interface FieldCasesApi {
  list(query: {
    group: CaseGroup;
    pageNum: number;
    pageSize: number;
    status?: CaseStatus;
    keyword?: string;
  }): Promise<{ rows: CaseRow[]; total: number }>;
  detail(caseId: number): Promise<CaseDetail>;
  byAlarm(alarmId: number): Promise<CaseRow>;
  onMap(group: CaseGroup): Promise<CaseRow[]>;
  places(): Promise<CasePlace[]>;
  stats(group: CaseGroup): Promise<CaseStats>;
  register(body: RegisterCaseBody): Promise<CaseRow>;
  assign(caseId: number, team: CaseTeam): Promise<CaseRow>;
  handle(caseId: number, note: string): Promise<CaseRow>;
  close(caseId: number, note: string): Promise<CaseRow>;
  reject(caseId: number, reason: string): Promise<CaseRow>;
  uploadEvidence(caseId: number, file: Blob): Promise<CaseEvidence>;
  /** An evidence image's bytes (fetched with the session: an <img> cannot send it). */
  evidenceImage(url: string): Promise<Blob>;
}

export function createFieldCasesApi(api: ApiCaller, files: ApiFiles): FieldCasesApi {
  return {
    async list(query) {
      const reply = await api.call(cases.list, { query }, READ);
      return { rows: reply.rows ?? [], total: reply.total ?? 0 };
    },
    detail: async (caseId) => (await api.call(cases.detail, { params: { caseId } }, READ)).data,
    byAlarm: async (alarmId) => (await api.call(cases.byAlarm, { params: { alarmId } }, READ)).data,
    onMap: async (group) => (await api.call(cases.map, { query: { group } }, READ)).data ?? [],
    places: async () => (await api.call(cases.places, {}, READ)).data ?? [],
    stats: async (group) => (await api.call(cases.stats, { query: { group } }, READ)).data,
    register: async (body) => (await api.call(cases.register, { body }, ACT)).data,
    assign: async (caseId, team) => (await api.call(cases.assign, { params: { caseId }, body: { team } }, ACT)).data,
    handle: async (caseId, note) => (await api.call(cases.handle, { params: { caseId }, body: { note } }, ACT)).data,
    close: async (caseId, note) => (await api.call(cases.close, { params: { caseId }, body: { note } }, ACT)).data,
    reject: async (caseId, reason) => (await api.call(cases.reject, { params: { caseId }, body: { reason } }, ACT)).data,
    uploadEvidence: (caseId, file) => files.upload<CaseEvidence>(cases.uploadEvidence.path, { caseId }, file),
    evidenceImage: (url) => files.download(url),
  };
}
