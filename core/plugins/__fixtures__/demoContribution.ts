/** A contribution point used only by the plugin-loader tests. */
export const DemoContribution = Symbol('DemoContribution');
export interface DemoContribution {
  source: string;
}
