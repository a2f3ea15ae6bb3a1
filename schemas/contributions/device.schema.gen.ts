/* Generated from schemas/contributions/device.schema.json by scripts/generateTypes.ts. Do not edit; run `npm run gen:types`. */

/**
 * A device kind: catalogue data (spec section 3), list paths, telemetry and accepted commands.
 */
export interface DeviceContribution {
  /**
   * DEVICE_* code, a numeric brand such as 1001, or null (trash box).
   */
  brandCode: string | null;
  /**
   * Device child page name under module device, e.g. lamp.
   */
  page: string;
  /**
   * Icon file in the plugin folder.
   */
  icon: string;
  /**
   * Extra device type codes that map to this page.
   */
  deviceTypes?: string[];
  listPaths?: {
    child?: string;
    search?: string;
    all?: string;
    group?: string;
  };
  telemetry?: {
    key: string;
    label: string;
    unit?: string;
    type: 'number' | 'string' | 'boolean' | 'enum';
  }[];
  commands?: {
    command: number;
    label: string;
    commandType: string;
    /**
     * JSON Schema of the command's parameters.
     */
    params?: {};
  }[];
}
