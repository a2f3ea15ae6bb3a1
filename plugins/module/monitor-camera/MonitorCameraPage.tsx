import { Button, Callout, Dialog, DialogBody, HTMLTable, InputGroup, NonIdealState, SegmentedControl, Spinner, Tag } from '@blueprintjs/core';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { CameraStreams, DeviceApi, deviceKindsOf, formatDateTime, PluginRegistry, useService, VideoTile, type DeviceGroup, type DeviceRow, type VideoTileCamera } from '@ops/sdk';
import { monitorCameraStrings as t } from './monitorCameraStrings';
import './MonitorCameraPage.css';

const SPLITS = [1, 4, 9, 16] as const;
type Split = (typeof SPLITS)[number];
/** Cameras listed at once; a tenant with more finds them by name. */
const LIST_SIZE = 500;
const CAMERA_KIND = 'camera';

type Load<T> = { status: 'loading' } | { status: 'ready'; value: T } | { status: 'error'; message: string };

const fill = (tiles: (VideoTileCamera | undefined)[], count: number) => Array.from({ length: count }, (_, index) => tiles[index]);

/**
 * 监控中心 / 视频监控: the tenant's cameras by group on the left; on the right a 1/4/9/16 split of live
 * tiles. A camera goes into the selected tile (then the next free one is selected); each tile plays
 * through the stream endpoint and offers snapshot, full screen, stop and the device's detail.
 * `?deviceId=` opens that camera at once (an alarm that names a camera links here).
 */
export default function MonitorCameraPage() {
  const devices = useService(DeviceApi);
  const streams = useService(CameraStreams);
  const registry = useService(PluginRegistry);
  const kind = useMemo(() => deviceKindsOf(registry).find((candidate) => candidate.page === CAMERA_KIND), [registry]);
  const [cameras, setCameras] = useState<Load<DeviceRow[]>>({ status: 'loading' });
  const [groups, setGroups] = useState<DeviceGroup[]>([]);
  const [members, setMembers] = useState<Record<number, Load<DeviceRow[]>>>({});
  const [open, setOpen] = useState<Set<number | 'all'>>(() => new Set(['all']));
  const [search, setSearch] = useState('');
  const [split, setSplit] = useState<Split>(4);
  const [tiles, setTiles] = useState<(VideoTileCamera | undefined)[]>(() => fill([], 4));
  const [selected, setSelected] = useState(0);
  const [detail, setDetail] = useState<Load<DeviceRow> | null>(null);

  const load = useCallback(async () => {
    if (!kind) return;
    setCameras({ status: 'loading' });
    try {
      const [page, kindGroups] = await Promise.all([devices.list(kind, 1, LIST_SIZE), devices.groups(kind)]);
      setCameras({ status: 'ready', value: page.rows });
      setGroups(kindGroups);
    } catch (error) {
      setCameras({ status: 'error', message: error instanceof Error ? error.message : String(error) });
    }
  }, [devices, kind]);
  useEffect(() => void load(), [load]);

  const toggleGroup = async (groupId: number) => {
    const next = new Set(open);
    if (next.has(groupId)) next.delete(groupId);
    else next.add(groupId);
    setOpen(next);
    if (!kind || !next.has(groupId) || members[groupId]?.status === 'ready') return;
    setMembers((current) => ({ ...current, [groupId]: { status: 'loading' } }));
    try {
      const page = await devices.list(kind, 1, LIST_SIZE, { groupId });
      setMembers((current) => ({ ...current, [groupId]: { status: 'ready', value: page.rows } }));
    } catch (error) {
      setMembers((current) => ({ ...current, [groupId]: { status: 'error', message: error instanceof Error ? error.message : String(error) } }));
    }
  };

  const place = useCallback(
    (camera: VideoTileCamera) => {
      setTiles((current) => {
        const next = [...current];
        next[selected] = camera;
        // The next free tile after this one takes the next camera (or the next tile, round the grid).
        const free = next.findIndex((tile, index) => index > selected && !tile);
        setSelected(free >= 0 ? free : (selected + 1) % next.length);
        return next;
      });
    },
    [selected],
  );

  const [params] = useSearchParams();
  const linked = Number(params.get('deviceId'));
  useEffect(() => {
    if (cameras.status !== 'ready' || !Number.isInteger(linked) || linked <= 0) return;
    const camera = cameras.value.find((row) => row.deviceId === linked);
    if (camera) setTiles((current) => [{ deviceId: camera.deviceId, deviceName: camera.deviceName }, ...current.slice(1)]);
  }, [cameras, linked]);

  const changeSplit = (value: Split) => {
    setSplit(value);
    setTiles((current) => fill(current, value));
    setSelected((current) => (current < value ? current : 0));
  };
  const openDetail = async (camera: VideoTileCamera) => {
    setDetail({ status: 'loading' });
    try {
      setDetail({ status: 'ready', value: await devices.info(camera.deviceId) });
    } catch (error) {
      setDetail({ status: 'error', message: error instanceof Error ? error.message : String(error) });
    }
  };

  const term = search.trim().toLowerCase();
  const matches = (row: DeviceRow) => !term || row.deviceName.toLowerCase().includes(term) || row.deviceCode.toLowerCase().includes(term);
  const cameraButton = (row: DeviceRow) => (
    <li key={row.deviceId}>
      <Button
        variant="minimal"
        alignText="start"
        fill
        size="small"
        icon="mobile-video"
        className={`monitor-camera__camera${row.online ? '' : ' is-offline'}`}
        aria-label={t.cameraItem(row.deviceName, row.online)}
        active={tiles.some((tile) => tile?.deviceId === row.deviceId)}
        onClick={() => place({ deviceId: row.deviceId, deviceName: row.deviceName })}
        text={row.deviceName}
        endIcon={row.online ? undefined : <Tag minimal>{t.offline}</Tag>}
      />
    </li>
  );
  const cameraList = (rows: DeviceRow[]) => {
    const shown = rows.filter(matches);
    return shown.length ? <ul className="monitor-camera__cameras">{shown.map(cameraButton)}</ul> : <p className="monitor-camera__none">{term ? t.noMatch : t.noCameras}</p>;
  };
  const groupHeader = (key: number | 'all', name: string, count: number | undefined, onToggle: () => void) => (
    <Button variant="minimal" alignText="start" fill icon={open.has(key) ? 'caret-down' : 'caret-right'} aria-expanded={open.has(key)} onClick={onToggle} text={name} endIcon={count === undefined ? undefined : <Tag minimal round>{count}</Tag>} />
  );

  const playing = tiles.filter(Boolean).length;
  return (
    <div className="monitor-camera">
      <section className="monitor-camera__panel monitor-camera__tree" aria-label={t.cameraTree}>
        <header className="monitor-camera__header">
          <h3>{t.cameras}</h3>
        </header>
        <div className="monitor-camera__body">
          <InputGroup leftIcon="search" type="search" aria-label={t.search} placeholder={t.searchPlaceholder} value={search} onValueChange={setSearch} />
          {cameras.status === 'loading' ? <Spinner size={28} aria-label={t.cameras} /> : null}
          {cameras.status === 'error' ? (
            <Callout intent="danger" compact>
              {t.loadFailed(cameras.message)} <Button size="small" text={t.retry} onClick={() => void load()} />
            </Callout>
          ) : null}
          {cameras.status === 'ready' ? (
            <div className="monitor-camera__groups">
              {groupHeader('all', t.allCameras, cameras.value.length, () => setOpen((current) => new Set(current.has('all') ? [...current].filter((key) => key !== 'all') : [...current, 'all'])))}
              {open.has('all') ? cameraList(cameras.value) : null}
              {groups.map((group) => (
                <div key={group.groupId}>
                  {groupHeader(group.groupId, group.groupName, group.deviceCount, () => void toggleGroup(group.groupId))}
                  {open.has(group.groupId) ? (
                    members[group.groupId]?.status === 'ready' ? (
                      cameraList((members[group.groupId] as { value: DeviceRow[] }).value)
                    ) : members[group.groupId]?.status === 'error' ? (
                      <Callout intent="danger" compact>
                        {t.loadFailed((members[group.groupId] as { message: string }).message)}
                      </Callout>
                    ) : (
                      <Spinner size={20} />
                    )
                  ) : null}
                </div>
              ))}
            </div>
          ) : null}
        </div>
      </section>
      <section className="monitor-camera__panel monitor-camera__wall" aria-label={t.videos}>
        <header className="monitor-camera__header">
          <h3>{t.videos}</h3>
          <span className="monitor-camera__count">{t.playing(playing, split)}</span>
          <SegmentedControl
            size="small"
            aria-label={t.split}
            value={String(split)}
            options={SPLITS.map((count) => ({ label: t.splitOption(count), value: String(count) }))}
            onValueChange={(value) => changeSplit(Number(value) as Split)}
          />
          <Button size="small" icon="stop" text={t.clearAll} disabled={!playing} onClick={() => (setTiles(fill([], split)), setSelected(0))} />
        </header>
        {kind ? (
          <div className={`monitor-camera__grid is-split-${split}`}>
            {tiles.map((camera, index) => (
              <VideoTile
                key={`${index}-${camera?.deviceId ?? 'idle'}`}
                camera={camera}
                streams={streams}
                selected={index === selected}
                onSelect={() => setSelected(index)}
                onStop={() => setTiles((current) => current.map((tile, at) => (at === index ? undefined : tile)))}
                onOpenDetail={(target) => void openDetail(target)}
              />
            ))}
          </div>
        ) : (
          <NonIdealState icon="mobile-video" title={t.noCameras} />
        )}
      </section>
      <Dialog isOpen={detail !== null} onClose={() => setDetail(null)} title={detail?.status === 'ready' ? t.detailTitle(detail.value.deviceName) : t.cameras}>
        <DialogBody>
          {detail?.status === 'loading' ? <Spinner size={28} /> : null}
          {detail?.status === 'error' ? <Callout intent="danger">{detail.message}</Callout> : null}
          {detail?.status === 'ready' ? (
            <HTMLTable compact className="monitor-camera__detail">
              <tbody>
                <tr>
                  <th>{t.detailCode}</th>
                  <td>{detail.value.deviceCode}</td>
                </tr>
                <tr>
                  <th>{t.detailState}</th>
                  <td>{detail.value.online ? t.detailOnline : t.detailOffline}</td>
                </tr>
                <tr>
                  <th>{t.detailPosition}</th>
                  <td>
                    {detail.value.longitude.toFixed(6)}, {detail.value.latitude.toFixed(6)}
                  </td>
                </tr>
                <tr>
                  <th>{t.detailUpdated}</th>
                  <td>{formatDateTime(detail.value.updateTime)}</td>
                </tr>
                {Object.entries(detail.value.telemetry).map(([key, value]) => {
                  const field = kind?.telemetry?.find((candidate) => candidate.key === key);
                  return (
                    <tr key={key}>
                      <th>{field?.label ?? key}</th>
                      <td>
                        {String(value)}
                        {field?.unit ? ` ${field.unit}` : ''}
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </HTMLTable>
          ) : null}
        </DialogBody>
      </Dialog>
    </div>
  );
}
