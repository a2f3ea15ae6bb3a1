/**
 * 语音对讲: the quick intercom groups on the intercom host (spec section 7, `{ status, message, data }`,
 * 1000 refused; called on `intercomBaseUrl` when one is configured, so the web app builds their URLs
 * from these paths), the calls around them in the envelope, and the product socket that rings them.
 */
import { access } from './routeAccess';
import { dataReply, defineRoute, messageReply, replyOf } from './defineRoute';
import { fields, idsOrText, plainId, text } from './schemas';
import type { IntercomOperator, IntercomReply, ProductSocketMessage, QuickGroup, QuickGroupCreated, VideoRoomJoin } from '../videoRooms';

const anyMenu = access.anyMenu;
const gid = plainId('群组编号必须是正整数');
const needGroup = { gid: '请指定群组编号' } as const;
export const QUICK_GROUP_UIDS_MESSAGE = '成员必须是用户编号（正整数）的列表';

export const intercomRoutes = {
  /** The caller's tenant's quick groups the caller belongs to. */
  quickList: defineRoute({
    method: 'GET',
    path: '/gis/sapi/group/quick/list',
    reply: replyOf<IntercomReply<QuickGroup[]>>(),
    access: anyMenu,
  }),
  /** Deletes one of the caller's own groups (a GET, as the spec's intercom host has it). */
  quickDelete: defineRoute({
    method: 'GET',
    path: '/gis/sapi/group/quick/delete',
    query: fields({ gid }, needGroup),
    reply: replyOf<IntercomReply<null>>(),
    access: anyMenu,
  }),
  /** A group of the caller and `uids` (a JSON list; a form repeats the field or writes "2,3"), with its audio room. */
  quickCreate: defineRoute({
    method: 'POST',
    path: '/gis/sapi/group/quick/create',
    body: fields(
      {
        uids: idsOrText(QUICK_GROUP_UIDS_MESSAGE, 100),
        name: text('群组名称', 16),
      },
      { uids: '请选择群组成员', name: '请填写群组名称' },
    ),
    bodyEncoding: 'json',
    reply: replyOf<IntercomReply<QuickGroupCreated>>(),
    access: anyMenu,
  }),
  /** Who can be called: the tenant's users but the caller, with whether they are online. */
  operators: defineRoute({ method: 'GET', path: '/intercom/operators', reply: dataReply<IntercomOperator[]>(), access: anyMenu }),
  /** Leaves a call (the others hear tempcall 1). */
  hangup: defineRoute({
    method: 'POST',
    path: '/intercom/hangup',
    body: fields({ gid }, needGroup),
    bodyEncoding: 'json',
    reply: messageReply(),
    access: anyMenu,
  }),
  /** How the caller joins a group's audio room. */
  join: defineRoute({
    method: 'POST',
    path: '/intercom/join',
    body: fields({ gid }, needGroup),
    bodyEncoding: 'json',
    reply: dataReply<VideoRoomJoin>(),
    access: anyMenu,
  }),
};

/**
 * The product socket (spec sections 4 and 7): logout, repeat login and temporary calls for one user,
 * one ProductSocketMessage per frame. The app trades its session for a one-time ticket and connects to
 * `socket` with `?token=<ticket>` (a WebSocket: the ticket is checked on upgrade, not by a schema).
 */
export const productSocketRoutes = {
  ticket: defineRoute({
    method: 'POST',
    path: '/productSocket/ticket',
    reply: dataReply<{ ticket: string; expiresIn: number }>(),
    access: access.session,
  }),
  socket: defineRoute({
    method: 'GET',
    path: '/productSocket',
    reply: replyOf<ProductSocketMessage>(),
    access: access.public('凭一次性票据连接'),
  }),
};
