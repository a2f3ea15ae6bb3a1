import { Button, Icon, Spinner } from '@blueprintjs/core';
import type { ReactNode } from 'react';
import { errorMessage, type WidgetStatus } from '../widgetProps';
import { widgetStrings as t } from '../widgetStrings';
import { useWallZoom } from '../wallScale';
import '../widgets.css';
import './WidgetState.css';

export interface WidgetStateProps {
  status: WidgetStatus;
  /** There is nothing to show (no data yet, or an answer with no rows). */
  empty: boolean;
  error?: string | Error;
  onRetry?(): void;
  /** The empty state's text (default 暂无数据). */
  emptyText?: string;
  wall?: boolean;
  /** Extra class names for the widget's root (its own layout). */
  className?: string;
  children?: ReactNode;
}

/**
 * The frame every widget draws in: it fills its panel and shows loading, empty (暂无数据) and error
 * (the message and 重试) states. With data already shown, a refresh keeps it on screen with a small
 * spinner, and a failed refresh keeps it with a warning bar, so a wall never blanks on a network blip.
 */
export function WidgetState({ status, empty, error, onRetry, emptyText = t.empty, wall, className, children }: WidgetStateProps) {
  const message = errorMessage(error) ?? t.unknownError;
  // Icon sizes of a 1080p wall, doubled at 4K.
  const zoom = useWallZoom(wall);
  const wallSize = (px: number) => Math.round(px * zoom);
  const rootClass = `ops-widget${wall ? ' ops-widget--wall' : ''}${className ? ` ${className}` : ''}`;
  // Container queries cannot read --ops-zoom: a widget's CSS reads the wall's zoom here instead.
  const zoomData = wall ? { 'data-wall-zoom': String(zoom) } : {};
  if (empty) {
    return (
      <div className={`${rootClass} ops-widget--state`} aria-busy={status === 'loading'} {...zoomData}>
        {status === 'loading' ? (
          <div className="ops-widget-state" role="status">
            <Spinner size={wall ? wallSize(40) : 28} aria-hidden />
            <span className="ops-widget-state__text">{t.loading}</span>
          </div>
        ) : status === 'error' ? (
          <div className="ops-widget-state ops-widget-state--error" role="alert">
            <span className="ops-widget-state__title">
              <Icon icon="error" size={wall ? wallSize(28) : 16} intent="danger" aria-hidden />
              {t.loadFailed}
            </span>
            <span className="ops-widget-state__message" title={message}>
              {message}
            </span>
            {onRetry ? (
              <Button size={wall ? 'large' : 'small'} icon="refresh" onClick={onRetry} aria-label={t.retryLabel}>
                {t.retry}
              </Button>
            ) : null}
          </div>
        ) : (
          <div className="ops-widget-state ops-widget-state--empty" role="status">
            <Icon icon="inbox" size={wall ? wallSize(32) : 22} aria-hidden />
            <span className="ops-widget-state__text">{emptyText}</span>
          </div>
        )}
      </div>
    );
  }
  return (
    <div className={rootClass} aria-busy={status === 'loading'} {...zoomData}>
      {children}
      {status === 'loading' ? (
        <span className="ops-widget__refreshing" role="status" aria-label={t.refreshing}>
          <Spinner size={14} aria-hidden />
        </span>
      ) : null}
      {status === 'error' ? (
        <div className="ops-widget__stale" role="alert">
          <Icon icon="warning-sign" size={12} intent="warning" aria-hidden />
          <span className="ops-widget__stale-text" title={message}>
            {t.staleData(message)}
          </span>
          {onRetry ? (
            <Button variant="minimal" size="small" icon="refresh" onClick={onRetry} aria-label={t.retryLabel}>
              {t.retry}
            </Button>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
