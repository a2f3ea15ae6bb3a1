import { lazy, Suspense, type ComponentType, type FunctionComponent, type ReactNode } from 'react';
import { WidgetState } from './WidgetState/WidgetState';
import type { WidgetComponentProps } from './widgetProps';

/**
 * A component whose code loads on first render (its own chunk: ECharts, the date picker), shown
 * meanwhile as `fallback`. Hosts need no Suspense of their own.
 */
export function lazyComponent<P extends object>(
  load: () => Promise<{ default: ComponentType<P> }>,
  fallback: (props: P) => ReactNode,
  name: string,
): FunctionComponent<P> {
  const Lazy = lazy(load);
  function LazyComponent(props: P) {
    return (
      <Suspense fallback={fallback(props)}>
        <Lazy {...props} />
      </Suspense>
    );
  }
  LazyComponent.displayName = `Lazy(${name})`;
  return LazyComponent;
}

/** A widget loaded on first render, showing the loading state until its code is there (built-in charts, plugins' widgets). */
export function lazyWidget<Data>(
  load: () => Promise<{ default: ComponentType<WidgetComponentProps<Data>> }>,
  name: string,
): FunctionComponent<WidgetComponentProps<Data>> {
  return lazyComponent(load, (props) => <WidgetState status="loading" empty wall={props.wall} />, name);
}
