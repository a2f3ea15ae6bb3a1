import { describe, expect, expectTypeOf, it, vi } from 'vitest';
import { dataReply, defineRoute, type ReplyOf } from '../../contracts/api/defineRoute';
import { routes } from '../../contracts/api/routes';
import { access } from '../../contracts/api/routeAccess';
import { fields, text } from '../../contracts/api/schemas';
import type { WorkOrderDetail, WorkOrderRow } from '../../contracts/workOrders';
import { createApiCaller, fillPath } from './ApiCaller';
import type { ApiEnvelope, HttpClient } from './HttpClient';

function fakeHttp(reply: ApiEnvelope = { code: 200, msg: '操作成功', data: {} }) {
  const spies = { get: vi.fn(), post: vi.fn(), put: vi.fn(), delete: vi.fn() };
  // Every method records its arguments and answers the same envelope (its type is the test's to choose).
  const answer =
    (spy: (...args: unknown[]) => void) =>
    async <T>(...args: unknown[]): Promise<ApiEnvelope<T>> => {
      spy(...args);
      return reply as ApiEnvelope<T>;
    };
  const http: HttpClient = { get: answer(spies.get), post: answer(spies.post), put: answer(spies.put), delete: answer(spies.delete) };
  return { http: spies, api: createApiCaller(http) };
}

describe('ApiCaller', () => {
  it('fills path parameters, sends the query of a GET and hands back the typed envelope', async () => {
    const { http, api } = fakeHttp({ code: 200, msg: '操作成功', data: { orderId: 7 } });
    const reply = await api.call(routes.workOrders.detail, { params: { orderId: 7 } }, { loading: false });
    expect(http.get).toHaveBeenCalledWith('/workOrder/detail/7', {}, { loading: false });
    expect(reply.data.orderId).toBe(7);
    await api.call(routes.workOrders.list, { query: { pageNum: 2, pageSize: 15, status: 'DONE', keyword: undefined } });
    expect(http.get).toHaveBeenLastCalledWith('/workOrder/list', { pageNum: 2, pageSize: 15, status: 'DONE', keyword: undefined }, {});
  });

  it('sends a body as the route declares it: JSON, or a form (RuoYi POST default), with the caller options', async () => {
    const { http, api } = fakeHttp();
    await api.call(routes.workOrders.accept, { body: { orderId: 3, note: '到场' } }, { quiet: true });
    expect(http.post).toHaveBeenCalledWith('/workOrder/accept', { orderId: 3, note: '到场' }, { quiet: true, json: true });
    const formRoute = defineRoute({
      method: 'POST',
      path: '/form',
      body: fields({ name: text('名称', 10) }),
      reply: dataReply<null>(),
      access: access.session,
    });
    await api.call(formRoute, { body: { name: 'x' } });
    expect(http.post).toHaveBeenLastCalledWith('/form', { name: 'x' }, { json: false });
  });

  it('puts a declared query of a POST in the address and encodes path parameters', async () => {
    const { http, api } = fakeHttp();
    await api.call(routes.workOrders.uploadPhoto, { query: { orderId: 9 } });
    expect(http.post).toHaveBeenCalledWith('/workOrder/photo?orderId=9', {}, { json: false });
    expect(fillPath('/a/:name/b', { name: '甲 乙' })).toBe('/a/%E7%94%B2%20%E4%B9%99/b');
    expect(() => fillPath('/a/:name', {})).toThrow('缺少路径参数 name');
  });
});

// Type-level: the checks below fail `npm run typecheck` when the contract and a caller drift apart.
describe('the contract types every caller', () => {
  it('refuses a field the route does not declare, a wrong type and a missing required field', () => {
    const { api } = fakeHttp();
    const calls = () => {
      // @ts-expect-error `orderNo` is not a field of the accept body (the contract calls it orderId).
      void api.call(routes.workOrders.accept, { body: { orderNo: 3 } });
      // @ts-expect-error orderId is a number in the contract, not text.
      void api.call(routes.workOrders.accept, { body: { orderId: '3' } });
      // @ts-expect-error progress requires its note.
      void api.call(routes.workOrders.progress, { body: { orderId: 3 } });
      // @ts-expect-error the status filter is one of the declared codes.
      void api.call(routes.workOrders.list, { query: { pageNum: 1, pageSize: 20, status: 'OPEN' } });
      // @ts-expect-error the detail route takes its id in the path.
      void api.call(routes.workOrders.detail, { query: { orderId: 3 } });
    };
    expect(calls).toBeTypeOf('function');
  });

  it('breaks a caller when a field of the contract is renamed', () => {
    const named = defineRoute({
      method: 'POST',
      path: '/thing',
      body: fields({ title: text('标题', 10, true) }, { title: '请填写标题' }),
      reply: dataReply<null>(),
      access: access.session,
    });
    const renamed = { ...named, body: fields({ name: text('标题', 10, true) }, { name: '请填写标题' }) };
    const input = { body: { title: '路灯不亮' } };
    const { api } = fakeHttp();
    const calls = () => {
      void api.call(named, input);
      // @ts-expect-error the same caller no longer fits once `title` is renamed `name`.
      void api.call(renamed, input);
    };
    expect(calls).toBeTypeOf('function');
  });

  it('types the reply from the declaration', () => {
    expectTypeOf<ReplyOf<typeof routes.workOrders.detail>['data']>().toEqualTypeOf<WorkOrderDetail>();
    expectTypeOf<ReplyOf<typeof routes.workOrders.list>['rows']>().toEqualTypeOf<WorkOrderRow[]>();
    const { api } = fakeHttp();
    const reads = async () => {
      const reply = await api.call(routes.workOrders.assignees);
      // @ts-expect-error the assignees reply has users and teams, no `members`.
      return reply.data.members;
    };
    expect(reads).toBeTypeOf('function');
  });
});
