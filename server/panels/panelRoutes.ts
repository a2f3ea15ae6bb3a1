import type { FastifyInstance } from 'fastify';
import { panelRoutes as declared } from '../../contracts/api/panelRoutes';
import { badRequest, ok } from '../envelope';
import { route } from '../http/registerRoute';
import { sessionOf } from '../http/sessionOf';
import type { PanelLayoutService } from './PanelLayoutService';

/** Each operator's own layouts of the panel pages (contracts/panels.ts StoredLayout), in the active tenant. */
export async function panelRoutes(api: FastifyInstance, layouts: PanelLayoutService): Promise<void> {
  route(api, declared.layout, async (request) => {
    const { tenantId, userId } = sessionOf(request);
    return ok(await layouts.get(tenantId, userId, request.query.page));
  });

  route(api, declared.saveLayout, async (request) => {
    const { tenantId, userId } = sessionOf(request);
    const { page, items } = request.body;
    if (items === undefined) throw badRequest('请提供布局');
    const { layout, changes } = await layouts.save(tenantId, userId, { page, items });
    return ok(layout, { changes }, changes.length ? `布局已保存，并已自动调整：${changes.join('；')}` : '布局已保存');
  });

  route(api, declared.resetLayout, async (request) => {
    const { tenantId, userId } = sessionOf(request);
    const removed = await layouts.reset(tenantId, userId, request.query.page);
    return ok(undefined, { removed }, removed ? '已恢复默认布局' : '该页面使用的已是默认布局');
  });
}
