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
  /**
   * Where the lists of this kind are (spec section 7); the web app calls these.
   */
  listPaths?: {
    /**
     * Devices of the kind, paged (e.g. /devi/aep/child, /monitor/child).
     */
    child?: string;
    /**
     * Search by name or code (e.g. /devi/aep/search).
     */
    search?: string;
    /**
     * Every device with its position, for maps (/devi/aep/all).
     */
    all?: string;
    /**
     * Devices of one group (/devi/aep/groupChild).
     */
    groupChild?: string;
    /**
     * The kind's groups (devi/web/lightgroup/list for lights, led/grouplist for screens).
     */
    groupList?: string;
  };
  telemetry?: {
    key: string;
    label: string;
    unit?: string;
    type: 'number' | 'string' | 'boolean' | 'enum';
    /**
     * Lowest plausible value (the simulator stays within).
     */
    min?: number;
    /**
     * Highest plausible value.
     */
    max?: number;
    /**
     * Values of an enum field.
     *
     * @minItems 1
     */
    options?: [string, ...string[]];
  }[];
  commands?: {
    command: number;
    label: string;
    commandType: string;
    /**
     * JSON Schema (type object) of the command's parameters; the server validates against it.
     */
    params?: {};
    /**
     * State the device takes when it applies the command: a value, or "$<param>" to copy a parameter.
     */
    effect?: {
      [k: string]: string | number | boolean;
    };
    /**
     * Confirmation question shown before sending, in Chinese.
     */
    confirm?: string;
  }[];
  /**
   * Controllable state and its initial value, e.g. {"power": "off"}.
   */
  state?: {
    [k: string]: string | number | boolean;
  };
  /**
   * Chinese labels of the state keys and values, e.g. {"power": "开关", "power.on": "开"}.
   */
  stateLabels?: {
    [k: string]: string;
  };
}
