import { Tag } from '@blueprintjs/core';
import { PanelBox, WidgetState, type Loaded } from '@ops/sdk';
import type { PatrolRoute } from '@ops/contracts';
import { fieldPatrolStrings as t } from './fieldPatrolStrings';

/** The page's routes with today's progress; a click opens one (its trail is highlighted and the camera goes to it). */
export function RouteListPanel({
  title,
  routes,
  focusedId,
  onOpen,
  onRetry,
}: {
  title: string;
  routes: Loaded<PatrolRoute[]>;
  focusedId: number | null;
  onOpen(routeId: number): void;
  onRetry(): void;
}) {
  const rows = routes.data ?? [];
  return (
    <PanelBox title={t.routes} className="field-patrols__panel is-routes">
      <WidgetState
        status={routes.status}
        empty={rows.length === 0}
        {...(routes.error ? { error: routes.error } : {})}
        onRetry={onRetry}
        emptyText={t.noRoutes}
      >
        <ul className="field-patrols__list" aria-label={t.routesLabel(title)}>
          {rows.map((route) => (
            <li key={route.routeId}>
              <button
                type="button"
                className={`field-patrols__item${route.routeId === focusedId ? ' is-active' : ''}`}
                aria-label={t.openRoute(route.name)}
                aria-current={route.routeId === focusedId ? 'true' : undefined}
                onClick={() => onOpen(route.routeId)}
              >
                <span className="field-patrols__item-title">
                  {route.name}
                  <span className="field-patrols__progress">
                    {route.missed ? (
                      <Tag minimal intent="danger">
                        {t.missed} {route.missed}
                      </Tag>
                    ) : null}
                    <Tag minimal intent={route.due ? 'warning' : 'success'}>
                      {t.routeProgress(route.done, route.checkpoints.length)}
                    </Tag>
                  </span>
                </span>
                <span className="field-patrols__item-meta">{t.routeMeta(route.memberName, route.team)}</span>
              </button>
            </li>
          ))}
        </ul>
      </WidgetState>
    </PanelBox>
  );
}
