import { Icon, type IconName } from '@blueprintjs/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { widgetStrings as t } from '../widgetStrings';
import './ModuleTile.css';

export interface ModuleTileProps {
  title: string;
  path: string;
  icon: string;
  /** Number of child pages the user may open, shown under the title. */
  childCount: number;
  showsMap?: boolean;
  /** The module's live figure (TileFigureView), when its plugin declares one. */
  figure?: ReactNode;
}

/** One module on Home: a large link with its icon, Chinese title, live figure and what it holds. */
export function ModuleTile({ title, path, icon, childCount, showsMap, figure }: ModuleTileProps) {
  return (
    <Link to={path} className="module-tile" aria-label={title}>
      <span className="module-tile__head">
        <Icon icon={icon as IconName} size={24} className="module-tile__icon" />
        <span className="module-tile__title">{title}</span>
      </span>
      {figure ?? <span className="module-tile__figure module-tile__figure--none" aria-hidden />}
      <span className="module-tile__meta">
        {childCount > 0 ? t.tileChildren(childCount) : t.tileSinglePage}
        {showsMap ? t.tileWithMap : ''}
      </span>
    </Link>
  );
}

export interface TileFigureViewProps {
  label: string;
  status: 'loading' | 'ready' | 'error';
  value?: number;
  unit?: string;
  /** Why the figure could not be read (status error). */
  error?: string;
  /** A non-zero figure is a warning (open alarms, overdue orders). */
  warn?: boolean;
}

/** A tile's live figure: the value large, its label and unit beside it; a dash while loading or when unreadable. */
export function TileFigureView({ label, status, value, unit, error, warn = false }: TileFigureViewProps) {
  const known = value !== undefined && Number.isFinite(value);
  const digits = known ? new Intl.NumberFormat('zh-CN', { maximumFractionDigits: 1 }).format(value) : '—';
  const tone = known && warn && value > 0 ? ' is-warning' : '';
  return (
    <span
      className={`module-tile__figure${tone}${status === 'error' && !known ? ' is-unavailable' : ''}`}
      aria-busy={status === 'loading'}
      title={status === 'error' ? t.tileFigureFailed(label, error ?? t.unknownError) : undefined}
      data-figure={label}
    >
      <span className="module-tile__value">
        <span className="module-tile__digits">{digits}</span>
        {known && unit ? <span className="module-tile__unit">{unit}</span> : null}
      </span>
      <span className="module-tile__label">{status === 'error' && !known ? t.tileFigureUnavailable(label) : label}</span>
    </span>
  );
}
