import { Button, ButtonGroup, Callout, Menu, MenuItem, NonIdealState, PopoverNext, Spinner } from '@blueprintjs/core';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import ReactGridLayout, { useContainerWidth, verticalCompactor, type EventCallback, type Layout } from 'react-grid-layout';
import { useLocation, useNavigate } from 'react-router-dom';
import { GRID_COLUMNS, repairLayout, type LayoutItem } from '../../contracts/panels';
import { createApiCaller } from '../http/ApiCaller';
import { HttpClient } from '../http/HttpClient';
import { useService } from '../di/useService';
import { PluginRegistry } from '../plugins/PluginRegistry';
import { Notifier } from '../ui/Notifier';
import { createLayoutApi } from './layoutApi';
import { stackingCompactor } from './gridCompactor';
import { panelPageSpec, type PagePanel } from './panelCatalog';
import { panelStrings as t } from './panelStrings';
import { PanelFrame } from './PanelFrame';
import { useWidgetTypes } from './useWidgetTypes';
import { wallRowHeight, wallScaleOf, wallSizeOf, wallZoomOf, type WallSize } from './wallMode';
import 'react-grid-layout/css/styles.css';
import './PanelPage.css';
import { errorMessage } from '../../contracts/errorMessage';
import { formatDate, formatDateTime } from '../format/timeFormat';
import { choicesOf, queryWithRange } from './pageTimeRange';
import { PageTimeRangeBar, rangeText } from './PageTimeRangeBar';
import { downloadCsv, panelsCsv } from './panelCsv';
import { usePageTimeRange } from './usePageTimeRange';
import { useStateOfPage } from './useStateOfPage';
import './panelPrint.css';

export interface PanelPageProps {
  /** The panel page's id (`comprehensive`, `alarmManage/alarmStatistics`). */
  pageId: string;
  /** Over the globe: panels float in columns, the map shows (and takes clicks) between them. */
  overMap?: boolean;
  /** Wall-screen size regardless of the URL (the real-time board is always one). */
  wall?: WallSize;
  /** The page's Chinese title: the heading and file name of its CSV export (default: the page id). */
  title?: string;
}

const MARGIN = 12;
const ROW_HEIGHT = 40;
/** The smallest row over the globe: below it panels would be cramped, and the columns scroll instead. */
const MIN_OVER_MAP_ROW = 24;

/** Panel lists and layouts in react-grid-layout's terms (its `i` is our panel id). */
const toGrid = (items: readonly LayoutItem[], panels: ReadonlyMap<string, PagePanel>): Layout =>
  items.map((item) => ({
    i: item.panel,
    x: item.x,
    y: item.y,
    w: item.w,
    h: item.h,
    minW: panels.get(item.panel)?.size.minW ?? 1,
    minH: panels.get(item.panel)?.size.minH ?? 1,
  }));
const fromGrid = (layout: Layout): LayoutItem[] => layout.map((item) => ({ panel: item.i, x: item.x, y: item.y, w: item.w, h: item.h }));

/** Where a click on a panel's item leads: an alarm to the event center, a device kind to its page. */
function targetOf(panel: PagePanel, key: string): string | undefined {
  if (panel.widget === 'alarmList') return `/alarmManage/eventCenter?alarmId=${encodeURIComponent(key)}`;
  const link = typeof panel.options?.link === 'string' ? panel.options.link : undefined;
  return link ? link.replace('{key}', encodeURIComponent(key)) : undefined;
}

/**
 * A panel page: its panels in the operator's layout (stored on the server per user, tenant and page,
 * repaired to fit the panels that exist now), else the page's default. 编辑布局 lets the operator
 * drag, resize, add and remove panels, then save, cancel or go back to the default. With `?wall=1080`
 * or `?wall=4k` the rows stretch so the page fills the wall screen exactly.
 */
export default function PanelPage({ pageId, overMap = false, wall: forcedWall, title = pageId }: PanelPageProps) {
  const registry = useService(PluginRegistry);
  const http = useService(HttpClient);
  const notifier = useService(Notifier);
  const navigate = useNavigate();
  const urlWall = wallSizeOf(useLocation().search);
  const wall = forcedWall ?? urlWall;
  const api = useMemo(() => createLayoutApi(createApiCaller(http)), [http]);
  const spec = useMemo(() => panelPageSpec(registry, pageId), [registry, pageId]);
  // A page with a time range sends it with the query of every panel that asks for it.
  const { range, choose } = usePageTimeRange(pageId, spec.timeRange);
  const bounds = range?.bounds;
  const panels = useMemo(
    () => new Map(spec.panels.map((panel) => [panel.id, { ...panel, query: queryWithRange(panel.query, bounds) }])),
    [spec, bounds],
  );
  // What each panel's query last answered, for the CSV export.
  const panelData = useRef(new Map<string, unknown>());
  const reportData = useCallback((panelId: string, data: unknown) => void panelData.current.set(panelId, data), []);
  const repair = useCallback((items: readonly LayoutItem[]) => repairLayout(items, spec.panels), [spec]);
  // Widget types contributed by plugins: their code loads when this page first needs them.
  const widgetTypes = useWidgetTypes(spec.panels.map((panel) => panel.widget));

  // The same element can be shown for another page (child links): its layouts are the page's own.
  const [saved, setSaved] = useStateOfPage<LayoutItem[]>(pageId);
  const [problem, setProblem] = useStateOfPage<string>(pageId);
  const [draft, setDraft] = useStateOfPage<LayoutItem[]>(pageId);
  const [collapsed, setCollapsed] = useState<ReadonlySet<string>>(new Set());
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let live = true;
    api.load(pageId).then(
      (stored) => {
        if (!live) return;
        const { items, changes } = repair(stored?.items ?? spec.defaultLayout);
        setProblem(stored && changes.length ? t.layoutRepaired : undefined);
        setSaved(items);
      },
      (error: unknown) => {
        if (!live) return;
        setProblem(t.layoutLoadFailed(errorMessage(error)));
        setSaved(repair(spec.defaultLayout).items);
      },
    );
    return () => {
      live = false;
    };
  }, [api, pageId, repair, spec, setSaved, setProblem]);

  const editing = draft !== undefined;
  const items = draft ?? saved ?? [];
  const missing = spec.panels.filter((panel) => !items.some((item) => item.panel === panel.id));

  const save = async () => {
    if (!draft) return;
    setBusy(true);
    try {
      const stored = await api.save(pageId, draft);
      setSaved(stored ? repair(stored.items).items : draft);
      setDraft(undefined);
      setProblem(undefined);
      notifier.show('success', t.saved);
    } catch (error) {
      notifier.show('error', t.saveFailed(errorMessage(error)));
    } finally {
      setBusy(false);
    }
  };
  const reset = async () => {
    setBusy(true);
    try {
      await api.reset(pageId);
      setSaved(repair(spec.defaultLayout).items);
      setDraft(undefined);
      setProblem(undefined);
      notifier.show('success', t.resetDone);
    } catch (error) {
      notifier.show('error', t.saveFailed(errorMessage(error)));
    } finally {
      setBusy(false);
    }
  };
  const exportCsv = () => {
    const shown = [...items].sort((a, b) => a.y - b.y || a.x - b.x).flatMap((item) => panels.get(item.panel) ?? []);
    const heading = [t.csvPage(title), ...(bounds ? [t.csvRange(rangeText(bounds))] : []), t.csvExportedAt(formatDateTime(Date.now()))];
    const csv = panelsCsv(
      heading,
      shown.map((panel) => ({
        title: panel.title,
        data: panelData.current.get(panel.id),
        ...(typeof panel.options?.unit === 'string' ? { unit: panel.options.unit } : {}),
      })),
    );
    const days = bounds ? `_${formatDate(bounds.beginTime)}_${formatDate(bounds.endTime)}` : `_${formatDate(Date.now())}`;
    const fileName = `${title.replace(/[\\/:*?"<>|\s·]+/g, '')}${days}.csv`;
    downloadCsv(fileName, csv);
    notifier.show('success', t.exported(fileName));
  };
  const add = (panel: PagePanel) => {
    const bottom = items.reduce((lowest, item) => Math.max(lowest, item.y + item.h), 0);
    setDraft(repair([...items, { panel: panel.id, x: 0, y: bottom, w: panel.size.w, h: panel.size.h }]).items);
  };

  const { width, containerRef, mounted } = useContainerWidth();
  const [gridElement, setGridElement] = useState<HTMLDivElement | null>(null);
  const height = useElementHeight(gridElement);
  const rows = items.reduce((lowest, item) => Math.max(lowest, item.y + item.h), 1);
  // The gaps between panels grow with the wall like everything else (twice a 1080p wall's at 4K).
  const margin = wall ? Math.round(MARGIN * wallZoomOf(wallScaleOf(wall))) : MARGIN;
  // Over the globe the columns fit the screen (the map's legend and view buttons stay clear below them),
  // between a readable minimum and a little over the usual row; frozen while a layout is being edited,
  // so rows do not jump under the operator's hand.
  const fitted =
    wall && height
      ? wallRowHeight(height, rows, margin)
      : overMap && height
        ? Math.min(ROW_HEIGHT * 1.5, Math.max(MIN_OVER_MAP_ROW, wallRowHeight(height, rows, margin)))
        : ROW_HEIGHT;
  const frozenRow = useRef(fitted);
  if (!editing) frozenRow.current = fitted;
  const rowHeight = editing && overMap ? frozenRow.current : fitted;
  // The panel being dragged or resized: over the map it keeps its place and the others make room.
  const active = useRef<string | undefined>(undefined);
  const stacking = useMemo(() => stackingCompactor(() => active.current), []);
  const grab: EventCallback = (_layout, _old, item) => {
    active.current = item?.i;
  };
  const release: EventCallback = () => {
    active.current = undefined;
  };

  return (
    <div
      className={`panel-page${overMap ? ' is-over-map' : ''}${wall ? ` is-wall is-wall-${wall}` : ''}${editing ? ' is-editing' : ''}`}
      data-page={pageId}
    >
      <div className="panel-page__toolbar" role="toolbar" aria-label={t.toolbar}>
        {range && spec.timeRange && !wall ? (
          <PageTimeRangeBar choices={choicesOf(spec.timeRange)} chosen={range.chosen} bounds={bounds} onChange={choose} />
        ) : null}
        {problem ? (
          <Callout intent="warning" compact className="panel-page__problem">
            {problem}
          </Callout>
        ) : null}
        {editing ? (
          <>
            <span className="panel-page__hint">{t.editingHint}</span>
            <ButtonGroup>
              <PopoverNext
                placement="bottom-end"
                content={
                  <Menu aria-label={t.addPanel}>
                    {missing.length ? (
                      missing.map((panel) => <MenuItem key={panel.id} text={panel.title} icon="add" onClick={() => add(panel)} />)
                    ) : (
                      <MenuItem disabled text={t.noMorePanels} />
                    )}
                  </Menu>
                }
              >
                <Button icon="add" text={t.addPanel} />
              </PopoverNext>
              <Button icon="reset" text={t.resetLayout} disabled={busy} onClick={() => void reset()} />
              <Button icon="tick" intent="primary" text={t.saveLayout} loading={busy} onClick={() => void save()} />
              <Button icon="cross" text={t.cancelEdit} disabled={busy} onClick={() => setDraft(undefined)} />
            </ButtonGroup>
          </>
        ) : wall ? null : (
          <div className="panel-page__actions">
            <Button icon="export" variant="minimal" text={t.exportCsv} disabled={!saved} onClick={exportCsv} />
            <Button icon="print" variant="minimal" text={t.print} onClick={() => window.print()} />
            <Button icon="page-layout" variant="minimal" text={t.editLayout} onClick={() => setDraft(items)} />
          </div>
        )}
      </div>
      <div
        className="panel-page__grid"
        ref={(node) => {
          containerRef.current = node;
          setGridElement(node);
        }}
      >
        {!saved ? (
          <Spinner className="panel-page__spinner" aria-label={t.loading} />
        ) : items.length === 0 ? (
          <NonIdealState className="panel-page__empty" icon="page-layout" title={t.noPanels} description={t.noPanelsDescription} />
        ) : mounted ? (
          <ReactGridLayout
            width={width}
            layout={toGrid(items, panels)}
            gridConfig={{ cols: GRID_COLUMNS, rowHeight, margin: [margin, margin] }}
            dragConfig={{ enabled: editing, handle: '.panel-frame__header', cancel: 'button' }}
            resizeConfig={{ enabled: editing }}
            // Over the map panels stay where they are put (columns either side) and push down the ones
            // they land on; elsewhere they close up.
            compactor={overMap ? stacking : verticalCompactor}
            onDragStart={grab}
            onResizeStart={grab}
            onDragStop={release}
            onResizeStop={release}
            onLayoutChange={(layout) => {
              if (editing) setDraft(fromGrid(layout));
            }}
          >
            {items.map((item) => {
              const panel = panels.get(item.panel)!;
              return (
                <div key={item.panel} className="panel-page__cell">
                  <PanelFrame
                    panel={panel}
                    widget={widgetTypes?.get(panel.widget)}
                    pending={!widgetTypes}
                    editing={editing}
                    collapsed={collapsed.has(panel.id)}
                    wall={wall !== undefined}
                    onCollapse={(value) => setCollapsed((previous) => toggled(previous, panel.id, value))}
                    onRemove={() => setDraft(items.filter((other) => other.panel !== panel.id))}
                    onData={reportData}
                    onOpen={(source, key) => {
                      const target = targetOf(source, key);
                      if (target) navigate(target);
                    }}
                  />
                </div>
              );
            })}
          </ReactGridLayout>
        ) : null}
      </div>
    </div>
  );
}

function toggled(set: ReadonlySet<string>, id: string, on: boolean): ReadonlySet<string> {
  const next = new Set(set);
  if (on) next.add(id);
  else next.delete(id);
  return next;
}

/** The element's height, kept current (wall mode stretches the rows to it). */
function useElementHeight(element: HTMLElement | null): number {
  const [height, setHeight] = useState(0);
  useEffect(() => {
    if (!element) return;
    setHeight(element.clientHeight);
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => setHeight(element.clientHeight));
    observer.observe(element);
    return () => observer.disconnect();
  }, [element]);
  return height;
}
