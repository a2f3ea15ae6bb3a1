import { useRef, useState } from 'react';
import { Button, Callout, FileInput, HTMLSelect, TextArea } from '@blueprintjs/core';
import {
  CASE_ACTION_LABELS,
  CASE_EVIDENCE_MAX_BYTES,
  CASE_EVIDENCE_TYPES,
  CASE_TEAM_LABELS,
  CASE_TEAMS,
  errorMessage,
  OPEN_CASE_STATUSES,
  type CaseAction,
  type CaseDetail,
  type CaseTeam,
} from '@ops/contracts';
import { fieldCasesStrings as t } from './fieldCasesStrings';

/** What the detail's actions do; each resolves when the server took it (the page reloads). */
export interface CaseActionHandlers {
  onAssign(detail: CaseDetail, team: CaseTeam): Promise<void>;
  onHandle(detail: CaseDetail, note: string): Promise<void>;
  onClose(detail: CaseDetail, note: string): Promise<void>;
  onReject(detail: CaseDetail, reason: string): Promise<void>;
  onUpload(detail: CaseDetail, file: File): Promise<void>;
}

const NOTE_LABELS: Record<Exclude<CaseAction, 'assign'>, string> = { handle: t.handleNote, close: t.closeNote, reject: t.rejectReason };
const INTENTS: Record<CaseAction, 'primary' | 'success' | 'danger' | 'none'> = {
  assign: 'primary',
  handle: 'primary',
  close: 'success',
  reject: 'danger',
};

/**
 * The actions the case's status allows (from the server's `actions`: the others are not shown), each
 * confirmed in a small inline form (a team for 派遣, a note for the others), and the evidence upload of
 * an open case. A refusal is shown beside them.
 */
export function CaseActionsBar({ detail, ...handlers }: { detail: CaseDetail } & CaseActionHandlers) {
  const [open, setOpen] = useState<CaseAction | null>(null);
  const [team, setTeam] = useState<CaseTeam>('A');
  const [note, setNote] = useState('');
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | undefined>();
  const fileInput = useRef<HTMLInputElement | null>(null);
  const run = async (action: () => Promise<void>) => {
    setBusy(true);
    setProblem(undefined);
    try {
      await action();
      setOpen(null);
      setNote('');
    } catch (error) {
      setProblem(errorMessage(error));
    } finally {
      setBusy(false);
    }
  };
  const confirm = () => {
    if (!open) return;
    if (open === 'assign') return void run(() => handlers.onAssign(detail, team));
    if (!note.trim()) return setProblem(t.noteRequired);
    const text = note.trim();
    if (open === 'handle') return void run(() => handlers.onHandle(detail, text));
    if (open === 'close') return void run(() => handlers.onClose(detail, text));
    return void run(() => handlers.onReject(detail, text));
  };
  const upload = (file: File | undefined) => {
    if (!file) return;
    if (file.size > CASE_EVIDENCE_MAX_BYTES) return setProblem(t.evidenceTooLarge);
    if (!(CASE_EVIDENCE_TYPES as readonly string[]).includes(file.type)) return setProblem(t.evidenceWrongType);
    void run(() => handlers.onUpload(detail, file));
  };
  const canUpload = OPEN_CASE_STATUSES.includes(detail.status);
  if (!detail.actions.length && !canUpload) return <p className="field-cases__muted">{t.noActions}</p>;
  return (
    <div className="field-cases__actions" role="group" aria-label={t.actions}>
      {open ? (
        <form
          className="field-cases__action-form"
          aria-label={CASE_ACTION_LABELS[open]}
          onSubmit={(event) => {
            event.preventDefault();
            confirm();
          }}
        >
          {open === 'assign' ? (
            <HTMLSelect
              aria-label={t.chooseTeam}
              value={team}
              onChange={(event) => setTeam(CASE_TEAMS.find((value) => value === event.currentTarget.value) ?? 'A')}
              options={CASE_TEAMS.map((value) => ({ value, label: CASE_TEAM_LABELS[value] }))}
            />
          ) : (
            <TextArea
              aria-label={NOTE_LABELS[open]}
              placeholder={NOTE_LABELS[open]}
              value={note}
              maxLength={500}
              fill
              onChange={(event) => setNote(event.currentTarget.value)}
            />
          )}
          <div className="field-cases__action-buttons">
            <Button type="submit" size="small" intent={INTENTS[open]} text={`${t.confirm}${CASE_ACTION_LABELS[open]}`} loading={busy} />
            <Button size="small" variant="minimal" text={t.cancel} onClick={() => setOpen(null)} />
          </div>
        </form>
      ) : (
        <div className="field-cases__action-buttons">
          {detail.actions.map((action) => (
            <Button
              key={action}
              size="small"
              intent={INTENTS[action]}
              text={CASE_ACTION_LABELS[action]}
              onClick={() => {
                setProblem(undefined);
                setNote('');
                setOpen(action);
              }}
            />
          ))}
          {canUpload ? (
            <FileInput
              small
              text={t.uploadEvidence}
              buttonText="…"
              disabled={busy}
              inputProps={{
                accept: CASE_EVIDENCE_TYPES.join(','),
                'aria-label': t.uploadEvidence,
                ref: fileInput,
                onChange: (event) => {
                  upload(event.currentTarget.files?.[0]);
                  event.currentTarget.value = '';
                },
              }}
            />
          ) : null}
        </div>
      )}
      {problem ? (
        <Callout compact intent="danger" role="alert">
          {problem}
        </Callout>
      ) : null}
    </div>
  );
}
