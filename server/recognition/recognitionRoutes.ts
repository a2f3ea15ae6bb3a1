import type { FastifyInstance } from 'fastify';
import { recognitionRoutes as declared } from '../../contracts/api/recognitionRoutes';
import { RECOGNITION_DICTS } from '../../contracts/recognition';
import { AppError, ok } from '../envelope';
import { route } from '../http/registerRoute';
import { sessionOf } from '../http/sessionOf';
import { recognitionCsv, shanghaiTime } from './recognitionCsv';
import { parseRecognitionQuery, type RecognitionService } from './RecognitionService';

/** 数据检索: contracts/api/recognitionRoutes.ts. */
export async function recognitionRoutes(api: FastifyInstance, recognition: RecognitionService): Promise<void> {
  route(api, declared.list, async (request) => {
    const { pageNum, pageSize, ...query } = request.query;
    const { rows, total, totalCapped } = await recognition.search(
      sessionOf(request).tenantId,
      parseRecognitionQuery(query),
      pageNum,
      pageSize,
    );
    return { code: 200, msg: '查询成功', rows, total, totalCapped };
  });

  route(api, declared.export, async (request, reply) => {
    const { tenantId } = sessionOf(request);
    const filter = parseRecognitionQuery(request.query);
    const total = await recognition.exportSize(tenantId, filter);
    const labels = await recognition.dictionaryLabels(Object.values(RECOGNITION_DICTS));
    const name = `识别记录_${shanghaiTime(filter.beginTime).slice(0, 10)}_${shanghaiTime(filter.endTime).slice(0, 10)}.csv`;
    return reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="recognition.csv"; filename*=UTF-8''${encodeURIComponent(name)}`)
      .header('x-total-count', String(total))
      .header('cache-control', 'no-store')
      .send(recognitionCsv(recognition.iterate(tenantId, filter), labels));
  });

  route(api, declared.cameras, async (request) => ok(await recognition.cameras(sessionOf(request).tenantId)));

  route(api, declared.snapshot, async (request, reply) => {
    const bytes = await recognition.snapshot(sessionOf(request).tenantId, request.params.recordId);
    if (bytes === undefined) throw new AppError(404, '识别记录不存在');
    if (bytes === null) throw new AppError(404, '该记录的抓拍图片已超过保存期限，已被清理');
    return reply.type('image/png').header('cache-control', 'private, max-age=3600').header('x-content-type-options', 'nosniff').send(bytes);
  });
}
