import type { AlarmContribution } from '../../schemas/contributions/alarm.schema.gen';
import type { DeviceContribution } from '../../schemas/contributions/device.schema.gen';
import type { MapEffectContribution } from '../../schemas/contributions/map-effect.schema.gen';
import type { ModuleContribution } from '../../schemas/contributions/module.schema.gen';
import type { WidgetContribution } from '../../schemas/contributions/widget.schema.gen';
import type { PluginKind, PluginManifest } from '../../schemas/plugin.schema.gen';
import type { LoadedManifest } from './LoadedManifest';

/** What each kind contributes: the generated type of its contribution schema. */
export interface ContributionsByKind {
  device: DeviceContribution;
  alarm: AlarmContribution;
  module: ModuleContribution;
  'map-effect': MapEffectContribution;
  widget: WidgetContribution;
}

/** A manifest of one kind, its `contributes` typed by that kind's schema. */
export type ManifestOf<K extends PluginKind> = Omit<PluginManifest, 'kind' | 'contributes'> & {
  kind: K;
  contributes: ContributionsByKind[K];
};

/** A validated plugin of one kind. */
export interface PluginOf<K extends PluginKind> extends Omit<LoadedManifest, 'manifest'> {
  manifest: ManifestOf<K>;
}

/**
 * The plugins of one kind, typed. The one place the loose manifest type is narrowed: the validator
 * has already checked each `contributes` against its kind's schema.
 */
export function pluginsOfKind<K extends PluginKind>(plugins: readonly LoadedManifest[], kind: K): PluginOf<K>[] {
  return plugins.filter((plugin): plugin is LoadedManifest & PluginOf<K> => plugin.manifest.kind === kind) as PluginOf<K>[];
}
