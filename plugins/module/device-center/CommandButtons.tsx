import {
  Alert,
  Button,
  Dialog,
  DialogBody,
  DialogFooter,
  FormGroup,
  HTMLSelect,
  InputGroup,
  Intent,
  NumericInput,
} from '@blueprintjs/core';
import { useState } from 'react';
import type { DeviceCommand } from '@ops/sdk';
import { deviceCenterStrings as t } from './deviceCenterStrings';
import './CommandButtons.css';

interface ParamSchema {
  type?: string;
  title?: string;
  description?: string;
  enum?: string[];
  minimum?: number;
  maximum?: number;
  maxLength?: number;
}

export interface CommandButtonsProps {
  commands: readonly DeviceCommand[];
  disabled?: boolean;
  /** What the buttons act on, for the accessible names (e.g. a device or group name). */
  targetLabel: string;
  onSend(command: DeviceCommand, params: Record<string, unknown>): Promise<void>;
}

function defaultsOf(command: DeviceCommand): Record<string, unknown> {
  const properties = ((command.params as { properties?: Record<string, ParamSchema> } | undefined)?.properties ?? {}) as Record<
    string,
    ParamSchema
  >;
  return Object.fromEntries(
    Object.entries(properties).map(([key, schema]) => [
      key,
      schema.enum?.[0] ?? (schema.type === 'integer' || schema.type === 'number' ? (schema.minimum ?? 0) : ''),
    ]),
  );
}

/** One button per declared command; a command with parameters opens a form built from its schema. */
export function CommandButtons({ commands, disabled, targetLabel, onSend }: CommandButtonsProps) {
  const [pending, setPending] = useState<DeviceCommand | null>(null);
  const [confirming, setConfirming] = useState<DeviceCommand | null>(null);
  const [values, setValues] = useState<Record<string, unknown>>({});
  const [busy, setBusy] = useState<number | null>(null);

  const send = async (command: DeviceCommand, params: Record<string, unknown>) => {
    setBusy(command.command);
    try {
      await onSend(command, params);
    } catch {
      // The HTTP client has shown the server's message.
    } finally {
      setBusy(null);
    }
  };

  const start = (command: DeviceCommand) => {
    if (command.params) {
      setValues(defaultsOf(command));
      setPending(command);
    } else if (command.confirm) setConfirming(command);
    else void send(command, {});
  };

  const properties = ((pending?.params as { properties?: Record<string, ParamSchema> } | undefined)?.properties ?? {}) as Record<
    string,
    ParamSchema
  >;

  return (
    <div className="command-buttons">
      {commands.map((command) => (
        <Button
          key={command.command}
          disabled={disabled}
          loading={busy === command.command}
          onClick={() => start(command)}
          aria-label={`${command.label}（${targetLabel}）`}
        >
          {command.label}
        </Button>
      ))}
      <Alert
        isOpen={confirming !== null}
        intent={Intent.WARNING}
        confirmButtonText={t.confirm}
        cancelButtonText={t.cancel}
        onCancel={() => setConfirming(null)}
        onConfirm={() => {
          const command = confirming;
          setConfirming(null);
          if (command) void send(command, {});
        }}
      >
        <p>{confirming?.confirm}</p>
        <p>{targetLabel}</p>
      </Alert>
      <Dialog
        isOpen={pending !== null}
        title={pending ? t.commandParams(pending.label) : ''}
        onClose={() => setPending(null)}
        className="bp6-dark"
      >
        <form
          onSubmit={(event) => {
            event.preventDefault();
            const command = pending;
            setPending(null);
            if (command) void send(command, values);
          }}
        >
          <DialogBody>
            {Object.entries(properties).map(([key, schema]) => {
              const label = `${schema.title ?? key}${schema.description ? `（${schema.description}）` : ''}`;
              const id = `command-param-${key}`;
              return (
                <FormGroup key={key} label={label} labelFor={id}>
                  {schema.enum ? (
                    <HTMLSelect
                      id={id}
                      value={String(values[key] ?? '')}
                      options={schema.enum}
                      onChange={(event) => setValues({ ...values, [key]: event.currentTarget.value })}
                    />
                  ) : schema.type === 'integer' || schema.type === 'number' ? (
                    <NumericInput
                      id={id}
                      min={schema.minimum}
                      max={schema.maximum}
                      value={Number(values[key] ?? 0)}
                      clampValueOnBlur
                      onValueChange={(value) => setValues({ ...values, [key]: Number.isFinite(value) ? value : 0 })}
                    />
                  ) : (
                    <InputGroup
                      id={id}
                      maxLength={schema.maxLength}
                      value={String(values[key] ?? '')}
                      onValueChange={(value) => setValues({ ...values, [key]: value })}
                    />
                  )}
                </FormGroup>
              );
            })}
          </DialogBody>
          <DialogFooter
            actions={
              <>
                <Button onClick={() => setPending(null)}>{t.cancel}</Button>
                <Button type="submit" intent={Intent.PRIMARY}>
                  {t.send}
                </Button>
              </>
            }
          />
        </form>
      </Dialog>
    </div>
  );
}
