import type { PlateColor, PowerType } from '../../contracts/recognition';

/** Provinces' plate characters, the home province first (the seeded tenants are in Hangzhou), then its neighbours and the far ones. */
export const PLATE_PROVINCES = ['浙', '沪', '苏', '皖', '赣', '闽', '京', '粤', '渝', '川', '鄂', '湘', '豫', '鲁'] as const;
/** Letters of a plate's tail (no I or O: they read as 1 and 0). */
const TAIL_LETTERS = 'ABCDEFGHJKLMNPQRSTUVWXYZ';
/** Issuing-office letters of the home province (浙A is Hangzhou) and of the others. */
const HOME_LETTERS = 'ABCDEFGHJKL';

export interface DrawnPlate {
  /** Without separator: 浙A12345 (blue/yellow, 7 characters) or 浙AD12345 (green new-energy, 8). */
  plate: string;
  plateColor: PlateColor;
  powerType: PowerType;
}

const pick = <T>(values: readonly T[] | string, random: () => number): T | string => values[Math.floor(random() * values.length)]!;

/**
 * A Chinese plate, deterministic in `random`: mostly the home province (浙, and 浙A most of all), a
 * share from elsewhere; one in seven a green new-energy plate (D pure electric → XNYS, F hybrid → XNYD,
 * then five digits); `heavy` vehicles (buses, trucks) get yellow plates; the rest blue, fuel (RYC).
 */
export function chinesePlate(random: () => number, heavy = false): DrawnPlate {
  const home = random() < 0.72;
  const province = home ? PLATE_PROVINCES[0] : String(pick(PLATE_PROVINCES.slice(1), random));
  const letter = home && random() < 0.6 ? 'A' : String(pick(HOME_LETTERS.slice(0, home ? 11 : 6), random));
  if (!heavy && random() < 1 / 7) {
    const electric = random() < 0.75;
    let digits = '';
    for (let index = 0; index < 5; index++) digits += String(Math.floor(random() * 10));
    return { plate: `${province}${letter}${electric ? 'D' : 'F'}${digits}`, plateColor: 'GREEN', powerType: electric ? 'XNYS' : 'XNYD' };
  }
  let tail = '';
  // Up to two letters among the five, never in the last place (the common civil pattern).
  let letters = 0;
  for (let index = 0; index < 5; index++) {
    const letterHere = index < 4 && letters < 2 && random() < 0.22;
    if (letterHere) letters++;
    tail += letterHere ? String(pick(TAIL_LETTERS, random)) : String(Math.floor(random() * 10));
  }
  return { plate: `${province}${letter}${tail}`, plateColor: heavy ? 'YELLOW' : 'BLUE', powerType: 'RYC' };
}
