import { describe, expect, it } from 'vitest';
import type { RecognitionRecord } from '../../contracts/recognition';
import { csvCell, recognitionCsv } from './recognitionCsv';

const record = (recordId: number): RecognitionRecord => ({
  recordId,
  deviceId: 7,
  deviceName: '江南大道,东口',
  at: Date.UTC(2026, 10, 22, 0, 0, 0),
  longitude: 120.2,
  latitude: 30.2,
  kind: 'face',
  ageBand: 'YOUTH',
  gender: '1',
  faceAttributes: ['GLASSES', 'MASK'],
  plate: null,
  plateColor: null,
  vehicleType: null,
  vehicleColor: null,
  powerType: null,
  nonMotorType: null,
  peopleCount: null,
  targetType: null,
  hasSnapshot: true,
});

describe('recognitionCsv', () => {
  it('pulls records only as the reader asks: the first chunk is out before the rest are read', async () => {
    let pulled = 0;
    async function* many() {
      for (let id = 1; id <= 100_000; id++) {
        pulled++;
        yield record(id);
      }
    }
    const stream = recognitionCsv(many(), new Map());
    const iterator = stream[Symbol.asyncIterator]();
    const first = String((await iterator.next()).value);
    expect(first.startsWith('\uFEFF记录编号,')).toBe(true);
    await iterator.next();
    expect(pulled).toBeLessThan(5_000);
    stream.destroy();
  });

  it('writes labels from the dictionaries, Shanghai time, and quotes what needs it', async () => {
    const labels = new Map([
      ['recognition_kind', new Map([['face', '人脸']])],
      [
        'face_attribute',
        new Map([
          ['GLASSES', '戴眼镜'],
          ['MASK', '戴口罩'],
        ]),
      ],
      ['sys_user_sex', new Map([['1', '女']])],
    ]);
    async function* one() {
      yield record(1);
    }
    let text = '';
    for await (const chunk of recognitionCsv(one(), labels)) text += String(chunk);
    const [, line] = text.split('\r\n');
    expect(line).toContain('1,2026-11-22 08:00:00,"江南大道,东口",7,人脸');
    expect(line).toContain(',女,戴眼镜、戴口罩,');
    // A code without a label shows as itself.
    expect(line).toContain(',YOUTH,');
  });

  it('defuses cells a spreadsheet would run as a formula', () => {
    expect(csvCell('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvCell(-3)).toBe('-3');
  });
});
