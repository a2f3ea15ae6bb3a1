import type { ReactNode } from 'react';
import './PanelBox.css';

export interface PanelBoxProps {
  title: string;
  /** The region's accessible name (default: the title). */
  label?: string;
  /** Controls at the right of the title bar. */
  actions?: ReactNode;
  collapsed?: boolean;
  editing?: boolean;
  /** Extra classes for the panel (its place in a page's own layout). */
  className?: string;
  /** Nothing: a title bar only (a collapsed panel). */
  children?: ReactNode;
}

/**
 * The panel every page is made of: a title bar and a body on opaque glass, so markers and effects of a
 * globe underneath never show through text. Panel pages put widgets in it (PanelFrame); pages with
 * their own arrangement (the video pages) use it directly, so every panel looks the same.
 */
export function PanelBox({ title, label, actions, collapsed = false, editing = false, className, children }: PanelBoxProps) {
  return (
    <section
      className={`panel-frame${collapsed ? ' is-collapsed' : ''}${editing ? ' is-editing' : ''}${className ? ` ${className}` : ''}`}
      aria-label={label ?? title}
    >
      <header className="panel-frame__header">
        <h3 className="panel-frame__title">{title}</h3>
        {actions ? <div className="panel-frame__actions">{actions}</div> : null}
      </header>
      {children === undefined || collapsed ? null : <div className="panel-frame__body">{children}</div>}
    </section>
  );
}
