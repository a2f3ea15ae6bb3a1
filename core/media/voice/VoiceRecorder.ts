import { VOICE_BUFFER_SIZE, VOICE_SAMPLE_RATE, encodeWav, resample } from './wav';
import { voiceStrings as t } from './voiceStrings';

/** A microphone problem, with the Chinese alert of spec section 8. */
export class MicrophoneError extends Error {
  override name = 'MicrophoneError';
}

/** getUserMedia's errors → the microphone alerts of spec section 8. */
export function microphoneMessage(error: unknown): string {
  const name = (error as { name?: string } | null)?.name ?? '';
  switch (name) {
    case 'NotAllowedError':
    case 'PermissionDeniedError':
    case 'SecurityError':
      return t.denied;
    case 'NotFoundError':
    case 'DevicesNotFoundError':
      return t.notFound;
    case 'NotSupportedError':
    case 'OverconstrainedError':
    case 'ConstraintNotSatisfiedError':
      return t.hardware;
    case 'NotReadableError':
    case 'TrackStartError':
    case 'AbortError':
    default:
      return t.cannotOpen;
  }
}

/** What the recorder needs from the browser (tests pass stand-ins). */
export interface RecorderEnvironment {
  getUserMedia?: ((constraints: MediaStreamConstraints) => Promise<MediaStream>) | undefined;
  createAudioContext?: (() => AudioContext) | undefined;
}

const browserEnvironment = (): RecorderEnvironment => {
  const devices = globalThis.navigator?.mediaDevices;
  const Context = (globalThis as { AudioContext?: typeof AudioContext }).AudioContext;
  return {
    getUserMedia: devices?.getUserMedia ? (constraints) => devices.getUserMedia(constraints) : undefined,
    createAudioContext: Context
      ? () => {
          try {
            return new Context({ sampleRate: VOICE_SAMPLE_RATE });
          } catch {
            return new Context();
          }
        }
      : undefined,
  };
};

export interface Recording {
  wav: Blob;
  durationMs: number;
}

/**
 * Records the microphone (spec section 9: mono, 16 kHz, buffers of 4096) into a PCM 16-bit WAV blob.
 * `start` rejects with a MicrophoneError carrying the spec's Chinese alert; `level` (0…1) is the last
 * buffer's loudness for a meter.
 */
export class VoiceRecorder {
  private stream: MediaStream | undefined;
  private context: AudioContext | undefined;
  private processor: ScriptProcessorNode | undefined;
  private chunks: Float32Array[] = [];
  private rate = VOICE_SAMPLE_RATE;
  level = 0;

  constructor(private readonly environment: RecorderEnvironment = browserEnvironment()) {}

  get recording(): boolean {
    return this.stream !== undefined;
  }

  async start(): Promise<void> {
    const { getUserMedia, createAudioContext } = this.environment;
    if (!getUserMedia || !createAudioContext) throw new MicrophoneError(t.unsupported);
    if (this.stream) return;
    try {
      this.stream = await getUserMedia({ audio: { channelCount: 1, sampleRate: VOICE_SAMPLE_RATE, echoCancellation: true }, video: false });
    } catch (error) {
      throw new MicrophoneError(microphoneMessage(error));
    }
    this.chunks = [];
    const context = createAudioContext();
    this.context = context;
    this.rate = context.sampleRate;
    const source = context.createMediaStreamSource(this.stream);
    const processor = context.createScriptProcessor(VOICE_BUFFER_SIZE, 1, 1);
    this.processor = processor;
    processor.onaudioprocess = (event) => {
      const samples = new Float32Array(event.inputBuffer.getChannelData(0));
      this.chunks.push(samples);
      let sum = 0;
      for (const sample of samples) sum += sample * sample;
      this.level = Math.min(1, Math.sqrt(sum / samples.length) * 4);
    };
    source.connect(processor);
    processor.connect(context.destination);
  }

  /** Stops and returns the recording (null when nothing was recorded). */
  async stop(): Promise<Recording | null> {
    const chunks = this.chunks;
    const rate = this.rate;
    this.release();
    const samples = chunks.reduce((sum, chunk) => sum + chunk.length, 0);
    if (!samples) return null;
    const mono = rate === VOICE_SAMPLE_RATE ? chunks : [resample(concat(chunks), rate)];
    const length = mono.reduce((sum, chunk) => sum + chunk.length, 0);
    return { wav: new Blob([encodeWav(mono)], { type: 'audio/wav' }), durationMs: Math.round((length / VOICE_SAMPLE_RATE) * 1000) };
  }

  /** Stops without keeping anything. */
  cancel(): void {
    this.release();
  }

  private release(): void {
    if (this.processor) this.processor.onaudioprocess = null;
    this.processor?.disconnect();
    for (const track of this.stream?.getTracks() ?? []) track.stop();
    void this.context?.close().catch(() => undefined);
    this.stream = undefined;
    this.context = undefined;
    this.processor = undefined;
    this.chunks = [];
    this.level = 0;
  }
}

function concat(chunks: Float32Array[]): Float32Array {
  const out = new Float32Array(chunks.reduce((sum, chunk) => sum + chunk.length, 0));
  let offset = 0;
  for (const chunk of chunks) {
    out.set(chunk, offset);
    offset += chunk.length;
  }
  return out;
}
