import { Icons, IconSize, type IconName, type IconPaths } from '@blueprintjs/icons';

// One tiny chunk per icon and size: a page downloads only the icons it shows,
// never the whole icon set (the login budget in bench/bundle depends on it).
const icons16 = import.meta.glob<IconPaths>('/node_modules/@blueprintjs/icons/lib/esm/generated/16px/paths/*.js', { import: 'default' });
const icons20 = import.meta.glob<IconPaths>('/node_modules/@blueprintjs/icons/lib/esm/generated/20px/paths/*.js', { import: 'default' });

async function loadIconPaths(name: IconName, size: IconSize): Promise<IconPaths> {
  const folder = size === IconSize.STANDARD ? '16px' : '20px';
  const loaders = size === IconSize.STANDARD ? icons16 : icons20;
  const load = loaders[`/node_modules/@blueprintjs/icons/lib/esm/generated/${folder}/paths/${name}.js`];
  if (!load) throw new Error(`未知图标：${name}`);
  return load();
}

export function installIconLoader(): void {
  Icons.setLoaderOptions({ loader: loadIconPaths });
}
