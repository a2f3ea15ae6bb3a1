import citiesIndex from './cities.json';
import {
  decodeCity,
  districtAt,
  type CityBoundaries,
  type CityBoundariesFile,
  type CityIndexEntry,
  type DistrictBoundary,
} from './cityBoundaries';

/** The packaged cities (scripts/extractBoundaries.ts writes the index and one file per city). */
export const packagedCities = citiesIndex as CityIndexEntry[];

// One lazy chunk per city: nothing is downloaded until a globe asks for the city it shows.
const cityFiles = import.meta.glob<CityBoundariesFile>(['./*.json', '!./cities.json'], { import: 'default' });

const loaded = new Map<string, Promise<CityBoundaries>>();

/** A packaged city's boundaries by code (e.g. 330100), loaded once. */
export function loadCity(code: string): Promise<CityBoundaries> {
  const load = cityFiles[`./${code}.json`];
  if (!load) return Promise.reject(new Error(`没有打包城市 ${code} 的区县边界`));
  let city = loaded.get(code);
  if (!city) {
    city = load().then(decodeCity);
    city.catch(() => loaded.delete(code));
    loaded.set(code, city);
  }
  return city;
}

export interface CityAt {
  city: CityBoundaries;
  /** The district the point is in. */
  district: DistrictBoundary;
}

/**
 * The packaged city and district a point is in (the tenant's home view, say), or undefined when no
 * packaged city holds it. Only cities whose box holds the point are loaded.
 */
export async function cityAt(longitude: number, latitude: number): Promise<CityAt | undefined> {
  for (const entry of packagedCities) {
    const [west, south, east, north] = entry.bbox;
    if (longitude < west || longitude > east || latitude < south || latitude > north) continue;
    const city = await loadCity(entry.code);
    const district = districtAt(city, longitude, latitude);
    if (district) return { city, district };
  }
  return undefined;
}
