import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { MAX_VOICE_BYTES, type VoiceRecording } from '../../contracts/videoRooms';
import type { Db } from '../db/Database';
import { AppError, badRequest } from '../envelope';
import { checkVoiceWav } from './wav';

export { MAX_VOICE_BYTES };
/** How long the speech engine may take for one recording. */
export const SPEECH_TIMEOUT_MS = 30_000;
export const NO_SPEECH_ENGINE = '未配置语音识别服务（SPEECH_TO_TEXT_URL）';
const LIST_LIMIT = 200;
/** Standard base64 (what the recorder's FileReader/btoa write), padding included; blanks are not base64. */
const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

/**
 * Operators' voice recordings (table voice_recordings, files under DATA_DIR/voice/<tenant>/<id>.wav) and
 * speech to text through a configured engine. Every wav is checked (PCM, mono, 16 kHz, 16-bit) before
 * anything is stored or sent.
 */
export class VoiceService {
  private readonly root: string;

  constructor(
    private readonly db: Db,
    dataDir: string,
    private readonly now: () => number,
    private readonly speechToTextUrl: string | undefined,
  ) {
    this.root = join(dataDir, 'voice');
  }

  /** Stores a recording of the tenant; refused (400, nothing stored) when it is not the expected wav. */
  async store(tenantId: number, userId: number, bytes: Buffer): Promise<VoiceRecording> {
    if (bytes.length > MAX_VOICE_BYTES) throw new AppError(413, '录音文件不能超过 10 MB');
    const info = checkVoiceWav(bytes);
    if (typeof info === 'string') throw badRequest(info);
    const createdAt = this.now();
    let written: string | undefined;
    try {
      // The row and the file together: the id names the file, and a failed write rolls the row back.
      return await this.db.transaction().execute(async (trx) => {
        const { id } = await trx
          .insertInto('voice_recordings')
          .values({
            id: undefined,
            tenant_id: tenantId,
            user_id: userId,
            file: '',
            size: bytes.length,
            duration_ms: info.durationMs,
            created_at: createdAt,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        const file = `${tenantId}/${Number(id)}.wav`;
        await trx.updateTable('voice_recordings').set({ file }).where('id', '=', Number(id)).execute();
        written = join(this.root, file);
        await mkdir(dirname(written), { recursive: true });
        await writeFile(written, bytes);
        return { id: Number(id), size: bytes.length, durationMs: info.durationMs, createdAt };
      });
    } catch (error) {
      // The commit failed after the write: no row names the file, so it goes too.
      if (written) await rm(written, { force: true });
      throw error;
    }
  }

  /** The tenant's recordings, newest first (the latest 200). */
  async list(tenantId: number): Promise<VoiceRecording[]> {
    const rows = await this.db
      .selectFrom('voice_recordings')
      .select(['id', 'size', 'duration_ms', 'created_at'])
      .where('tenant_id', '=', tenantId)
      .orderBy('id', 'desc')
      .limit(LIST_LIMIT)
      .execute();
    return rows.map((row) => ({ id: Number(row.id), size: row.size, durationMs: row.duration_ms, createdAt: row.created_at }));
  }

  /** A recording's wav; another tenant's reads exactly like one that does not exist. */
  async file(tenantId: number, id: number): Promise<Buffer> {
    const row = await this.db
      .selectFrom('voice_recordings')
      .select('file')
      .where('id', '=', id)
      .where('tenant_id', '=', tenantId)
      .executeTakeFirst();
    if (!row || !/^\d+\/\d+\.wav$/.test(row.file)) throw new AppError(404, '录音不存在');
    try {
      return await readFile(join(this.root, row.file));
    } catch {
      throw new AppError(404, '录音文件已丢失');
    }
  }

  /**
   * Speech to text: `wavData` is the wav in base64, `wavSize` its length in bytes (a mismatch means a cut
   * or altered upload). The wav is POSTed as audio/wav to SPEECH_TO_TEXT_URL, which answers JSON { text }.
   */
  async speechToText(wavData: string, wavSize: number): Promise<{ text: string }> {
    if (!BASE64.test(wavData)) throw badRequest('wavData 不是有效的 Base64 编码');
    const bytes = Buffer.from(wavData, 'base64');
    if (bytes.length !== wavSize) throw badRequest(`wavSize 与音频数据长度不一致：wavSize 为 ${wavSize}，解码后为 ${bytes.length} 字节`);
    const info = checkVoiceWav(bytes);
    if (typeof info === 'string') throw badRequest(info);
    if (!this.speechToTextUrl) throw new AppError(503, NO_SPEECH_ENGINE);
    let response: Response;
    try {
      response = await fetch(this.speechToTextUrl, {
        method: 'POST',
        headers: { 'content-type': 'audio/wav' },
        body: bytes,
        signal: AbortSignal.timeout(SPEECH_TIMEOUT_MS),
      });
    } catch (error) {
      const timedOut = error instanceof Error && error.name === 'TimeoutError';
      throw new AppError(502, timedOut ? `语音识别服务 ${SPEECH_TIMEOUT_MS / 1000} 秒内没有应答` : '无法连接语音识别服务');
    }
    if (!response.ok) throw new AppError(502, `语音识别服务出错（HTTP ${response.status}）`);
    const answer = (await response.json().catch(() => undefined)) as { text?: unknown } | undefined;
    if (typeof answer?.text !== 'string') throw new AppError(502, '语音识别服务的应答不正确（应为 JSON { text }）');
    return { text: answer.text };
  }
}
