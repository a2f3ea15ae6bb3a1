import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { WorkOrderPhoto, WorkOrderStatus } from '../../contracts/workOrders';
import type { Db } from '../db/Database';
import { AppError, badRequest } from '../envelope';
import { detectPhotoType, MAX_PHOTO_BYTES, PHOTO_EXTENSIONS, PHOTO_TYPES } from './photos';
import type { WorkOrderAnnouncer } from './WorkOrderAnnouncer';
import { orderRecord, statusLabel as label, writeOrderEvent } from './workOrderRecords';

/** Photos an order may hold. */
export const MAX_PHOTOS_PER_ORDER = 50;

/** Photos of orders in progress: rows in work_order_photos, files under DATA_DIR/workorders/<tenant>/<order>/<photo>.<ext>. */
export class WorkOrderPhotos {
  private readonly root: string;

  constructor(
    private readonly db: Db,
    private readonly announcer: WorkOrderAnnouncer,
    dataDir: string,
    private readonly now: () => number,
  ) {
    this.root = join(dataDir, 'workorders');
  }

  /**
   * Stores a photo of an order in progress (the bytes' own type: JPEG, PNG or WebP, ≤ 5 MB; a declared
   * image type must match). Refused with nothing stored, no row and no file, otherwise.
   */
  async storePhoto(
    tenantId: number,
    userId: number,
    orderId: number,
    bytes: Buffer,
    declared: string | undefined,
  ): Promise<WorkOrderPhoto> {
    const order = await orderRecord(this.db, tenantId, orderId);
    if (order.status !== 'PROCESSING')
      throw new AppError(409, `工单 ${order.order_no} 当前状态为「${label(order.status)}」，不能上传照片（仅「处理中」时可以上传照片）`);
    if (bytes.length > MAX_PHOTO_BYTES) throw new AppError(413, '照片不能超过 5 MB');
    const mime = detectPhotoType(bytes);
    if (!mime) throw badRequest('照片必须是 JPEG、PNG 或 WebP 图片');
    if (declared && (PHOTO_TYPES as readonly string[]).includes(declared) && declared !== mime)
      throw badRequest(`照片内容是 ${mime}，与声明的类型 ${declared} 不符`);
    const count = await this.db
      .selectFrom('work_order_photos')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('order_id', '=', order.order_id)
      .where('tenant_id', '=', tenantId)
      .executeTakeFirst();
    if (Number(count?.count ?? 0) >= MAX_PHOTOS_PER_ORDER) throw badRequest(`一个工单最多上传 ${MAX_PHOTOS_PER_ORDER} 张照片`);
    const at = this.now();
    let written: string | undefined;
    try {
      const photoId = await this.db.transaction().execute(async (trx) => {
        const { photo_id } = await trx
          .insertInto('work_order_photos')
          .values({
            photo_id: undefined,
            order_id: order.order_id,
            tenant_id: tenantId,
            event_id: null,
            user_id: userId,
            file: '',
            mime,
            size: bytes.length,
            created_at: at,
          })
          .returning('photo_id')
          .executeTakeFirstOrThrow();
        const id = Number(photo_id);
        const file = `${tenantId}/${order.order_id}/${id}.${PHOTO_EXTENSIONS[mime]}`;
        await trx.updateTable('work_order_photos').set({ file }).where('photo_id', '=', id).execute();
        await writeOrderEvent(trx, {
          orderId: order.order_id,
          tenantId,
          at,
          userId,
          action: 'photo',
          from: null,
          to: null,
          note: `照片 ${id}（${Math.ceil(bytes.length / 1024)} KB）`,
        });
        await trx.updateTable('work_orders').set({ updated_at: at }).where('order_id', '=', order.order_id).execute();
        written = join(this.root, file);
        await mkdir(dirname(written), { recursive: true });
        await writeFile(written, bytes);
        return id;
      });
      await this.announcer.announce(
        tenantId,
        {
          orderId: order.order_id,
          orderNo: order.order_no,
          status: order.status as WorkOrderStatus,
          alarmId: order.alarm_id === null ? null : Number(order.alarm_id),
        },
        'photo',
        userId,
        at,
      );
      return { photoId, mime, size: bytes.length, eventId: null, userId, createTime: at, url: `/workOrder/photo/file?id=${photoId}` };
    } catch (error) {
      // The commit failed after the write: no row names the file, so it goes too.
      if (written) await rm(written, { force: true });
      throw error;
    }
  }

  /** A photo's bytes and type; another tenant's reads exactly like one that does not exist. */
  async photoFile(tenantId: number, photoId: number): Promise<{ bytes: Buffer; mime: string }> {
    const row = await this.db
      .selectFrom('work_order_photos')
      .select(['file', 'mime'])
      .where('photo_id', '=', photoId)
      .where('tenant_id', '=', tenantId)
      .executeTakeFirst();
    if (!row || !/^\d+\/\d+\/\d+\.(jpg|png|webp)$/.test(row.file)) throw new AppError(404, '照片不存在');
    try {
      return { bytes: await readFile(join(this.root, row.file)), mime: row.mime };
    } catch {
      throw new AppError(404, '照片文件已丢失');
    }
  }
}
