import type { PluginManifest } from '../../schemas/plugin.schema.gen';

/** A plugin folder's manifest as read, before it is checked. */
export interface ManifestEntry {
  /** e.g. `plugins/device/lamp` */
  folder: string;
  manifest: unknown;
}

/** A plugin whose manifest passed every check. */
export interface LoadedManifest {
  /** `kind:id` */
  fullId: string;
  folder: string;
  manifest: PluginManifest;
}
