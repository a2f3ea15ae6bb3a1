import { Button, Callout, InputGroup, Spinner, Tag } from '@blueprintjs/core';
import { useCallback, useEffect, useState } from 'react';
import { DeviceApi, formatDateTime, PanelBox, useService, type DeviceKind, type VideoTileCamera } from '@ops/sdk';
import type { DeviceGroup, DeviceRow } from '@ops/contracts';
import type { LiveOperator, LiveOperatorsLoad } from './useLiveOperators';
import { videoMonitorStrings as t } from './videoMonitorStrings';
import { errorMessage } from '@ops/contracts';

/** Cameras listed at once; a tenant with more finds them by name. */
const LIST_SIZE = 500;

type Load<T> = { status: 'loading' } | { status: 'ready'; value: T } | { status: 'error'; message: string };
const failure = (error: unknown) => ({ status: 'error' as const, message: errorMessage(error) });

export interface CameraTreeProps {
  kind: DeviceKind;
  title: string;
  /** The cameras shown now (their buttons are marked). */
  playing: readonly number[];
  onPick(camera: VideoTileCamera): void;
  /** Every camera of the kind once loaded (a page finds the one nearest an alarm among them). */
  onLoaded?(cameras: DeviceRow[]): void;
  /** The group 操作员画面: the tenant's operators who push a picture now, played like cameras. */
  operators?: OperatorGroup;
}

export interface OperatorGroup {
  live: LiveOperatorsLoad;
  /** The operators whose pictures are shown now (by user id). */
  playing: readonly number[];
  onPick(operator: LiveOperator): void;
}

type GroupKey = number | 'all' | 'operators';

/**
 * The cameras of one kind: 全部摄像机 and each of the kind's groups (members loaded when opened), with
 * search; with `operators`, the group 操作员画面 first.
 */
export function CameraTree({ kind, title, playing, onPick, onLoaded, operators }: CameraTreeProps) {
  const devices = useService(DeviceApi);
  const [cameras, setCameras] = useState<Load<DeviceRow[]>>({ status: 'loading' });
  const [groups, setGroups] = useState<DeviceGroup[]>([]);
  const [members, setMembers] = useState<Record<number, Load<DeviceRow[]>>>({});
  const [open, setOpen] = useState<ReadonlySet<GroupKey>>(() => new Set(['operators', 'all']));
  const [search, setSearch] = useState('');

  const load = useCallback(async () => {
    setCameras({ status: 'loading' });
    try {
      const [page, kindGroups] = await Promise.all([devices.list(kind, 1, LIST_SIZE), devices.groups(kind)]);
      setCameras({ status: 'ready', value: page.rows });
      setGroups(kindGroups);
      onLoaded?.(page.rows);
    } catch (error) {
      setCameras(failure(error));
    }
  }, [devices, kind, onLoaded]);
  useEffect(() => void load(), [load]);

  const toggle = async (key: GroupKey) => {
    const next = new Set(open);
    if (next.has(key)) next.delete(key);
    else next.add(key);
    setOpen(next);
    if (key === 'all' || key === 'operators' || !next.has(key) || members[key]?.status === 'ready') return;
    setMembers((current) => ({ ...current, [key]: { status: 'loading' } }));
    try {
      const page = await devices.list(kind, 1, LIST_SIZE, { groupId: key });
      setMembers((current) => ({ ...current, [key]: { status: 'ready', value: page.rows } }));
    } catch (error) {
      setMembers((current) => ({ ...current, [key]: failure(error) }));
    }
  };

  const term = search.trim().toLowerCase();
  const list = (rows: DeviceRow[]) => {
    const shown = rows.filter((row) => !term || row.deviceName.toLowerCase().includes(term) || row.deviceCode.toLowerCase().includes(term));
    if (!shown.length) return <p className="video-monitor__none">{term ? t.noMatch : t.noCameras}</p>;
    return (
      <ul className="video-monitor__cameras">
        {shown.map((row) => (
          <li key={row.deviceId}>
            <Button
              variant="minimal"
              alignText="start"
              fill
              size="small"
              icon="mobile-video"
              className={`video-monitor__camera${row.online ? '' : ' is-offline'}`}
              aria-label={t.cameraItem(row.deviceName, row.online)}
              active={playing.includes(row.deviceId)}
              onClick={() => onPick({ deviceId: row.deviceId, deviceName: row.deviceName })}
              text={row.deviceName}
              endIcon={row.online ? undefined : <Tag minimal>{t.offline}</Tag>}
            />
          </li>
        ))}
      </ul>
    );
  };
  const header = (key: GroupKey, name: string, count: number) => (
    <Button
      variant="minimal"
      alignText="start"
      fill
      icon={open.has(key) ? 'caret-down' : 'caret-right'}
      aria-expanded={open.has(key)}
      onClick={() => void toggle(key)}
      text={name}
      endIcon={
        <Tag minimal round>
          {count}
        </Tag>
      }
    />
  );
  const groupBody = (groupId: number) => {
    const state = members[groupId];
    if (state?.status === 'ready') return list(state.value);
    if (state?.status === 'error')
      return (
        <Callout intent="danger" compact>
          {t.loadFailed(state.message)}
        </Callout>
      );
    return <Spinner size={20} />;
  };

  const operatorList = (group: OperatorGroup) => {
    if (group.live.status === 'loading') return <Spinner size={20} aria-label={t.loading} />;
    if (group.live.status === 'error')
      return (
        <Callout intent="danger" compact>
          {t.operatorsFailed(group.live.message)}
        </Callout>
      );
    if (!group.live.value.length) return <p className="video-monitor__none">{t.noOperators}</p>;
    return (
      <ul className="video-monitor__cameras">
        {group.live.value.map((operator) => (
          <li key={operator.userId}>
            <Button
              variant="minimal"
              alignText="start"
              fill
              size="small"
              icon="person"
              className="video-monitor__camera"
              aria-label={t.operatorItem(operator.name)}
              title={t.operatorSince(formatDateTime(operator.since))}
              active={group.playing.includes(operator.userId)}
              onClick={() => group.onPick(operator)}
              text={operator.name}
              endIcon={
                <Tag minimal intent="success">
                  {t.operatorViewers(operator.viewers)}
                </Tag>
              }
            />
          </li>
        ))}
      </ul>
    );
  };

  return (
    <PanelBox title={title} label={t.cameraTree} className="video-monitor__tree">
      <div className="video-monitor__body">
        {operators ? (
          <div className="video-monitor__groups is-operators">
            {header('operators', t.operators, operators.live.status === 'ready' ? operators.live.value.length : 0)}
            {open.has('operators') ? operatorList(operators) : null}
          </div>
        ) : null}
        <InputGroup
          leftIcon="search"
          type="search"
          aria-label={t.search}
          placeholder={t.searchPlaceholder}
          value={search}
          onValueChange={setSearch}
        />
        {cameras.status === 'loading' ? <Spinner size={28} aria-label={t.loading} /> : null}
        {cameras.status === 'error' ? (
          <Callout intent="danger" compact>
            {t.loadFailed(cameras.message)} <Button size="small" text={t.retry} onClick={() => void load()} />
          </Callout>
        ) : null}
        {cameras.status === 'ready' ? (
          <div className="video-monitor__groups">
            {header('all', t.allCameras, cameras.value.length)}
            {open.has('all') ? list(cameras.value) : null}
            {groups.map((group) => (
              <div key={group.groupId}>
                {header(group.groupId, group.groupName, group.deviceCount)}
                {open.has(group.groupId) ? groupBody(group.groupId) : null}
              </div>
            ))}
          </div>
        ) : null}
      </div>
    </PanelBox>
  );
}
