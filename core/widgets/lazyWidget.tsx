import { lazy, Suspense, type ComponentType, type ReactNode } from 'react';
import { WidgetState } from './WidgetState/WidgetState';
import type { WidgetName, WidgetProps } from './widgetProps';

/**
 * A component whose code loads on first render (its own chunk: ECharts, the date picker), shown
 * meanwhile as `fallback`. Hosts need no Suspense of their own.
 */
export function lazyComponent<P extends object>(
  load: () => Promise<{ default: ComponentType<P> }>,
  fallback: (props: P) => ReactNode,
  name: string,
): ComponentType<P> {
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

/** A widget loaded on first render, showing the loading state until its code is there. */
export function lazyWidget<N extends WidgetName>(
  load: () => Promise<{ default: ComponentType<WidgetProps<N>> }>,
  name: string,
): ComponentType<WidgetProps<N>> {
  return lazyComponent(load, (props) => <WidgetState status="loading" empty wall={props.wall} />, name);
}
