import type { FunctionComponent } from 'react';
import { createContributionPoint } from '../di/Token';
import type { WidgetComponentProps } from './widgetProps';

/** A widget's component as a panel renders it, whatever its query answers. */
export type WidgetComponent = FunctionComponent<WidgetComponentProps<never>>;

/** The declaration of a widget type: as in plugin.json `contributes.widgets` (imported by the plugin) or contracts/builtinWidgetTypes.ts. */
export interface WidgetTypeDeclarationLike {
  id: string;
  title: string;
  /** JSON Schema of a panel's `options`; the manifest validator checks every panel using the type against it. */
  optionsSchema: object;
}

/**
 * A widget type panels may name in `widget`: its declaration and its component (lazy for a plugin's,
 * so its code loads when a panel first draws it). The built-in ones (core/widgets/builtinWidgets.ts)
 * and those plugins contribute are the same values; `core/panels/widgetTypes.ts` collects both.
 */
export const WidgetType = createContributionPoint<WidgetType>(
  'WidgetType',
  '面板可用的部件类型：插件贡献的部件（内置部件见 builtinWidgets）',
);
export interface WidgetType extends WidgetTypeDeclarationLike {
  component: WidgetComponent;
}

/** A widget type from its declaration and component; `Data` is what its panels' queries answer. */
export function widgetType<Data>(
  declaration: WidgetTypeDeclarationLike,
  component: FunctionComponent<WidgetComponentProps<Data>>,
): WidgetType {
  return { id: declaration.id, title: declaration.title, optionsSchema: declaration.optionsSchema, component };
}
