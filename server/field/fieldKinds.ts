import type { DeviceCatalog } from '../catalog/deviceCatalog';

/** The device kinds (page names) whose manifest says what they are to the field teams (`fieldWork`). */
export function fieldKinds(catalog: Pick<DeviceCatalog, 'kinds'>, role: 'walkie' | 'recorder' | 'street'): string[] {
  return catalog.kinds.filter((kind) => kind.fieldWork === role).map((kind) => kind.page);
}
