import { Button, ButtonGroup, Callout, FileInput, FormGroup, HTMLSelect, Tag, TextArea } from '@blueprintjs/core';
import { useState } from 'react';
import {
  WORK_ORDER_ACTIONS,
  WORK_ORDER_TRANSITIONS,
  type WorkOrderAction,
  type WorkOrderAssignees,
  type WorkOrderDetail,
  type WorkOrderPhoto,
} from '@ops/contracts';
import type { ActionInput } from './workOrderApi';
import { checkPhotoFile, PHOTOS_PER_NOTE, validateActionText } from './validateWorkOrder';
import { workOrderStrings as t } from './workOrderStrings';
import { errorMessage } from '@ops/contracts';

export interface WorkOrderActionsProps {
  order: Pick<WorkOrderDetail, 'orderId' | 'status' | 'assigneeUserId' | 'assigneeTeamId'>;
  assignees: WorkOrderAssignees;
  /** Sends the action; rejects with the server's message when it refuses. */
  onAction(action: WorkOrderAction, input: ActionInput): Promise<void>;
  /** Uploads a photo to the order (progress and closing attach them). */
  onUpload(file: File): Promise<WorkOrderPhoto>;
}

/** The order's actions allowed in its current status (WORK_ORDER_TRANSITIONS), each with its form. */
export function allowedActions(status: WorkOrderDetail['status']): WorkOrderAction[] {
  return WORK_ORDER_ACTIONS.filter((action) => WORK_ORDER_TRANSITIONS[action].from.includes(status));
}

const ACTION_INTENT: Record<WorkOrderAction, 'primary' | 'success' | 'warning' | 'danger' | 'none'> = {
  assign: 'primary',
  accept: 'primary',
  progress: 'none',
  close: 'success',
  reopen: 'warning',
  cancel: 'danger',
};
const TEXT_LABEL: Record<WorkOrderAction, string> = {
  assign: t.note,
  accept: t.note,
  progress: t.progressNote,
  close: t.result,
  reopen: t.reopenReason,
  cancel: t.cancelReason,
};
const takesPhotos = (action: WorkOrderAction) => action === 'progress' || action === 'close';
const buttonLabel = (action: WorkOrderAction, status: WorkOrderDetail['status']) =>
  action === 'assign' && status === 'ASSIGNED' ? t.reassign : action === 'cancel' ? t.cancel : t[action];

/** A photo chosen for the note: its file, and its id once uploaded (a retry does not upload it again). */
interface ChosenPhoto {
  file: File;
  photoId?: number;
}

export function WorkOrderActions({ order, assignees, onAction, onUpload }: WorkOrderActionsProps) {
  const actions = allowedActions(order.status);
  const [action, setAction] = useState<WorkOrderAction | undefined>();
  const [text, setText] = useState('');
  const [target, setTarget] = useState('');
  const [photos, setPhotos] = useState<ChosenPhoto[]>([]);
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const current = action && actions.includes(action) ? action : undefined;

  const choose = (next: WorkOrderAction) => {
    setAction(next === current ? undefined : next);
    setText('');
    setPhotos([]);
    setError(undefined);
    setTarget('');
  };
  const addPhotos = (files: FileList | null) => {
    const chosen = [...photos, ...Array.from(files ?? []).map((file) => ({ file }))];
    const wrong = chosen.map((photo) => checkPhotoFile(photo.file)).find(Boolean);
    if (wrong) return setError(wrong);
    if (chosen.length > PHOTOS_PER_NOTE) return setError(t.tooManyPhotos);
    setError(undefined);
    setPhotos(chosen);
  };

  const submit = async () => {
    if (!current) return;
    const invalid = validateActionText(current, text) ?? (current === 'assign' && !target ? t.chooseAssignee : undefined);
    if (invalid) return setError(invalid);
    setBusy(true);
    setError(undefined);
    try {
      const input: ActionInput = {};
      const note = text.trim();
      if (current === 'assign') {
        const [kind, id] = target.split(':');
        if (kind === 'user') input.userId = Number(id);
        else input.teamId = Number(id);
      }
      if (current === 'close') input.result = note;
      else if (note) input.note = note;
      if (takesPhotos(current) && photos.length) {
        const uploaded: ChosenPhoto[] = [];
        for (const photo of photos) uploaded.push(photo.photoId ? photo : { ...photo, photoId: (await onUpload(photo.file)).photoId });
        setPhotos(uploaded);
        input.photoIds = uploaded.map((photo) => photo.photoId!);
      }
      await onAction(current, input);
      setAction(undefined);
      setText('');
      setPhotos([]);
    } catch (refused) {
      setError(errorMessage(refused));
    } finally {
      setBusy(false);
    }
  };

  if (actions.length === 0) {
    return (
      <div className="work-order__actions">
        {error ? (
          <Callout intent="danger" role="alert" className="work-order__refusal">
            {error}
          </Callout>
        ) : null}
        <p className="work-order__muted">{t.noActions}</p>
      </div>
    );
  }
  return (
    <div className="work-order__actions">
      <ButtonGroup aria-label={t.actions} className="work-order__action-buttons">
        {actions.map((name) => (
          <Button
            key={name}
            intent={ACTION_INTENT[name]}
            variant={current === name ? 'solid' : 'outlined'}
            active={current === name}
            disabled={busy}
            onClick={() => (name === 'accept' ? void runAccept() : choose(name))}
          >
            {buttonLabel(name, order.status)}
          </Button>
        ))}
      </ButtonGroup>
      {current ? (
        <form
          className="work-order__action-form"
          aria-label={buttonLabel(current, order.status)}
          onSubmit={(event) => {
            event.preventDefault();
            void submit();
          }}
        >
          {current === 'assign' ? (
            <FormGroup label={t.assignTo} labelFor="work-order-assignee">
              <HTMLSelect id="work-order-assignee" fill value={target} onChange={(event) => setTarget(event.currentTarget.value)}>
                <option value="">{t.chooseAssignee}</option>
                <optgroup label={t.teams}>
                  {assignees.teams.map((team) => (
                    <option key={team.teamId} value={`team:${team.teamId}`} disabled={team.teamId === order.assigneeTeamId}>
                      {team.name}
                      {team.duty ? `（${team.duty}）` : ''}
                    </option>
                  ))}
                </optgroup>
                <optgroup label={t.people}>
                  {assignees.users.map((user) => (
                    <option key={user.userId} value={`user:${user.userId}`} disabled={user.userId === order.assigneeUserId}>
                      {user.nickName}
                    </option>
                  ))}
                </optgroup>
              </HTMLSelect>
            </FormGroup>
          ) : null}
          <FormGroup label={TEXT_LABEL[current]} labelFor="work-order-action-text">
            <TextArea
              id="work-order-action-text"
              fill
              autoResize
              maxLength={current === 'close' ? 1000 : 500}
              placeholder={current === 'progress' ? t.progressPlaceholder : current === 'close' ? t.resultPlaceholder : undefined}
              value={text}
              onChange={(event) => setText(event.currentTarget.value)}
            />
          </FormGroup>
          {takesPhotos(current) ? (
            <FormGroup label={t.attachPhotos} labelFor="work-order-photo-input">
              <FileInput
                fill
                text={t.photosToAttach(photos.length)}
                buttonText={t.attachPhotos}
                inputProps={{
                  id: 'work-order-photo-input',
                  accept: 'image/jpeg,image/png,image/webp',
                  multiple: true,
                  'aria-label': t.attachPhotos,
                }}
                onInputChange={(event) => addPhotos((event.currentTarget as HTMLInputElement).files)}
              />
              {photos.length ? (
                <div className="work-order__chosen">
                  {photos.map((photo, index) => (
                    <Tag key={`${photo.file.name}-${index}`} minimal icon={photo.photoId ? 'tick' : 'media'}>
                      {photo.file.name}
                      <Button
                        size="small"
                        variant="minimal"
                        icon="cross"
                        aria-label={t.removePhoto(photo.file.name)}
                        onClick={() => setPhotos(photos.filter((_, other) => other !== index))}
                      />
                    </Tag>
                  ))}
                </div>
              ) : null}
            </FormGroup>
          ) : null}
          {error ? (
            <Callout intent="danger" role="alert" className="work-order__refusal">
              {error}
            </Callout>
          ) : null}
          <Button type="submit" intent={ACTION_INTENT[current] === 'none' ? 'primary' : ACTION_INTENT[current]} loading={busy}>
            {t.submit}
            {buttonLabel(current, order.status)}
          </Button>
        </form>
      ) : error ? (
        <Callout intent="danger" role="alert" className="work-order__refusal">
          {error}
        </Callout>
      ) : null}
    </div>
  );

  async function runAccept() {
    setAction(undefined);
    setBusy(true);
    setError(undefined);
    try {
      await onAction('accept', {});
    } catch (refused) {
      setError(errorMessage(refused));
    } finally {
      setBusy(false);
    }
  }
}
