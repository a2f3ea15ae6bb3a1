import { Icons, IconSize, type IconName, type IconPaths } from '@blueprintjs/icons';

/** Where vite.config.ts copies Blueprint's per-icon path modules (one tiny ES module per icon). */
export const ICON_BASE = `${import.meta.env.BASE_URL}blueprint-icons`;

// Each icon is fetched on first use, so a page downloads only the icons it shows and never the
// whole icon set (the login budget in bench/bundle depends on it).
async function loadIconPaths(name: IconName, size: IconSize): Promise<IconPaths> {
  const folder = size === IconSize.STANDARD ? '16px' : '20px';
  const module = (await import(/* @vite-ignore */ `${ICON_BASE}/${folder}/${name}.js`)) as { default: IconPaths };
  return module.default;
}

export function installIconLoader(): void {
  Icons.setLoaderOptions({ loader: loadIconPaths });
}
