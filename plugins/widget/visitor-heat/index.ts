import { defineWidget, lazyWidget, widgetType } from '@ops/sdk';
import manifest from './plugin.json';
import type { VisitorHeatData } from './VisitorHeat';

export default defineWidget(
  widgetType<VisitorHeatData>(
    manifest.contributes.widgets[0]!,
    lazyWidget(() => import('./VisitorHeat'), 'VisitorHeat'),
  ),
);
