/** Each operator's own layouts of the panel pages (contracts/panels.ts StoredLayout), in the active tenant. */
import { String as StringType, Unsafe } from 'typebox/type';
import panelsSchema from '../../schemas/contributions/panels.schema.json' with { type: 'json' };
import type { SaveLayoutBody, StoredLayout } from '../panels';
import { dataReply, defineRoute, messageReply } from './defineRoute';
import { access } from './routeAccess';
import { fields } from './schemas';

const { PageId, LayoutItem, PageLayouts } = panelsSchema.definitions;
const item = LayoutItem.properties;
const bounds = (name: string, what: string, rule: { minimum: number; maximum: number }) => {
  const message = `布局项的 ${name}（${what}）必须是 ${rule.minimum} 到 ${rule.maximum} 的整数`;
  return {
    type: 'integer',
    minimum: rule.minimum,
    maximum: rule.maximum,
    errorMessage: { type: message, minimum: message, maximum: message },
  };
};
/** A list that is not one, and an entry of it that is no object: one message (the bad-value catalogue expects the field's own for `[true]`). */
const ITEMS_MESSAGE = '布局必须是布局项（含 panel、x、y、w、h 的对象）的列表';
const PAGE_MESSAGE = '页面编号不正确（形如 comprehensive 或 alarmManage/alarmStatistics）';
const page = StringType({
  minLength: 1,
  maxLength: 64,
  pattern: PageId.pattern,
  errorMessage: { type: PAGE_MESSAGE, minLength: PAGE_MESSAGE, maxLength: PAGE_MESSAGE, pattern: PAGE_MESSAGE },
});

/** The body of PUT /panel/layout: the schema's bounds (schemas/contributions/panels.schema.json), with Chinese messages. */
const saveBody = Unsafe<Pick<SaveLayoutBody, 'page'> & Partial<Pick<SaveLayoutBody, 'items'>>>({
  type: 'object',
  properties: {
    page,
    items: {
      type: 'array',
      maxItems: PageLayouts.additionalProperties.maxItems,
      items: {
        type: 'object',
        additionalProperties: false,
        required: LayoutItem.required,
        properties: {
          panel: {
            type: 'string',
            maxLength: 48,
            pattern: item.panel.pattern,
            errorMessage: {
              type: '布局项的 panel 必须是面板编号',
              maxLength: '布局项的 panel 必须是面板编号',
              pattern: '布局项的 panel 必须是面板编号',
            },
          },
          x: bounds('x', '列', item.x),
          y: bounds('y', '行', item.y),
          w: bounds('w', '宽', item.w),
          h: bounds('h', '高', item.h),
        },
        errorMessage: {
          type: ITEMS_MESSAGE,
          required: '布局项必须有 panel、x、y、w、h',
          additionalProperties: '布局项只能有 panel、x、y、w、h',
        },
      },
      errorMessage: { type: ITEMS_MESSAGE, maxItems: `一个页面最多放 ${PageLayouts.additionalProperties.maxItems} 个面板` },
    },
  },
  // `items` is required too, checked after the page (a form body cannot carry it, and a bad page is named first).
  required: ['page'],
  errorMessage: { type: '请求参数格式不正确', required: { page: '请指定页面' } },
});

const pageQuery = fields({ page }, { page: '请指定页面' });

export const panelRoutes = {
  layout: defineRoute({
    method: 'GET',
    path: '/panel/layout',
    query: pageQuery,
    reply: dataReply<StoredLayout | null>(),
    access: access.session,
  }),
  /** The body as JSON; `items` is required too, checked after the page (a form cannot carry it). */
  saveLayout: defineRoute({
    method: 'PUT',
    path: '/panel/layout',
    body: saveBody,
    bodyEncoding: 'json',
    reply: dataReply<StoredLayout, { changes: string[] }>(),
    access: access.session,
  }),
  resetLayout: defineRoute({
    method: 'DELETE',
    path: '/panel/layout',
    query: pageQuery,
    reply: messageReply<{ removed: boolean }>(),
    access: access.session,
  }),
};
