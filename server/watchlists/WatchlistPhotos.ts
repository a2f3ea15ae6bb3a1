import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { WATCHLIST_PHOTO_MAX_BYTES } from '../../contracts/watchlists';
import type { Db } from '../db/Database';
import { AppError, badRequest } from '../envelope';
import { detectPhotoType } from '../workOrders/photos';

const EXTENSIONS = { 'image/jpeg': 'jpg', 'image/png': 'png' } as const;
type WatchlistPhotoType = keyof typeof EXTENSIONS;
const isAccepted = (mime: string | undefined): mime is WatchlistPhotoType => mime === 'image/jpeg' || mime === 'image/png';

/**
 * People's photos for face deployments: rows in watchlist_photos, files under DATA_DIR/watchlists/<tenant>/.
 * JPEG or PNG by the bytes' magic numbers, ≤ 2 MB; anything else is refused with no row and no file.
 */
export class WatchlistPhotos {
  private readonly root: string;

  constructor(
    private readonly db: Db,
    dataDir: string,
    private readonly now: () => number,
  ) {
    this.root = join(dataDir, 'watchlists');
  }

  async store(tenantId: number, userId: number | null, bytes: Buffer): Promise<{ photoId: number }> {
    if (!bytes.length) throw badRequest('请上传人员照片（photo）');
    if (bytes.length > WATCHLIST_PHOTO_MAX_BYTES) throw new AppError(413, '人员照片（photo）不能超过 2 MB');
    const mime = detectPhotoType(bytes);
    if (!isAccepted(mime)) throw badRequest('人员照片（photo）必须是 JPEG 或 PNG 图片');
    const file = `${tenantId}/${randomBytes(12).toString('hex')}.${EXTENSIONS[mime]}`;
    const path = join(this.root, file);
    await mkdir(dirname(path), { recursive: true });
    await writeFile(path, bytes);
    try {
      const row = await this.db
        .insertInto('watchlist_photos')
        .values({ photo_id: undefined, tenant_id: tenantId, file, mime, size: bytes.length, created_by: userId, created_at: this.now() })
        .returning('photo_id')
        .executeTakeFirstOrThrow();
      return { photoId: Number(row.photo_id) };
    } catch (error) {
      await rm(path, { force: true });
      throw error;
    }
  }

  /** A photo of the tenant; another tenant's is not found. */
  async read(tenantId: number, photoId: number): Promise<{ bytes: Buffer; mime: string }> {
    const row = await this.db
      .selectFrom('watchlist_photos')
      .select(['file', 'mime'])
      .where('tenant_id', '=', tenantId)
      .where('photo_id', '=', photoId)
      .executeTakeFirst();
    if (!row) throw new AppError(404, `照片不存在：${photoId}`);
    try {
      return { bytes: await readFile(join(this.root, row.file)), mime: row.mime };
    } catch {
      throw new AppError(404, `照片文件已不存在：${photoId}`);
    }
  }
}
