import { formatPlate, type PlateColor } from '../../contracts/recognition';
import { seededRandom } from '../simulation/seededRandom';
import { SHANGHAI_OFFSET_MS } from '../stats/periods';
import type { RecognitionRow } from './recognitionModel';
import { Raster, type Rgb } from './Raster';

export const SNAPSHOT_WIDTH = 192;
export const SNAPSHOT_HEIGHT = 144;

/** What a snapshot is drawn from: the record's columns (the same row always draws the same picture). */
export type SnapshotSubject = Pick<
  RecognitionRow,
  | 'at'
  | 'device_id'
  | 'kind'
  | 'age_band'
  | 'gender'
  | 'attributes'
  | 'plate'
  | 'plate_color'
  | 'vehicle_color'
  | 'vehicle_type'
  | 'non_motor_type'
  | 'people_count'
  | 'target_type'
>;

const WHITE: Rgb = [245, 245, 245];
const BLACK: Rgb = [20, 20, 24];
const RED: Rgb = [235, 50, 50];
const SKIN: Rgb = [236, 196, 160];
const BODY_COLORS: Record<string, Rgb> = {
  WHITE: [228, 230, 232],
  BLACK: [34, 36, 40],
  SILVER: [176, 182, 190],
  GREY: [110, 116, 124],
  RED: [190, 40, 40],
  BLUE: [40, 80, 170],
  OTHER: [170, 130, 60],
};
const PLATES: Record<PlateColor, { background: Rgb; text: Rgb }> = {
  BLUE: { background: [20, 70, 190], text: WHITE },
  YELLOW: { background: [245, 190, 20], text: BLACK },
  GREEN: { background: [120, 210, 120], text: BLACK },
  WHITE: { background: WHITE, text: BLACK },
  BLACK: { background: BLACK, text: WHITE },
};

/** The camera's on-screen clock (Shanghai time), as a camera stamps its pictures. */
function stamp(raster: Raster, at: number, deviceId: number): void {
  const text = new Date(at + SHANGHAI_OFFSET_MS).toISOString().slice(0, 19).replace('T', ' ');
  raster.fillRect(0, 0, raster.width, 11, [0, 0, 0]);
  raster.text(3, 2, text, WHITE, 0.5);
  const camera = `CAM ${deviceId}`;
  raster.text(raster.width - Raster.textWidth(camera, 0.5) - 2, 2, camera, [255, 220, 120], 0.5);
}

/** Day or night light by the Shanghai hour. */
function scene(raster: Raster, at: number, ground: Rgb): void {
  const hour = Math.floor((at + SHANGHAI_OFFSET_MS) / 3_600_000) % 24;
  const night = hour < 6 || hour >= 19;
  raster.gradient(0, 11, raster.width, 60, night ? [18, 24, 44] : [120, 150, 180], night ? [40, 48, 70] : [170, 185, 200]);
  raster.gradient(0, 71, raster.width, raster.height - 71, ground, night ? [30, 32, 36] : [ground[0] - 30, ground[1] - 30, ground[2] - 30]);
}

function figure(raster: Raster, x: number, y: number, size: number, shirt: Rgb, helmet?: Rgb): void {
  raster.fillRect(x - size * 0.35, y, size * 0.7, size * 1.3, shirt);
  raster.fillEllipse(x, y - size * 0.35, size * 0.32, size * 0.36, SKIN);
  if (helmet) raster.fillEllipse(x, y - size * 0.5, size * 0.38, size * 0.28, helmet, y - size * 0.5);
}

function face(raster: Raster, subject: SnapshotSubject): void {
  raster.gradient(0, 11, raster.width, raster.height - 11, [150, 158, 170], [90, 96, 110]);
  const attributes = subject.attributes.split(',');
  const female = subject.gender === '1';
  const child = subject.age_band === 'CHILD';
  const hair: Rgb = subject.age_band === 'SENIOR' ? [200, 200, 205] : [40, 30, 26];
  const cx = raster.width / 2;
  const cy = child ? 78 : 70;
  const scale = child ? 0.8 : 1;
  raster.fillEllipse(cx, 150, 62 * scale, 40, female ? [170, 70, 110] : [50, 70, 110]);
  raster.fillRect(cx - 10 * scale, cy + 28 * scale, 20 * scale, 18, SKIN);
  if (female) raster.fillEllipse(cx, cy + 6, 34 * scale, 44 * scale, hair);
  raster.fillEllipse(cx, cy, 28 * scale, 36 * scale, SKIN);
  raster.fillEllipse(cx, cy - 12 * scale, 30 * scale, 26 * scale, hair, cy - 18 * scale);
  const eyeY = cy - 4 * scale;
  for (const side of [-1, 1]) raster.fillEllipse(cx + side * 10 * scale, eyeY, 3 * scale, 2.5 * scale, BLACK);
  raster.fillRect(cx - 7 * scale, cy + 18 * scale, 14 * scale, 2, [170, 80, 80]);
  if (attributes.includes('GLASSES') || attributes.includes('SUNGLASSES')) {
    const lens: Rgb = attributes.includes('SUNGLASSES') ? [20, 20, 30] : [60, 60, 70];
    for (const side of [-1, 1]) {
      if (attributes.includes('SUNGLASSES'))
        raster.fillRect(cx + side * 10 * scale - 8 * scale, eyeY - 5 * scale, 16 * scale, 10 * scale, lens);
      else raster.strokeRect(cx + side * 10 * scale - 8 * scale, eyeY - 5 * scale, 16 * scale, 10 * scale, lens, 2);
    }
    raster.fillRect(cx - 2 * scale, eyeY - 1, 4 * scale, 2, lens);
  }
  if (attributes.includes('MASK')) raster.fillEllipse(cx, cy + 16 * scale, 22 * scale, 14 * scale, [160, 200, 230]);
  if (attributes.includes('HAT')) {
    raster.fillEllipse(cx, cy - 24 * scale, 31 * scale, 20 * scale, [180, 60, 40], cy - 22 * scale);
    raster.fillRect(cx - 40 * scale, cy - 24 * scale, 80 * scale, 5 * scale, [150, 50, 34]);
  }
  if (attributes.includes('BACKPACK')) for (const side of [-1, 1]) raster.fillRect(cx + side * 38 * scale - 4, 112, 8, 32, [60, 60, 60]);
}

function vehicle(raster: Raster, subject: SnapshotSubject): void {
  scene(raster, subject.at, [90, 92, 98]);
  const body = BODY_COLORS[subject.vehicle_color ?? 'OTHER'] ?? BODY_COLORS.OTHER!;
  const heavy = subject.vehicle_type === 'BUS' || subject.vehicle_type === 'TRUCK';
  const width = heavy ? 150 : 132;
  const left = (raster.width - width) / 2;
  // The car from behind: roof and rear window, the body, lights, wheels below.
  raster.fillRect(left + 18, heavy ? 24 : 38, width - 36, heavy ? 40 : 28, body);
  raster.fillRect(left + 24, heavy ? 28 : 42, width - 48, heavy ? 30 : 20, [50, 62, 80]);
  raster.fillRect(left, heavy ? 62 : 64, width, 60, body);
  for (const side of [0, 1]) raster.fillRect(side ? left + width - 22 : left + 6, 74, 16, 8, RED);
  for (const side of [0, 1]) raster.fillRect(side ? left + width - 26 : left + 8, 122, 18, 14, BLACK);
  const plate = formatPlate(subject.plate ?? '');
  const colors = PLATES[(subject.plate_color as PlateColor | null) ?? 'BLUE'] ?? PLATES.BLUE;
  const plateWidth = Raster.textWidth(plate) + 10;
  const plateLeft = Math.round((raster.width - plateWidth) / 2);
  raster.fillRect(plateLeft - 2, 92, plateWidth + 4, 24, colors.text);
  if (subject.plate_color === 'GREEN') raster.gradient(plateLeft, 94, plateWidth, 20, [235, 245, 235], [80, 190, 90]);
  else raster.fillRect(plateLeft, 94, plateWidth, 20, colors.background);
  raster.text(plateLeft + 5, 97, plate, colors.text);
}

function nonMotor(raster: Raster, subject: SnapshotSubject, random: () => number): void {
  scene(raster, subject.at, [110, 112, 116]);
  const frame: Rgb =
    subject.non_motor_type === 'E_BIKE' ? [40, 150, 220] : subject.non_motor_type === 'MOTORCYCLE' ? [200, 60, 40] : [60, 170, 90];
  const ground = 120;
  const inside: Rgb = [100, 102, 106];
  raster.ring(56, ground - 16, 18, 4, BLACK, inside);
  raster.ring(136, ground - 16, 18, 4, BLACK, inside);
  if (subject.non_motor_type === 'TRICYCLE') raster.ring(150, ground - 16, 18, 4, BLACK, inside);
  raster.line(56, ground - 16, 92, ground - 44, frame, 4);
  raster.line(92, ground - 44, 136, ground - 16, frame, 4);
  raster.line(80, ground - 50, 126, ground - 50, frame, 4);
  raster.line(126, ground - 50, 136, ground - 16, frame, 4);
  figure(raster, 100, ground - 82, 26, [80 + Math.floor(random() * 120), 80, 120]);
}

function people(raster: Raster, subject: SnapshotSubject, random: () => number): void {
  scene(raster, subject.at, [150, 140, 120]);
  const count = Math.min(40, subject.people_count ?? 0);
  for (let index = 0; index < count; index++)
    figure(raster, 10 + random() * (raster.width - 20), 60 + random() * 70, 8 + random() * 4, [
      60 + random() * 180,
      60 + random() * 120,
      80 + random() * 150,
    ]);
  const text = String(subject.people_count ?? 0);
  raster.fillRect(raster.width - Raster.textWidth(text) - 10, raster.height - 22, Raster.textWidth(text) + 8, 20, [0, 0, 0]);
  raster.text(raster.width - Raster.textWidth(text) - 6, raster.height - 19, text, [255, 220, 120]);
}

function target(raster: Raster, subject: SnapshotSubject, random: () => number): void {
  scene(raster, subject.at, [120, 118, 110]);
  const box = { x: 40 + random() * 50, y: 30 + random() * 30, width: 70, height: 80 };
  switch (subject.target_type) {
    case 'SMOKE_PLUME':
    case 'FIRE': {
      const colors: Rgb[] =
        subject.target_type === 'FIRE'
          ? [
              [240, 120, 20],
              [250, 200, 40],
              [220, 60, 20],
            ]
          : [
              [170, 170, 175],
              [130, 130, 136],
              [200, 200, 204],
            ];
      for (let index = 0; index < 14; index++)
        raster.fillEllipse(
          box.x + 10 + random() * 50,
          box.y + 12 + random() * 60,
          8 + random() * 10,
          8 + random() * 10,
          colors[index % 3]!,
        );
      break;
    }
    case 'CROWD':
      for (let index = 0; index < 16; index++)
        figure(raster, box.x + 8 + random() * 54, box.y + 20 + random() * 50, 10, [80 + random() * 150, 80, 140]);
      break;
    case 'INTRUSION':
      raster.line(0, 100, raster.width, 84, [230, 200, 40], 3);
      figure(raster, box.x + 35, box.y + 30, 24, [60, 60, 70]);
      break;
    default:
      figure(raster, box.x + 35, box.y + 30, 24, [230, 120, 30], subject.target_type === 'NO_HELMET' ? undefined : [250, 220, 40]);
  }
  raster.strokeRect(box.x, box.y, box.width, box.height, RED, 2);
}

/** A 32-bit hash of the record's identity: the picture's own random draws. */
function subjectSeed(subject: SnapshotSubject): number {
  let hash = 2166136261;
  for (const character of `${subject.at}:${subject.device_id}:${subject.kind}`) hash = Math.imul(hash ^ character.charCodeAt(0), 16777619);
  return hash >>> 0;
}

/**
 * The snapshot a camera would upload with a record, drawn by the server: a vehicle from behind with
 * its plate in the plate's colours, a face (hair by age, glasses, mask, hat), a bicycle, a crowd with its
 * count, or a target in a red detection box; the camera's clock on top. A PNG of a few kilobytes.
 */
export function drawSnapshot(subject: SnapshotSubject): Buffer {
  const raster = new Raster(SNAPSHOT_WIDTH, SNAPSHOT_HEIGHT, [0, 0, 0]);
  const random = seededRandom(subjectSeed(subject));
  switch (subject.kind) {
    case 'face':
      face(raster, subject);
      break;
    case 'vehicle':
      vehicle(raster, subject);
      break;
    case 'nonMotor':
      nonMotor(raster, subject, random);
      break;
    case 'peopleCount':
      people(raster, subject, random);
      break;
    default:
      target(raster, subject, random);
  }
  stamp(raster, subject.at, subject.device_id);
  return raster.toPng();
}
