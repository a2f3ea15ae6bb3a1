import { defineWidget, lazyWidget, widgetType } from '@ops/sdk';
import type { WatchlistCoverage, WatchlistDeployment, WatchlistHit } from '@ops/contracts';
import manifest from './plugin.json';

const [deployments, form, snapshots] = manifest.contributes.widgets;

/** The watchlist pages' widget types (plugins/module/watchlist places them), each loaded when a panel first draws it. */
export default defineWidget(
  widgetType(
    deployments!,
    lazyWidget<{ rows: WatchlistDeployment[]; total: number }>(() => import('./WatchlistDeployments'), 'WatchlistDeployments'),
  ),
  widgetType(
    form!,
    lazyWidget<WatchlistCoverage>(() => import('./WatchlistForm'), 'WatchlistForm'),
  ),
  widgetType(
    snapshots!,
    lazyWidget<{ rows: WatchlistHit[]; total: number }>(() => import('./SnapshotCard'), 'SnapshotCard'),
  ),
);
