import type { FastifyInstance } from 'fastify';
import type { LoadedManifest } from '../../contracts/manifests/validateManifests';
import type { ServerDeps } from '../ServerDeps';
import { loadPanelCatalog } from './panelCatalog';
import { PanelLayoutService } from './PanelLayoutService';
import { panelRoutes } from './panelRoutes';

/** Operators' panel layouts per user, tenant and page, repaired against the panels the plugins offer. */
export async function registerPanels(api: FastifyInstance, { db, now }: ServerDeps, plugins: readonly LoadedManifest[]): Promise<void> {
  await panelRoutes(api, new PanelLayoutService(db, loadPanelCatalog(plugins), now));
}
