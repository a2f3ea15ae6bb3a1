import { Button, Callout, Dialog, DialogBody, DialogFooter, FormGroup, HTMLSelect, InputGroup, TextArea } from '@blueprintjs/core';
import { useState } from 'react';
import {
  EMERGENCY_DEFAULT_RADIUS,
  EMERGENCY_KINDS,
  EMERGENCY_KIND_LABELS,
  EMERGENCY_LEVELS,
  EMERGENCY_LEVEL_LABELS,
  type AlarmEmergencyEventBody,
  type CreateEmergencyEventBody,
  type EmergencyKind,
  type EmergencyLevel,
} from '@ops/contracts';
import { emergencyDispatchStrings as t } from './emergencyDispatchStrings';
import { errorMessage } from '@ops/contracts';

export interface CreateEventDialogProps {
  isOpen: boolean;
  /** Where the form starts (the last event's place), if anywhere. */
  near?: { longitude: number; latitude: number };
  onClose(): void;
  /** Rejects with the server's message, shown in the dialog. */
  onCreate(body: CreateEmergencyEventBody): Promise<void>;
  /** From an existing alarm (its position, grade and text unless given); rejects with the server's message. */
  onCreateFromAlarm(body: AlarmEmergencyEventBody): Promise<void>;
}

/** The checks the server makes too, said before sending: a title, a position on the globe, a radius. */
export function validateNewEvent(input: {
  title: string;
  longitude: string;
  latitude: string;
  radius: string;
  alarmId?: string;
}): string | undefined {
  const alarmId = input.alarmId?.trim();
  if (alarmId && !/^[1-9]\d{0,9}$/.test(alarmId)) return t.alarmIdInvalid;
  // From an alarm: title and position are the alarm's unless given.
  if (!alarmId && !input.title.trim()) return t.required(t.createTitleField);
  const check = (text: string, field: string, min: number, max: number) => {
    if (text.trim() === '') return t.required(field);
    const value = Number(text);
    return Number.isFinite(value) && value >= min && value <= max ? undefined : t.numberRange(field, min, max);
  };
  const radius = input.radius.trim() ? check(input.radius, t.createRadius, 10, 10_000) : undefined;
  if (alarmId && !input.longitude.trim() && !input.latitude.trim()) return radius;
  return check(input.longitude, t.createLongitude, -180, 180) ?? check(input.latitude, t.createLatitude, -90, 90) ?? radius;
}

/** 新建应急事件: kind, level, title, description, position and affected radius. */
export function CreateEventDialog({ isOpen, near, onClose, onCreate, onCreateFromAlarm }: CreateEventDialogProps) {
  const [alarmId, setAlarmId] = useState('');
  // The position offered (the last event's) is the operator's only once they edit it: from an alarm, the alarm's wins.
  const [positionEdited, setPositionEdited] = useState(false);
  const [kind, setKind] = useState<EmergencyKind>('FIRE');
  const [level, setLevel] = useState<EmergencyLevel>('MEDIUM');
  const [title, setTitle] = useState('');
  const [description, setDescription] = useState('');
  const [longitude, setLongitude] = useState(near ? String(near.longitude) : '');
  const [latitude, setLatitude] = useState(near ? String(near.latitude) : '');
  const [radius, setRadius] = useState('');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    const fromAlarm = alarmId.trim() !== '';
    const problem = validateNewEvent({
      title,
      longitude: fromAlarm && !positionEdited ? '' : longitude,
      latitude: fromAlarm && !positionEdited ? '' : latitude,
      radius,
      alarmId,
    });
    if (problem) return setError(problem);
    setBusy(true);
    try {
      const optional = {
        ...(description.trim() ? { description: description.trim() } : {}),
        ...(radius.trim() ? { radius: Math.round(Number(radius)) } : {}),
      };
      if (alarmId.trim()) {
        const position =
          positionEdited && longitude.trim() && latitude.trim() ? { longitude: Number(longitude), latitude: Number(latitude) } : {};
        await onCreateFromAlarm({
          alarmId: Number(alarmId),
          kind,
          ...(title.trim() ? { title: title.trim() } : {}),
          ...optional,
          ...position,
        });
      } else {
        await onCreate({
          kind,
          level,
          title: title.trim(),
          description: description.trim(),
          longitude: Number(longitude),
          latitude: Number(latitude),
          ...(radius.trim() ? { radius: Math.round(Number(radius)) } : {}),
        });
      }
      setAlarmId('');
      setTitle('');
      setDescription('');
      setError(undefined);
      onClose();
    } catch (failure) {
      setError(errorMessage(failure));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog isOpen={isOpen} onClose={onClose} title={t.createTitle} className="bp6-dark dispatch__create">
      <DialogBody>
        {error ? (
          <Callout intent="danger" icon="error" className="dispatch__dialog-error" role="alert">
            {error}
          </Callout>
        ) : null}
        <div className="dispatch__form-row">
          <FormGroup label={t.createKind} labelFor="dispatch-new-kind">
            <HTMLSelect
              id="dispatch-new-kind"
              fill
              value={kind}
              onChange={(change) => setKind(change.currentTarget.value as EmergencyKind)}
            >
              {EMERGENCY_KINDS.map((option) => (
                <option key={option} value={option}>
                  {EMERGENCY_KIND_LABELS[option]}
                </option>
              ))}
            </HTMLSelect>
          </FormGroup>
          <FormGroup label={t.createLevel} labelFor="dispatch-new-level">
            <HTMLSelect
              id="dispatch-new-level"
              fill
              value={level}
              onChange={(change) => setLevel(change.currentTarget.value as EmergencyLevel)}
            >
              {EMERGENCY_LEVELS.map((option) => (
                <option key={option} value={option}>
                  {EMERGENCY_LEVEL_LABELS[option]}
                </option>
              ))}
            </HTMLSelect>
          </FormGroup>
        </div>
        <FormGroup label={t.createAlarm} labelFor="dispatch-new-alarm" helperText={t.createAlarmHelp}>
          <InputGroup
            id="dispatch-new-alarm"
            inputMode="numeric"
            placeholder={t.createAlarmPlaceholder}
            value={alarmId}
            onChange={(change) => setAlarmId(change.currentTarget.value)}
          />
        </FormGroup>
        <FormGroup label={t.createTitleField} labelFor="dispatch-new-title">
          <InputGroup id="dispatch-new-title" maxLength={100} value={title} onChange={(change) => setTitle(change.currentTarget.value)} />
        </FormGroup>
        <FormGroup label={t.createDescription} labelFor="dispatch-new-description">
          <TextArea
            id="dispatch-new-description"
            fill
            rows={2}
            maxLength={1000}
            value={description}
            onChange={(change) => setDescription(change.currentTarget.value)}
          />
        </FormGroup>
        <div className="dispatch__form-row dispatch__form-row--three">
          <FormGroup label={t.createLongitude} labelFor="dispatch-new-longitude">
            <InputGroup
              id="dispatch-new-longitude"
              inputMode="decimal"
              value={longitude}
              onChange={(change) => {
                setLongitude(change.currentTarget.value);
                setPositionEdited(true);
              }}
            />
          </FormGroup>
          <FormGroup label={t.createLatitude} labelFor="dispatch-new-latitude">
            <InputGroup
              id="dispatch-new-latitude"
              inputMode="decimal"
              value={latitude}
              onChange={(change) => {
                setLatitude(change.currentTarget.value);
                setPositionEdited(true);
              }}
            />
          </FormGroup>
          <FormGroup label={t.createRadius} labelFor="dispatch-new-radius">
            <InputGroup
              id="dispatch-new-radius"
              inputMode="numeric"
              placeholder={String(EMERGENCY_DEFAULT_RADIUS[kind])}
              value={radius}
              onChange={(change) => setRadius(change.currentTarget.value)}
            />
          </FormGroup>
        </div>
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button onClick={onClose}>{t.cancel}</Button>
            <Button intent="primary" icon="warning-sign" loading={busy} onClick={() => void submit()}>
              {t.create}
            </Button>
          </>
        }
      />
    </Dialog>
  );
}
