/** User info, menus and permissions of the active tenant, tenant switch, dictionaries: what Home and the header need. */
import { String as StringType } from 'typebox/type';
import { dataReply, defineRoute, messageReply, replyOf, type MessageEnvelope } from './defineRoute';
import { access } from './routeAccess';
import { fields, MAX_ID, oneOf, pathParams } from './schemas';
import { Integer } from 'typebox/type';

export const PLATFORM_CODES = ['twin_platform'] as const;

/**
 * GET /getInfo's fields, at the top level (this server) or under `data` (some RuoYi backends): the web
 * app checks them as it reads them, since a production backend may shape them its own way.
 */
interface InfoFields {
  user?: unknown;
  roles?: unknown;
  permissions?: unknown;
  deviceGrants?: unknown;
  weather?: unknown;
}
export type GetInfoReply = MessageEnvelope & InfoFields & { data?: InfoFields };

export interface PlatformMenuRow {
  menuId?: number;
  menuName?: string;
  perms?: string;
  path?: string;
  parentId?: number;
}

/** A module of GET /getRouters with its child pages. */
export interface RouterEntry {
  name: string;
  path: string;
  component?: string;
  perms?: string;
  meta: { title: string; icon?: string };
  children?: RouterEntry[];
}

export interface DictDataRow {
  dictCode: number;
  dictSort: number;
  dictLabel: string;
  dictValue: string;
  dictType: string;
  cssClass: string | null;
  listClass: string | null;
  isDefault: string;
}

export const platformRoutes = {
  getInfo: defineRoute({ method: 'GET', path: '/getInfo', reply: replyOf<GetInfoReply>(), access: access.session }),
  platformList: defineRoute({
    method: 'GET',
    path: '/system/menu/getPlatformList',
    reply: dataReply<PlatformMenuRow[]>(),
    access: access.session,
  }),
  routers: defineRoute({
    method: 'GET',
    path: '/getRouters',
    query: fields({ platformCode: oneOf('平台编码', PLATFORM_CODES, '平台编码无效') }, { platformCode: '平台编码无效' }),
    reply: dataReply<RouterEntry[]>(),
    access: access.session,
  }),
  tenantLogin: defineRoute({
    method: 'POST',
    path: '/tenantLogin',
    body: fields(
      {
        tenantId: Integer({
          minimum: 1,
          maximum: MAX_ID,
          errorMessage: { type: '租户编号无效', minimum: '租户编号无效', maximum: '租户编号无效' },
        }),
      },
      { tenantId: '租户编号无效' },
    ),
    reply: messageReply(),
    access: access.session,
  }),
  dict: defineRoute({
    method: 'GET',
    path: '/system/dict/data/type/:type',
    params: pathParams({
      type: StringType({ pattern: '^[a-z][a-z0-9_]{1,63}$', errorMessage: { type: '字典类型格式不正确', pattern: '字典类型格式不正确' } }),
    }),
    reply: dataReply<DictDataRow[]>(),
    access: access.session,
  }),
};
