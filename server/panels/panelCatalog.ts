import type { Panel, PanelLimits } from '../../contracts/panels';
import type { LoadedManifest } from '../../contracts/manifests/validateManifests';
import { pluginsOfKind } from '../pluginManifests';

/** The panels of the loaded plugins and the panel pages their routes show (the server's copy of what the web app composes). */
export interface PanelCatalog {
  /** Page ids some loaded module plugin's route shows as a panel page (routes[].panelPage). */
  pages: ReadonlySet<string>;
  /** Every panel by id (ids are unique across plugins: the manifest validator refuses duplicates). */
  panels: ReadonlyMap<string, Panel>;
  /** The panels that may be placed on a page, with their size limits. */
  panelsOf(page: string): PanelLimits[];
}

/** Reads panels from module and device plugins and panel pages from module routes. */
export function loadPanelCatalog(plugins: readonly LoadedManifest[]): PanelCatalog {
  const modules = pluginsOfKind(plugins, 'module');
  const devices = pluginsOfKind(plugins, 'device');
  const pages = new Set(
    modules.flatMap((plugin) => plugin.manifest.contributes.routes.flatMap((route) => (route.panelPage ? [route.panelPage] : []))),
  );
  const panels = new Map<string, Panel>();
  for (const plugin of [...modules, ...devices]) for (const panel of plugin.manifest.contributes.panels ?? []) panels.set(panel.id, panel);
  return {
    pages,
    panels,
    panelsOf: (page) => [...panels.values()].filter((panel) => (panel.pages as string[]).includes(page)),
  };
}
