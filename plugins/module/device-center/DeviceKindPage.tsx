import { Button, ButtonGroup, HTMLSelect, InputGroup } from '@blueprintjs/core';
import { useCallback, useEffect, useMemo, useState } from 'react';
import {
  DeviceApi,
  Notifier,
  outcomeIntent,
  useDeviceControl,
  useService,
  type DeviceCommand,
  type DeviceFilter,
  type DeviceKind,
} from '@ops/sdk';
import type { DeviceGroup, DeviceRow } from '@ops/contracts';
import { deviceCenterStrings as t } from './deviceCenterStrings';
import { CommandButtons } from './CommandButtons';
import { DeviceDetailPanel } from './DeviceDetailPanel';
import { DeviceTable } from './DeviceTable';
import { useDeviceList } from './useDeviceList';
import './DeviceKindPage.css';

type StatusFilter = 'all' | 'online' | 'offline';

/** The page of one device kind: search and filters, the live list, group and multi-device control, detail. */
export function DeviceKindPage({ kind, refreshMs }: { kind: DeviceKind; refreshMs?: number }) {
  const api = useService(DeviceApi);
  const notifier = useService(Notifier);
  const controllable = useDeviceControl()(kind.page);
  const deviceType = kind.brandCode ?? kind.page;
  const [keywordInput, setKeywordInput] = useState('');
  const [keyword, setKeyword] = useState('');
  const [status, setStatus] = useState<StatusFilter>('all');
  const [groupId, setGroupId] = useState<number | undefined>();
  const [groups, setGroups] = useState<DeviceGroup[]>([]);
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [active, setActive] = useState<DeviceRow | null>(null);

  // Search as the operator types, after a short pause.
  useEffect(() => {
    const timer = setTimeout(() => setKeyword(keywordInput.trim()), 250);
    return () => clearTimeout(timer);
  }, [keywordInput]);

  useEffect(() => {
    api.groups(kind).then(setGroups, () => setGroups([]));
  }, [api, kind]);

  const filter = useMemo<DeviceFilter>(
    () => ({
      ...(keyword ? { keyword } : {}),
      ...(status === 'all' ? {} : { online: status === 'online' }),
      ...(groupId ? { groupId } : {}),
    }),
    [keyword, status, groupId],
  );
  const list = useDeviceList(api, kind, filter, refreshMs);
  const activeRow = active ? (list.rows.find((row) => row?.deviceId === active.deviceId) ?? active) : null;

  const send = useCallback(
    async (command: DeviceCommand, params: Record<string, unknown>, target: { deviceIds?: number[]; groupIds?: number[] }) => {
      const outcome = await api.control(deviceType, command.commandType, command.command, target, params);
      list.patch(outcome.results.filter((result) => result.state).map((result) => ({ deviceId: result.deviceId, state: result.state! })));
      notifier.show(outcomeIntent(outcome), outcome.msg);
      list.refresh();
    },
    [api, deviceType, list, notifier],
  );

  const toggle = useCallback((deviceId: number) => {
    setSelected((previous) => {
      const next = new Set(previous);
      if (next.has(deviceId)) next.delete(deviceId);
      else next.add(deviceId);
      return next;
    });
  }, []);

  // Commands only where the user may control the kind; the server refuses the rest anyway.
  const commands = controllable ? (kind.commands ?? []) : [];
  const group = groups.find((entry) => entry.groupId === groupId);

  return (
    <div className="device-kind-page">
      <div className="device-kind-page__toolbar">
        <InputGroup
          leftIcon="search"
          placeholder={t.searchPlaceholder}
          aria-label={t.searchLabel}
          value={keywordInput}
          onValueChange={setKeywordInput}
          className="device-kind-page__search"
        />
        <ButtonGroup role="group" aria-label={t.statusFilter}>
          {(['all', 'online', 'offline'] as const).map((value) => (
            <Button key={value} active={status === value} aria-pressed={status === value} onClick={() => setStatus(value)}>
              {value === 'all' ? t.all : value === 'online' ? t.online : t.offline}
            </Button>
          ))}
        </ButtonGroup>
        <HTMLSelect
          aria-label={t.groupFilter}
          value={groupId ?? ''}
          onChange={(event) => setGroupId(event.currentTarget.value ? Number(event.currentTarget.value) : undefined)}
          options={[
            { value: '', label: t.allGroups },
            ...groups.map((entry) => ({ value: entry.groupId, label: `${entry.groupName}（${entry.deviceCount}）` })),
          ]}
        />
        <span className="device-kind-page__count">{t.total(list.total)}</span>
      </div>
      {commands.length ? (
        <div className="device-kind-page__bulk">
          {group ? (
            <div className="device-kind-page__bulk-row" role="group" aria-label={`${t.groupControl}：${group.groupName}`}>
              <span>
                {t.groupControl}：{group.groupName}
              </span>
              <CommandButtons
                commands={commands}
                targetLabel={group.groupName}
                onSend={(command, params) => send(command, params, { groupIds: [group.groupId] })}
              />
            </div>
          ) : null}
          {selected.size ? (
            <div className="device-kind-page__bulk-row" role="group" aria-label={t.selectionControl}>
              <span>{t.selected(selected.size)}</span>
              <CommandButtons
                commands={commands}
                targetLabel={t.selected(selected.size)}
                onSend={(command, params) => send(command, params, { deviceIds: [...selected] })}
              />
            </div>
          ) : null}
        </div>
      ) : null}
      <div className="device-kind-page__main">
        <div className="device-kind-page__list">
          <DeviceTable
            kind={kind}
            total={list.total}
            rows={list.rows}
            loading={list.loading}
            selectedIds={selected}
            selectable={commands.length > 0}
            activeId={activeRow?.deviceId}
            onToggle={toggle}
            onOpen={setActive}
            onRangeChange={list.ensureRange}
          />
        </div>
        {activeRow ? (
          <aside className="device-kind-page__detail">
            <DeviceDetailPanel
              kind={kind}
              device={activeRow}
              controllable={controllable}
              onSend={(command, params) => send(command, params, { deviceIds: [activeRow.deviceId] })}
              onClose={() => setActive(null)}
            />
          </aside>
        ) : null}
      </div>
    </div>
  );
}
