import type { Container } from 'inversify';
import type { PluginKind } from '../../schemas/plugin.schema.gen';
import type { PluginDefinition } from './definePlugin';
import type { PluginCatalog } from './PluginCatalog';
import type { PluginError } from './PluginError';
import type { LoadedManifest } from './validateManifests';

export const PluginRegistry = Symbol('PluginRegistry');
export interface PluginRegistry {
  list(kind?: PluginKind): LoadedManifest[];
  get(fullId: string): LoadedManifest | undefined;
  readonly errors: readonly PluginError[];
  /** Loads the plugin's code once and loads its ContainerModule into the app container. */
  loadCode(fullId: string): Promise<PluginDefinition | undefined>;
}

export class DefaultPluginRegistry implements PluginRegistry {
  private readonly activated = new Map<string, Promise<PluginDefinition | undefined>>();

  constructor(
    private readonly catalog: PluginCatalog,
    private readonly container: Container,
  ) {
    if (catalog.errors.length) console.error(`已跳过无效插件：\n${catalog.errors.map((error) => error.message).join('\n')}`);
  }

  get errors(): readonly PluginError[] {
    return this.catalog.errors;
  }

  list(kind?: PluginKind): LoadedManifest[] {
    return kind ? this.catalog.plugins.filter((plugin) => plugin.manifest.kind === kind) : this.catalog.plugins;
  }

  get(fullId: string): LoadedManifest | undefined {
    return this.catalog.plugins.find((plugin) => plugin.fullId === fullId);
  }

  loadCode(fullId: string): Promise<PluginDefinition | undefined> {
    let activation = this.activated.get(fullId);
    if (!activation) {
      activation = (async () => {
        // Dependencies first, so what they bind is there when this plugin's module loads.
        for (const required of this.get(fullId)?.manifest.requires ?? []) await this.loadCode(required);
        const definition = await this.catalog.loadCode(fullId);
        if (definition?.containerModule) await this.container.loadAsync(definition.containerModule);
        return definition;
      })();
      // Forget a failed activation so that opening the page again retries it.
      activation.catch(() => this.activated.delete(fullId));
      this.activated.set(fullId, activation);
    }
    return activation;
  }
}
