/** Voice recordings (upload, list, play back) and speech to text, for any user with a menu. */
import { String as StringType } from 'typebox/type';
import { access } from './routeAccess';
import { dataReply, defineRoute, fileReply } from './defineRoute';
import { boundedInteger, fields, plainId } from './schemas';
import { MAX_VOICE_BYTES, type VoiceRecording } from '../videoRooms';

const anyMenu = access.anyMenu;

export const voiceRoutes = {
  /**
   * The wav itself as the body (Content-Type audio/wav: PCM, mono, 16 kHz, 16-bit, at most
   * MAX_VOICE_BYTES; no multipart), sent with the session (core/http/sessionFetch).
   */
  upload: defineRoute({ method: 'POST', path: '/voice/record/upload', reply: dataReply<VoiceRecording>(), access: anyMenu }),
  /** The tenant's recordings, newest first. */
  list: defineRoute({ method: 'GET', path: '/voice/record/list', reply: dataReply<VoiceRecording[]>(), access: anyMenu }),
  /** One recording's wav. */
  file: defineRoute({
    method: 'GET',
    path: '/voice/record/file',
    query: fields({ id: plainId('录音编号必须是正整数') }, { id: '请指定录音编号' }),
    reply: fileReply(),
    access: anyMenu,
  }),
  /** The wav in base64 (`wavData`) and its length in bytes (`wavSize`); refused when no engine is configured. */
  speechToText: defineRoute({
    method: 'POST',
    path: '/voice/speechToText',
    body: fields(
      {
        // No maxLength: the route's body limit bounds it.
        wavData: StringType({
          minLength: 1,
          errorMessage: { type: 'wavData 必须是 Base64 编码的 WAV 音频', minLength: '请提供音频数据 wavData' },
        }),
        wavSize: boundedInteger(`wavSize 必须是 1 到 ${MAX_VOICE_BYTES} 的整数（音频字节数）`, 1, MAX_VOICE_BYTES),
      },
      { wavData: '请提供音频数据 wavData', wavSize: '请提供音频长度 wavSize' },
    ),
    bodyEncoding: 'json',
    reply: dataReply<{ text: string }>(),
    access: anyMenu,
  }),
};
