import type { FastifyInstance } from 'fastify';
import { caseRoutes as declared } from '../../contracts/api/caseRoutes';
import { CASE_EVIDENCE_MAX_BYTES } from '../../contracts/cases';
import { ok } from '../envelope';
import { acceptImageBodies, imageBytesOf } from '../http/imageBody';
import { route } from '../http/registerRoute';
import { sessionOf } from '../http/sessionOf';
import type { Cases } from './Cases';
import { EVIDENCE_TOO_LARGE } from './CaseEvidenceStore';

/** 综合执法's cases and the parking lots: contracts/api/caseRoutes.ts. */
export async function caseRoutes(api: FastifyInstance, cases: Cases): Promise<void> {
  route(api, declared.list, async (request) => {
    const { pageNum, pageSize, group, status, keyword, overdue } = request.query;
    const result = await cases.queries.list({
      tenantId: sessionOf(request).tenantId,
      pageNum,
      pageSize,
      ...(group ? { group } : {}),
      ...(status ? { status } : {}),
      ...(keyword ? { keyword } : {}),
      overdue: overdue === '1',
    });
    return { code: 200, msg: '查询成功', ...result };
  });

  route(api, declared.detail, async (request) => ok(await cases.queries.detail(sessionOf(request).tenantId, request.params.caseId)));

  route(api, declared.byAlarm, async (request) => ok(await cases.queries.byAlarm(sessionOf(request).tenantId, request.params.alarmId)));

  route(api, declared.map, async (request) => ok(await cases.queries.onMap(sessionOf(request).tenantId, request.query.group)));

  route(api, declared.stats, async (request) => {
    const { group, ...window } = request.query;
    return ok(await cases.queries.stats(sessionOf(request).tenantId, group, window));
  });

  route(api, declared.register, async (request) => {
    const { tenantId, userId } = sessionOf(request);
    return ok(await cases.actions.register(tenantId, userId, request.body), {}, '案件已登记');
  });

  route(api, declared.assign, async (request) => {
    const { tenantId, userId } = sessionOf(request);
    const { team, note } = request.body;
    return ok(await cases.actions.assign(tenantId, userId, request.params.caseId, team, (note ?? '').trim()), {}, '案件已派遣');
  });

  route(api, declared.handle, async (request) => {
    const { tenantId, userId } = sessionOf(request);
    return ok(await cases.actions.handle(tenantId, userId, request.params.caseId, request.body.note.trim()), {}, '处置已记录');
  });

  route(api, declared.close, async (request) => {
    const { tenantId, userId } = sessionOf(request);
    return ok(await cases.actions.close(tenantId, userId, request.params.caseId, request.body.note.trim()), {}, '案件已结案');
  });

  route(api, declared.reject, async (request) => {
    const { tenantId, userId } = sessionOf(request);
    return ok(await cases.actions.reject(tenantId, userId, request.params.caseId, request.body.reason.trim()), {}, '已不予受理');
  });

  // The image itself as the body (5 MB at most, on this route only).
  await api.register(async (upload) => {
    acceptImageBodies(upload, CASE_EVIDENCE_MAX_BYTES, {
      tooLarge: EVIDENCE_TOO_LARGE,
      wrongType: '请以 Content-Type: image/jpeg、image/png 或 image/webp 上传证据图片本身（不支持 multipart 表单）',
      missing: '请上传证据图片',
    });
    route(
      upload,
      declared.uploadEvidence,
      async (request) => {
        const bytes = imageBytesOf(request, '请上传证据图片');
        const { tenantId, userId } = sessionOf(request);
        return ok(await cases.evidence.store(tenantId, userId, request.query.caseId, bytes), {}, '证据已上传');
      },
      { bodyLimit: CASE_EVIDENCE_MAX_BYTES },
    );
  });

  route(api, declared.evidenceFile, async (request, reply) => {
    const file = await cases.evidence.file(sessionOf(request).tenantId, request.query.id);
    return reply
      .type(file.mime)
      .header('cache-control', 'private, max-age=3600')
      .header('x-content-type-options', 'nosniff')
      .send(file.bytes);
  });

  route(api, declared.places, async (request) =>
    ok((cases.places[sessionOf(request).tenantId] ?? []).map(({ name, longitude, latitude }) => ({ name, longitude, latitude }))),
  );

  route(api, declared.parkingLots, async (request) => ok(await cases.parkingLots.list(sessionOf(request).tenantId)));
}
