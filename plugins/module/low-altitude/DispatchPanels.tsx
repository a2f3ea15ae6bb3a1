import { useState } from 'react';
import { Button, FormGroup, HTMLSelect, InputGroup, NumericInput, Radio, RadioGroup, Switch, Tag, TextArea } from '@blueprintjs/core';
import { formatMonthDayTime, PanelBox, WidgetState } from '@ops/sdk';
import {
  FLIGHT_STATUS_LABELS,
  FLIGHT_TASK_KINDS,
  FLIGHT_TASK_LABELS,
  type Flight,
  type FlightTaskKind,
  type Geofence,
  type LngLat,
  type RoutePreset,
  type UavDevice,
  type Waypoint,
} from '@ops/contracts';
import { statusIntent } from './InspectionPanels';
import { lowAltitudeStrings as t } from './lowAltitudeStrings';
import type { Loadable } from '@ops/sdk';

export type RouteSource = 'preset' | 'clicked';

export interface PlanDraft {
  deviceId: number | null;
  taskKind: FlightTaskKind;
  source: RouteSource;
  presetId: string;
  waypoints: Waypoint[];
}

/** The route a draft flies: its preset's or the waypoints clicked on the map. */
export const draftRoute = (draft: PlanDraft, presets: readonly RoutePreset[]): Waypoint[] =>
  draft.source === 'preset' ? (presets.find((preset) => preset.presetId === draft.presetId)?.route ?? []) : draft.waypoints;

/** 规划飞行: a UAV, a task and a route (a preset or waypoints clicked on the globe). */
export function PlanFlightPanel({
  uavs,
  presets,
  draft,
  onDraft,
  onPlan,
}: {
  uavs: Loadable<UavDevice[]>;
  presets: readonly RoutePreset[];
  draft: PlanDraft;
  onDraft(draft: PlanDraft): void;
  onPlan(): Promise<void>;
}) {
  const [busy, setBusy] = useState(false);
  const ready = draft.deviceId !== null && draftRoute(draft, presets).length >= 2;
  return (
    <PanelBox title={t.planTitle} className="low-altitude__panel is-plan">
      <WidgetState status={uavs.status} empty={false} {...(uavs.error ? { error: uavs.error } : {})}>
        <form
          className="low-altitude__form"
          aria-label={t.planTitle}
          onSubmit={(event) => {
            event.preventDefault();
            setBusy(true);
            void onPlan().finally(() => setBusy(false));
          }}
        >
          <FormGroup label={t.uav} labelFor="low-altitude-uav">
            <HTMLSelect
              id="low-altitude-uav"
              fill
              value={draft.deviceId ?? ''}
              onChange={(event) => onDraft({ ...draft, deviceId: Number(event.currentTarget.value) || null })}
              options={[
                { value: '', label: t.chooseUav },
                ...(uavs.data ?? []).map((uav) => ({
                  value: uav.deviceId,
                  label: uav.flyingFlightId ? t.uavFlying(uav.name) : uav.online ? uav.name : t.uavOffline(uav.name),
                })),
              ]}
            />
          </FormGroup>
          <FormGroup label={t.taskKind} labelFor="low-altitude-task">
            <HTMLSelect
              id="low-altitude-task"
              fill
              value={draft.taskKind}
              onChange={(event) =>
                onDraft({ ...draft, taskKind: FLIGHT_TASK_KINDS.find((kind) => kind === event.currentTarget.value) ?? 'patrol' })
              }
              options={FLIGHT_TASK_KINDS.map((kind) => ({ value: kind, label: FLIGHT_TASK_LABELS[kind] }))}
            />
          </FormGroup>
          <RadioGroup
            label={t.routeSource}
            inline
            selectedValue={draft.source}
            onChange={(event) => onDraft({ ...draft, source: event.currentTarget.value === 'clicked' ? 'clicked' : 'preset' })}
          >
            <Radio label={t.preset} value="preset" />
            <Radio label={t.clicked} value="clicked" />
          </RadioGroup>
          {draft.source === 'preset' ? (
            <HTMLSelect
              aria-label={t.choosePreset}
              fill
              value={draft.presetId}
              onChange={(event) => {
                const preset = presets.find((candidate) => candidate.presetId === event.currentTarget.value);
                onDraft({ ...draft, presetId: preset?.presetId ?? '', ...(preset ? { taskKind: preset.taskKind } : {}) });
              }}
              options={[{ value: '', label: t.choosePreset }, ...presets.map((preset) => ({ value: preset.presetId, label: preset.name }))]}
            />
          ) : (
            <div className="low-altitude__hint">
              {t.clickHint(draft.waypoints.length)}
              <Button small minimal icon="eraser" disabled={!draft.waypoints.length} onClick={() => onDraft({ ...draft, waypoints: [] })}>
                {t.clearWaypoints}
              </Button>
            </div>
          )}
          <Button type="submit" intent="primary" icon="airplane" loading={busy} disabled={!ready}>
            {t.plan}
          </Button>
        </form>
      </WidgetState>
    </PanelBox>
  );
}

/** The planned and flying flights: 起飞 a planned one, 降落 a flying one (with an optional result). */
export function FlightActionsPanel({
  flights,
  names,
  onAct,
  onRetry,
}: {
  flights: Loadable<Flight[]>;
  names: ReadonlyMap<number, string>;
  onAct(flight: Flight, result: string): Promise<void>;
  onRetry(): void;
}) {
  const [result, setResult] = useState('');
  const [busy, setBusy] = useState<number | null>(null);
  const rows = flights.data ?? [];
  return (
    <PanelBox title={t.actionsTitle} className="low-altitude__panel is-actions">
      <InputGroup
        small
        placeholder={t.landResult}
        aria-label={t.landResult}
        value={result}
        maxLength={500}
        onChange={(event) => setResult(event.currentTarget.value)}
      />
      <WidgetState
        status={flights.status}
        empty={rows.length === 0}
        {...(flights.error ? { error: flights.error } : {})}
        onRetry={onRetry}
        emptyText={t.noActions}
      >
        <ul className="low-altitude__list" aria-label={t.actionsLabel}>
          {rows.map((flight) => {
            const flying = flight.status === 'flying';
            return (
              <li key={flight.flightId} className="low-altitude__row">
                <span>
                  <Tag minimal intent={statusIntent(flight.status)}>
                    {FLIGHT_STATUS_LABELS[flight.status]}
                  </Tag>{' '}
                  {names.get(flight.deviceId) ?? `#${flight.deviceId}`} · #{flight.flightId} · {FLIGHT_TASK_LABELS[flight.taskKind]}
                  <small> {formatMonthDayTime(flight.startedAt ?? flight.createdAt)}</small>
                </span>
                <Button
                  small
                  intent={flying ? 'warning' : 'success'}
                  loading={busy === flight.flightId}
                  aria-label={flying ? t.landFlight(flight.flightId) : t.startFlight(flight.flightId)}
                  onClick={() => {
                    setBusy(flight.flightId);
                    void onAct(flight, flying ? result : '')
                      .then(() => flying && setResult(''))
                      .finally(() => setBusy(null));
                  }}
                >
                  {flying ? t.land : t.start}
                </Button>
              </li>
            );
          })}
        </ul>
      </WidgetState>
    </PanelBox>
  );
}

/** Corners typed one a line, "经度,纬度"; null when a line is not two numbers or fewer than three. */
export function parseCorners(text: string): LngLat[] | null {
  const lines = text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);
  const corners = lines.map((line) => line.split(/[,，\s]+/).map(Number));
  if (corners.length < 3 || corners.some((corner) => corner.length !== 2 || corner.some((value) => !Number.isFinite(value)))) return null;
  return corners.map(([longitude, latitude]): LngLat => [longitude!, latitude!]);
}

/** 电子围栏: each fence with 启用/停用, and the form of a new one. */
export function GeofencePanel({
  fences,
  onToggle,
  onCreate,
  onRetry,
}: {
  fences: Loadable<Geofence[]>;
  onToggle(fence: Geofence): Promise<void>;
  onCreate(fence: { name: string; polygon: LngLat[]; floorM: number; ceilingM: number }): Promise<boolean>;
  onRetry(): void;
}) {
  const [name, setName] = useState('');
  const [corners, setCorners] = useState('');
  const [floorM, setFloor] = useState(0);
  const [ceilingM, setCeiling] = useState(150);
  const [problem, setProblem] = useState<string | null>(null);
  const rows = fences.data ?? [];
  return (
    <PanelBox title={`${t.fencesTitle}（${rows.length}）`} className="low-altitude__panel is-fences">
      <WidgetState
        status={fences.status}
        empty={rows.length === 0}
        {...(fences.error ? { error: fences.error } : {})}
        onRetry={onRetry}
        emptyText={t.noFences}
      >
        <ul className="low-altitude__list" aria-label={t.fencesLabel}>
          {rows.map((fence) => (
            <li key={fence.fenceId} className="low-altitude__row">
              <span>
                {fence.name} <small>{t.fenceHeights(fence.floorM, fence.ceilingM)}</small>
              </span>
              <Switch
                checked={fence.active}
                label={fence.active ? t.active : t.inactive}
                aria-label={fence.active ? t.deactivateFence(fence.name) : t.activateFence(fence.name)}
                onChange={() => void onToggle(fence)}
              />
            </li>
          ))}
        </ul>
      </WidgetState>
      <form
        className="low-altitude__form"
        aria-label={t.createFence}
        onSubmit={(event) => {
          event.preventDefault();
          const polygon = parseCorners(corners);
          if (!polygon) return setProblem(t.badCorners);
          setProblem(null);
          void onCreate({ name: name.trim(), polygon, floorM, ceilingM }).then((created) => {
            if (!created) return;
            setName('');
            setCorners('');
          });
        }}
      >
        <FormGroup label={t.fenceName} labelFor="low-altitude-fence-name">
          <InputGroup
            id="low-altitude-fence-name"
            small
            value={name}
            maxLength={40}
            onChange={(event) => setName(event.currentTarget.value)}
          />
        </FormGroup>
        <FormGroup
          label={t.fenceCorners}
          labelFor="low-altitude-fence-corners"
          {...(problem ? { helperText: problem, intent: 'danger' as const } : {})}
        >
          <TextArea
            id="low-altitude-fence-corners"
            fill
            rows={3}
            value={corners}
            onChange={(event) => setCorners(event.currentTarget.value)}
          />
        </FormGroup>
        <div className="low-altitude__heights">
          <FormGroup label={t.floor} labelFor="low-altitude-fence-floor">
            <NumericInput
              id="low-altitude-fence-floor"
              small
              fill
              min={0}
              max={1000}
              value={floorM}
              onValueChange={(value) => setFloor(value)}
            />
          </FormGroup>
          <FormGroup label={t.ceiling} labelFor="low-altitude-fence-ceiling">
            <NumericInput
              id="low-altitude-fence-ceiling"
              small
              fill
              min={0}
              max={1000}
              value={ceilingM}
              onValueChange={(value) => setCeiling(value)}
            />
          </FormGroup>
        </div>
        <Button type="submit" small intent="primary" icon="add" disabled={!name.trim() || !corners.trim()}>
          {t.createFence}
        </Button>
      </form>
    </PanelBox>
  );
}
