import { Icon, type IconName } from '@blueprintjs/core';
import { Link } from 'react-router-dom';
import './ModuleTile.css';

export interface ModuleTileProps {
  title: string;
  path: string;
  icon: string;
  /** Number of child pages the user may open, shown under the title. */
  childCount: number;
  showsMap?: boolean;
}

/** One module on Home: a large link with its icon and Chinese title. */
export function ModuleTile({ title, path, icon, childCount, showsMap }: ModuleTileProps) {
  return (
    <Link to={path} className="module-tile" aria-label={title}>
      <Icon icon={icon as IconName} size={32} className="module-tile__icon" />
      <span className="module-tile__title">{title}</span>
      <span className="module-tile__meta">
        {childCount > 0 ? `${childCount} 个子页面` : '单页模块'}
        {showsMap ? ' · 地图' : ''}
      </span>
    </Link>
  );
}
