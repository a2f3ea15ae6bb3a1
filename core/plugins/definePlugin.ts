import type { ContainerModule } from 'inversify';
import type { ComponentType } from 'react';

// Props differ by role (a page gets moduleName and childName), so any component is accepted here.
export type LazyComponent = () => Promise<{ default: ComponentType<never> }>;
export type ComponentRole = 'page' | 'panel' | 'effect' | 'widget';

/** What a plugin's index.ts default-exports. */
export interface PluginDefinition {
  /** Binds the plugin's contributions to core tokens in the app container. */
  containerModule?: ContainerModule;
  /** React components by role, loaded only when the core needs them. */
  components?: Partial<Record<ComponentRole, LazyComponent>>;
}

export function definePlugin(definition: PluginDefinition): PluginDefinition {
  return definition;
}
