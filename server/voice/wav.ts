/** What the recorder sends and the speech engine expects (spec: voice recording, 16 kHz mono PCM). */
export const VOICE_FORMAT = { sampleRate: 16_000, channels: 1, bitsPerSample: 16 } as const;

export interface WavInfo {
  sampleRate: number;
  channels: number;
  bitsPerSample: number;
  /** Bytes of samples (the data chunk). */
  dataBytes: number;
  durationMs: number;
}

/**
 * Reads a RIFF/WAVE file's header and checks it is PCM, mono, 16000 Hz, 16-bit with a data chunk inside
 * the file. Returns the facts, or a Chinese sentence naming what is wrong.
 */
export function checkVoiceWav(bytes: Buffer): WavInfo | string {
  if (bytes.length < 12 || bytes.toString('ascii', 0, 4) !== 'RIFF' || bytes.toString('ascii', 8, 12) !== 'WAVE')
    return '不是 WAV 文件（缺少 RIFF/WAVE 文件头）';
  let format: { audioFormat: number; channels: number; sampleRate: number; bitsPerSample: number; blockAlign: number } | undefined;
  let offset = 12;
  while (offset + 8 <= bytes.length) {
    const id = bytes.toString('ascii', offset, offset + 4);
    const size = bytes.readUInt32LE(offset + 4);
    const body = offset + 8;
    if (id === 'fmt ') {
      if (size < 16 || body + 16 > bytes.length) return 'WAV 文件的格式块（fmt）不完整';
      format = {
        audioFormat: bytes.readUInt16LE(body),
        channels: bytes.readUInt16LE(body + 2),
        sampleRate: bytes.readUInt32LE(body + 4),
        blockAlign: bytes.readUInt16LE(body + 12),
        bitsPerSample: bytes.readUInt16LE(body + 14),
      };
      // WAVE_FORMAT_EXTENSIBLE names its real format in the sub-format GUID's first two bytes.
      if (format.audioFormat === 0xfffe && size >= 40 && body + 26 <= bytes.length) format.audioFormat = bytes.readUInt16LE(body + 24);
    } else if (id === 'data') {
      if (!format) return 'WAV 文件的数据块（data）出现在格式块（fmt）之前';
      const problems: string[] = [];
      if (format.audioFormat !== 1) problems.push(`编码应为 PCM，实际为格式 ${format.audioFormat}`);
      if (format.channels !== VOICE_FORMAT.channels) problems.push(`应为单声道，实际为 ${format.channels} 声道`);
      if (format.sampleRate !== VOICE_FORMAT.sampleRate) problems.push(`采样率应为 16000 Hz，实际为 ${format.sampleRate} Hz`);
      if (format.bitsPerSample !== VOICE_FORMAT.bitsPerSample) problems.push(`采样位数应为 16 位，实际为 ${format.bitsPerSample} 位`);
      if (problems.length) return `录音格式不符合要求：${problems.join('；')}`;
      if (format.blockAlign !== 2) return `WAV 文件的块对齐应为 2 字节，实际为 ${format.blockAlign}`;
      if (body + size > bytes.length) return `WAV 文件不完整：数据块声明 ${size} 字节，文件中只有 ${bytes.length - body} 字节`;
      if (size === 0) return '录音为空（没有采样数据）';
      if (size % 2 !== 0) return 'WAV 数据块长度不是 2 字节的整数倍';
      return { ...VOICE_FORMAT, dataBytes: size, durationMs: Math.round((size / 2 / VOICE_FORMAT.sampleRate) * 1000) };
    }
    // Chunks are padded to an even length.
    offset = body + size + (size % 2);
  }
  return format ? 'WAV 文件缺少数据块（data）' : 'WAV 文件缺少格式块（fmt）';
}

/** A 16 kHz mono 16-bit PCM wav of `samples` (tests, and a reference of the accepted header). */
export function pcmWav(
  samples: Int16Array,
  sampleRate: number = VOICE_FORMAT.sampleRate,
  channels: number = VOICE_FORMAT.channels,
  bitsPerSample: number = VOICE_FORMAT.bitsPerSample,
  audioFormat = 1,
): Buffer {
  const data = Buffer.from(samples.buffer, samples.byteOffset, samples.byteLength);
  const header = Buffer.alloc(44);
  header.write('RIFF', 0, 'ascii');
  header.writeUInt32LE(36 + data.length, 4);
  header.write('WAVE', 8, 'ascii');
  header.write('fmt ', 12, 'ascii');
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(audioFormat, 20);
  header.writeUInt16LE(channels, 22);
  header.writeUInt32LE(sampleRate, 24);
  header.writeUInt32LE((sampleRate * channels * bitsPerSample) / 8, 28);
  header.writeUInt16LE((channels * bitsPerSample) / 8, 32);
  header.writeUInt16LE(bitsPerSample, 34);
  header.write('data', 36, 'ascii');
  header.writeUInt32LE(data.length, 40);
  return Buffer.concat([header, data]);
}
