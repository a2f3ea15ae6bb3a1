import type { FastifyError, FastifyInstance } from 'fastify';
import { access } from '../access/RouteAccess';
import { AppError, ok } from '../envelope';
import { MAX_VOICE_BYTES, type VoiceService } from './VoiceService';

/** The content types a wav upload may come as (browsers and recorders differ). */
const WAV_TYPES = ['audio/wav', 'audio/x-wav', 'audio/wave', 'audio/vnd.wave'];
/** speechToText carries the wav in base64 (4/3 of it) inside JSON. */
const SPEECH_BODY_LIMIT = Math.ceil((MAX_VOICE_BYTES * 4) / 3) + 64 * 1024;

const idQuery = {
  querystring: {
    type: 'object',
    properties: { id: { type: 'integer', minimum: 1, maximum: 2147483647, errorMessage: '录音编号必须是正整数' } },
    required: ['id'],
    errorMessage: { type: '请求参数格式不正确', required: { id: '请指定录音编号' } },
  },
};

const speechBody = {
  body: {
    type: 'object',
    properties: {
      // No maxLength: the route's body limit bounds it.
      wavData: {
        type: 'string',
        minLength: 1,
        errorMessage: { type: 'wavData 必须是 Base64 编码的 WAV 音频', minLength: '请提供音频数据 wavData' },
      },
      wavSize: {
        type: 'integer',
        minimum: 1,
        maximum: MAX_VOICE_BYTES,
        errorMessage: `wavSize 必须是 1 到 ${MAX_VOICE_BYTES} 的整数（音频字节数）`,
      },
    },
    required: ['wavData', 'wavSize'],
    errorMessage: { type: '请求参数格式不正确', required: { wavData: '请提供音频数据 wavData', wavSize: '请提供音频长度 wavSize' } },
  },
};

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

/** Voice recordings (upload, list, play back) and speech to text. */
export async function voiceRoutes(api: FastifyInstance, voice: VoiceService): Promise<void> {
  const config = { access: access.anyMenu };

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
    upload.post('/voice/record/upload', { config, bodyLimit: MAX_VOICE_BYTES }, async (request) => {
      const bytes = request.body instanceof WavBody ? request.body.bytes : undefined;
      if (!bytes?.length) throw new AppError(400, '请以 Content-Type: audio/wav 上传 WAV 录音文件');
      const { tenantId, userId } = request.session!;
      return ok(await voice.store(tenantId, userId, bytes), {}, '录音已保存');
    });
  });

  api.get('/voice/record/list', { config }, async (request) => ok(await voice.list(request.session!.tenantId)));

  api.get('/voice/record/file', { config, schema: idQuery }, async (request, reply) => {
    const bytes = await voice.file(request.session!.tenantId, (request.query as { id: number }).id);
    return reply.type('audio/wav').header('cache-control', 'private, max-age=3600').send(bytes);
  });

  api.post('/voice/speechToText', { config, schema: speechBody, bodyLimit: SPEECH_BODY_LIMIT }, async (request) => {
    const { wavData, wavSize } = request.body as { wavData: string; wavSize: number };
    return ok(await voice.speechToText(wavData, wavSize));
  });
}
