import { Button, Checkbox, InputGroup, Radio, RadioGroup, Spinner, Tag } from '@blueprintjs/core';
import { useMemo, useState } from 'react';
import type { Loaded } from '@ops/sdk';
import type { PlanDeviceOption } from '@ops/contracts';
import { operationStrings as t } from './operationStrings';

/** A plan covers every device of its kind, or the ones picked. */
export interface PlanScope {
  all: boolean;
  deviceIds: number[];
}

export interface PlanDevicePickerProps {
  kindName: string;
  devices: Loaded<PlanDeviceOption[]>;
  value: PlanScope;
  onChange(value: PlanScope): void;
}

/** Devices whose name or code holds the search text (case-folded), in the given order. */
export function matchingDevices(devices: readonly PlanDeviceOption[], search: string): PlanDeviceOption[] {
  const needle = search.trim().toLowerCase();
  if (!needle) return [...devices];
  return devices.filter((device) => device.deviceName.toLowerCase().includes(needle) || device.deviceCode.toLowerCase().includes(needle));
}

/**
 * 巡检设备 in the plan dialog: 全部<kind> or 指定设备, picked by name from the tenant's devices of the
 * chosen kind (searchable by name or code, offline ones marked). Never an id typed by hand.
 */
export function PlanDevicePicker({ kindName, devices, value, onChange }: PlanDevicePickerProps) {
  const [search, setSearch] = useState('');
  const all = useMemo(() => devices.data ?? [], [devices.data]);
  const shown = useMemo(() => matchingDevices(all, search), [all, search]);
  const picked = new Set(value.deviceIds);
  const toggle = (deviceId: number, on: boolean) =>
    onChange({ all: false, deviceIds: on ? [...value.deviceIds, deviceId] : value.deviceIds.filter((id) => id !== deviceId) });
  return (
    <div className="device-operation__picker">
      <RadioGroup
        label={t.plan.devices}
        inline
        selectedValue={value.all ? 'all' : 'some'}
        onChange={(event) => onChange({ all: event.currentTarget.value === 'all', deviceIds: value.deviceIds })}
      >
        <Radio value="all" label={t.plan.allOfKind(kindName)} />
        <Radio value="some" label={t.plan.pickDevices} />
      </RadioGroup>
      {value.all ? null : devices.status === 'error' ? (
        <p className="device-operation__invalid" role="alert">
          {t.plan.devicesFailed(devices.error ?? '')}
        </p>
      ) : devices.status === 'loading' && !devices.data ? (
        <div className="device-operation__picker-state">
          <Spinner size={16} aria-label={t.plan.loadingDevices} /> {t.plan.loadingDevices}
        </div>
      ) : (
        <>
          <InputGroup
            type="search"
            leftIcon="search"
            size="small"
            value={search}
            placeholder={t.plan.searchDevices}
            aria-label={t.plan.searchDevices}
            onChange={(event) => setSearch(event.currentTarget.value)}
          />
          <div className="device-operation__picker-list" role="group" aria-label={t.plan.devices}>
            {shown.length === 0 ? (
              <div className="device-operation__picker-state">
                {all.length === 0 ? t.plan.noDevicesOfKind(kindName) : t.plan.noDeviceMatch}
              </div>
            ) : (
              shown.map((device) => (
                <Checkbox
                  key={device.deviceId}
                  checked={picked.has(device.deviceId)}
                  onChange={(event) => toggle(device.deviceId, event.currentTarget.checked)}
                  labelElement={<DeviceLabel device={device} />}
                  aria-label={device.deviceName}
                />
              ))
            )}
          </div>
          <div className="device-operation__picker-footer">
            <span className="device-operation__muted">{t.plan.picked(value.deviceIds.length, all.length)}</span>
            <span>
              <Button
                size="small"
                variant="minimal"
                disabled={shown.length === 0}
                onClick={() =>
                  onChange({ all: false, deviceIds: [...new Set([...value.deviceIds, ...shown.map((device) => device.deviceId)])] })
                }
              >
                {t.plan.selectShown}
              </Button>
              <Button
                size="small"
                variant="minimal"
                disabled={value.deviceIds.length === 0}
                onClick={() => onChange({ all: false, deviceIds: [] })}
              >
                {t.plan.clearPicked}
              </Button>
            </span>
          </div>
        </>
      )}
    </div>
  );
}

function DeviceLabel({ device }: { device: PlanDeviceOption }) {
  return (
    <span className="device-operation__picker-device">
      {device.deviceName}
      <span className="device-operation__muted"> {device.deviceCode}</span>
      {device.online ? null : (
        <Tag minimal intent="warning" className="device-operation__picker-tag">
          {t.plan.offline}
        </Tag>
      )}
    </span>
  );
}
