import { createContributionPoint } from '../../di/Token';

/** A contribution point used only by the plugin-loader tests. */
export const DemoContribution = createContributionPoint<DemoContribution>('DemoContribution', '插件加载测试用的贡献点');
export interface DemoContribution {
  source: string;
}
