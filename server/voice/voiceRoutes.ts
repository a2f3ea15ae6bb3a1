import type { FastifyError, FastifyInstance } from 'fastify';
import { voiceRoutes as declared } from '../../contracts/api/voiceRoutes';
import { AppError, ok } from '../envelope';
import { route } from '../http/registerRoute';
import { sessionOf } from '../http/sessionOf';
import { MAX_VOICE_BYTES, type VoiceService } from './VoiceService';

/** The content types a wav upload may come as (browsers and recorders differ). */
const WAV_TYPES = ['audio/wav', 'audio/x-wav', 'audio/wave', 'audio/vnd.wave'];
/** speechToText carries the wav in base64 (4/3 of it) inside JSON. */
const SPEECH_BODY_LIMIT = Math.ceil((MAX_VOICE_BYTES * 4) / 3) + 64 * 1024;

/**
 * The uploaded bytes, held where the API's input check (normalizeInput, which walks a body's values)
 * does not see them: a Buffer's every byte would count as one value.
 */
class WavBody {
  readonly #bytes: Buffer;
  constructor(bytes: Buffer) {
    this.#bytes = bytes;
  }
  get bytes(): Buffer {
    return this.#bytes;
  }
}

/** Voice recordings (upload, list, play back) and speech to text: contracts/api/voiceRoutes.ts. */
export async function voiceRoutes(api: FastifyInstance, voice: VoiceService): Promise<void> {
  // The wav itself as the body, 10 MB at most, on this route only (the server's limit is 64 KB).
  await api.register(async (upload) => {
    upload.addContentTypeParser(WAV_TYPES, { parseAs: 'buffer', bodyLimit: MAX_VOICE_BYTES }, (_request, body, done) =>
      done(null, new WavBody(body as Buffer)),
    );
    upload.setErrorHandler((error: FastifyError | AppError) => {
      const code = (error as FastifyError).code;
      if (code === 'FST_ERR_CTP_BODY_TOO_LARGE') throw new AppError(413, '录音文件不能超过 10 MB');
      if (code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE')
        throw new AppError(415, '请以 Content-Type: audio/wav 上传 WAV 文件本身（不支持 multipart 表单）');
      if (code === 'FST_ERR_CTP_EMPTY_JSON_BODY' || code === 'FST_ERR_CTP_EMPTY_TYPE') throw new AppError(400, '请上传 WAV 录音文件');
      throw error;
    });
    route(
      upload,
      declared.upload,
      async (request) => {
        const bytes = request.body instanceof WavBody ? request.body.bytes : undefined;
        if (!bytes?.length) throw new AppError(400, '请以 Content-Type: audio/wav 上传 WAV 录音文件');
        const { tenantId, userId } = sessionOf(request);
        return ok(await voice.store(tenantId, userId, bytes), {}, '录音已保存');
      },
      { bodyLimit: MAX_VOICE_BYTES },
    );
  });

  route(api, declared.list, async (request) => ok(await voice.list(sessionOf(request).tenantId)));

  route(api, declared.file, async (request, reply) => {
    const bytes = await voice.file(sessionOf(request).tenantId, request.query.id);
    return reply.type('audio/wav').header('cache-control', 'private, max-age=3600').send(bytes);
  });

  route(api, declared.speechToText, async (request) => ok(await voice.speechToText(request.body.wavData, request.body.wavSize)), {
    bodyLimit: SPEECH_BODY_LIMIT,
  });
}
