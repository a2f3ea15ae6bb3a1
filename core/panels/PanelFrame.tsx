import { Button, Callout } from '@blueprintjs/core';
import { Suspense, useEffect } from 'react';
import type { WidgetType } from '../widgets/WidgetType';
import { PanelBox } from './PanelBox';
import { useDictionaryLabels } from './useDictionaryLabels';
import type { PagePanel } from './panelCatalog';
import { panelStrings as t } from './panelStrings';
import { usePanelData } from './usePanelData';

export interface PanelFrameProps {
  panel: PagePanel;
  /** The panel's widget type; undefined while its plugin loads (`pending`) or when none has its id. */
  widget: WidgetType | undefined;
  pending?: boolean;
  editing: boolean;
  collapsed: boolean;
  wall: boolean;
  onCollapse(collapsed: boolean): void;
  onRemove(): void;
  onOpen?(panel: PagePanel, key: string): void;
  /** Told the panel's data whenever it changes (undefined until the first answer): the page's CSV export reads it. */
  onData?(panelId: string, data: unknown): void;
}

/**
 * One panel: a title bar (the drag handle while the layout is edited) and its widget, fed by the
 * panel-data hook. Opaque glass, so markers and effects of a globe underneath never show through text.
 */
export function PanelFrame({
  panel,
  widget,
  pending = false,
  editing,
  collapsed,
  wall,
  onCollapse,
  onRemove,
  onOpen,
  onData,
}: PanelFrameProps) {
  // The data is whatever the panel's query answers; the manifest pairs the query with the widget.
  const answer = usePanelData<never>(panel);
  // Codes in the answer are shown (and exported) with the labels of the dictionaries the panel names.
  const labels = useDictionaryLabels(answer.data, panel.options);
  const { error, reload } = answer;
  const data = labels.data;
  const status = labels.ready ? answer.status : 'loading';
  const Widget = widget?.component;
  useEffect(() => onData?.(panel.id, data), [onData, panel.id, data]);
  const actions = editing ? (
    <Button
      size="small"
      variant="minimal"
      icon="cross"
      aria-label={t.removePanel(panel.title)}
      title={t.removePanel(panel.title)}
      onClick={onRemove}
    />
  ) : (
    <Button
      size="small"
      variant="minimal"
      icon={collapsed ? 'chevron-down' : 'chevron-up'}
      aria-label={collapsed ? t.expandPanel(panel.title) : t.collapsePanel(panel.title)}
      aria-expanded={!collapsed}
      onClick={() => onCollapse(!collapsed)}
    />
  );
  return (
    <PanelBox title={panel.title} actions={actions} collapsed={collapsed} editing={editing}>
      {Widget ? (
        <Suspense fallback={<div className="panel-frame__pending" aria-busy="true" aria-label={t.loading} />}>
          <Widget
            data={data}
            options={panel.options}
            status={status}
            error={error}
            onRetry={reload}
            wall={wall}
            {...(onOpen ? { onOpen: (key: string) => onOpen(panel, key) } : {})}
          />
        </Suspense>
      ) : pending ? (
        <div className="panel-frame__pending" aria-busy="true" aria-label={t.loading} />
      ) : (
        <Callout intent="danger" compact>
          {t.unknownWidget(panel.widget)}
        </Callout>
      )}
    </PanelBox>
  );
}
