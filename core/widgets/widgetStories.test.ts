import { describe, expect, it } from 'vitest';
import { BUILTIN_WIDGET_TYPES } from '../../contracts/panels';

// Sources only: the stories themselves are rendered by tests/stories. A story names the widget type
// it shows in its meta's `parameters.widgetType`.
const coreStories = import.meta.glob<string>('/core/widgets/*/*.stories.tsx', { eager: true, query: '?raw', import: 'default' });
const pluginStories = import.meta.glob<string>('/plugins/*/*/*.stories.tsx', { eager: true, query: '?raw', import: 'default' });
const manifests = import.meta.glob<{ contributes?: { widgets?: { id: string }[] } }>('/plugins/*/*/plugin.json', {
  eager: true,
  import: 'default',
});

const storiesNaming = (sources: Record<string, string>, id: string) =>
  Object.entries(sources)
    .filter(([, source]) => source.includes(`widgetType: '${id}'`))
    .map(([file]) => file);

describe('every widget type has a story', () => {
  it.each(BUILTIN_WIDGET_TYPES.map((type) => type.id))('built in: %s', (id) => {
    expect(storiesNaming(coreStories, id)).toHaveLength(1);
  });

  it('contributed: each type a plugin declares, in its own folder', () => {
    for (const [path, manifest] of Object.entries(manifests)) {
      const folder = path.replace(/plugin\.json$/, '');
      for (const { id } of manifest.contributes?.widgets ?? [])
        expect(
          storiesNaming(pluginStories, id).filter((file) => file.startsWith(folder)),
          `${folder} 的部件类型 ${id} 没有 story`,
        ).toHaveLength(1);
    }
  });
});
