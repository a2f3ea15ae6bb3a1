/* Generated from schemas/registry/device-pages.schema.json by scripts/generateTypes.ts. Do not edit; run `npm run gen:types`. */

/**
 * registry/devicePages.json: device type code (DEVICE_* or numeric) to device child page name (spec section 3).
 */
export interface DevicePageMap {
  $schema?: string;
  pages: {
    [k: string]: string;
  };
}
