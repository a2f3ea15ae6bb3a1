import { H2, NonIdealState } from '@blueprintjs/core';
import { ModuleTile } from './ModuleTile';
import { shellStrings } from './shellStrings';
import type { ModuleRoutes } from './menuRoutes';

/** Home: the modules the user's menu permissions allow, in menu order. */
export function HomePage({ routes }: { routes: readonly ModuleRoutes[] }) {
  return (
    <section className="home-page" aria-labelledby="home-title">
      <H2 id="home-title">{shellStrings.homeTitle}</H2>
      {routes.length === 0 ? (
        <NonIdealState icon="lock" title={shellStrings.homeEmpty} />
      ) : (
        <nav className="home-page__grid" aria-label={shellStrings.homeTitle}>
          {routes.map(({ module, children }) => (
            <ModuleTile
              key={module.name}
              title={module.title}
              path={module.path}
              icon={module.icon}
              childCount={children.length}
              showsMap={module.showsMap}
            />
          ))}
        </nav>
      )}
    </section>
  );
}
