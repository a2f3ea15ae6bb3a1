import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import {
  CASE_EVIDENCE_MAX_BYTES,
  CASE_EVIDENCE_MAX_COUNT,
  OPEN_CASE_STATUSES,
  type CaseEvidence,
  type CaseStatus,
} from '../../contracts/cases';
import type { Db } from '../db/Database';
import { AppError, badRequest } from '../envelope';
import { detectPhotoType, PHOTO_EXTENSIONS } from '../workOrders/photos';
import type { CaseAnnouncer } from './CaseAnnouncer';
import { caseRecord, statusLabel as label, toCaseRow, writeCaseEvent } from './caseRecords';

/** The max size in words, for the messages. */
export const EVIDENCE_TOO_LARGE = '证据图片不能超过 5 MB';
export const EVIDENCE_WRONG_TYPE = '证据必须是 JPEG、PNG 或 WebP 图片';

/**
 * Evidence images of open cases (登记, 派遣 and 处置 each may add some): rows in case_evidence, files
 * under DATA_DIR/cases/<tenant>/<case>/<evidence>.<ext>. The bytes decide the type (never the name or
 * header); anything refused stores nothing, no row and no file.
 */
export class CaseEvidenceStore {
  private readonly root: string;

  constructor(
    private readonly db: Db,
    private readonly announcer: CaseAnnouncer,
    dataDir: string,
    private readonly now: () => number,
  ) {
    this.root = join(dataDir, 'cases');
  }

  async store(tenantId: number, userId: number | null, caseId: number, bytes: Buffer): Promise<CaseEvidence> {
    const record = await caseRecord(this.db, tenantId, caseId);
    const status = record.status as CaseStatus;
    if (!OPEN_CASE_STATUSES.includes(status))
      throw new AppError(409, `案件 ${record.case_no} 当前状态为「${label(status)}」，不能上传证据（仅办理中的案件可以上传证据）`);
    if (bytes.length > CASE_EVIDENCE_MAX_BYTES) throw new AppError(413, EVIDENCE_TOO_LARGE);
    const mime = detectPhotoType(bytes);
    if (!mime) throw new AppError(415, EVIDENCE_WRONG_TYPE);
    const count = await this.db
      .selectFrom('case_evidence')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('case_id', '=', record.case_id)
      .where('tenant_id', '=', tenantId)
      .executeTakeFirst();
    if (Number(count?.count ?? 0) >= CASE_EVIDENCE_MAX_COUNT) throw badRequest(`一个案件最多上传 ${CASE_EVIDENCE_MAX_COUNT} 份证据`);
    const at = this.now();
    let written: string | undefined;
    try {
      const evidenceId = await this.db.transaction().execute(async (trx) => {
        const { evidence_id } = await trx
          .insertInto('case_evidence')
          .values({
            evidence_id: undefined,
            case_id: record.case_id,
            tenant_id: tenantId,
            status,
            file: '',
            mime,
            size: bytes.length,
            user_id: userId,
            created_at: at,
          })
          .returning('evidence_id')
          .executeTakeFirstOrThrow();
        const id = Number(evidence_id);
        const file = `${tenantId}/${record.case_id}/${id}.${PHOTO_EXTENSIONS[mime]}`;
        await trx.updateTable('case_evidence').set({ file }).where('evidence_id', '=', id).execute();
        await writeCaseEvent(trx, {
          caseId: record.case_id,
          tenantId,
          at,
          userId,
          action: 'evidence',
          from: null,
          to: null,
          note: `证据 ${id}（${Math.ceil(bytes.length / 1024)} KB）`,
        });
        written = join(this.root, file);
        await mkdir(dirname(written), { recursive: true });
        await writeFile(written, bytes);
        return id;
      });
      await this.announcer.announce(tenantId, toCaseRow(record, at), 'evidence', at);
      return { evidenceId, mime, size: bytes.length, status, createTime: at, url: `/cases/evidence/file?id=${evidenceId}` };
    } catch (error) {
      // The commit failed after the write: no row names the file, so it goes too.
      if (written) await rm(written, { force: true });
      throw error;
    }
  }

  /** An evidence file's bytes and type; another tenant's reads exactly like one that does not exist. */
  async file(tenantId: number, evidenceId: number): Promise<{ bytes: Buffer; mime: string }> {
    const row = await this.db
      .selectFrom('case_evidence')
      .select(['file', 'mime'])
      .where('evidence_id', '=', evidenceId)
      .where('tenant_id', '=', tenantId)
      .executeTakeFirst();
    if (!row || !/^\d+\/\d+\/\d+\.(jpg|png|webp)$/.test(row.file)) throw new AppError(404, '证据不存在');
    try {
      return { bytes: await readFile(join(this.root, row.file)), mime: row.mime };
    } catch {
      throw new AppError(404, '证据文件已丢失');
    }
  }
}
