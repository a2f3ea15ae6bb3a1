import type { FastifyInstance } from 'fastify';
import type { ServerDeps } from '../ServerDeps';
import { voiceRoutes } from './voiceRoutes';
import { VoiceService } from './VoiceService';

/** Voice recordings under DATA_DIR and speech to text (SPEECH_TO_TEXT_URL). */
export async function registerVoice(api: FastifyInstance, { config, db, now }: ServerDeps): Promise<void> {
  await voiceRoutes(api, new VoiceService(db, config.dataDir, now, config.speechToTextUrl));
}
