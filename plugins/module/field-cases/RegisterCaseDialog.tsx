import { useEffect, useRef, useState } from 'react';
import { Button, Callout, Dialog, DialogBody, DialogFooter, FormGroup, HTMLSelect, InputGroup, TextArea } from '@blueprintjs/core';
import { CASE_KIND_LABELS, errorMessage, type CaseKind, type CasePlace, type RegisterCaseBody } from '@ops/contracts';
import { fieldCasesStrings as t } from './fieldCasesStrings';

export interface RegisterCaseDialogProps {
  isOpen: boolean;
  kinds: readonly CaseKind[];
  places: readonly CasePlace[];
  /** The next point clicked on the map, or null (no globe, or cancelled through the signal). */
  pickPoint(signal: AbortSignal): Promise<{ longitude: number; latitude: number } | null>;
  onSubmit(body: RegisterCaseBody): Promise<void>;
  onClose(): void;
}

const PHONE = /^1[3-9]\d{9}$/;
type Place = { kind: 'area'; name: string } | { kind: 'point'; longitude: number; latitude: number } | null;

/** 登记案件: kind, title, description, the place (one of the tenant's areas or a point picked on the map) and the reporter. */
export function RegisterCaseDialog({ isOpen, kinds, places, pickPoint, onSubmit, onClose }: RegisterCaseDialogProps) {
  const [kind, setKind] = useState<CaseKind>(kinds[0]!);
  const [title, setTitle] = useState('');
  const [description, setDescription] = useState('');
  const [place, setPlace] = useState<Place>(null);
  const [reporterName, setReporterName] = useState('');
  const [reporterPhone, setReporterPhone] = useState('');
  const [picking, setPicking] = useState(false);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | undefined>();
  const pick = useRef<AbortController | null>(null);
  useEffect(() => () => pick.current?.abort(), []);
  const reset = () => {
    setKind(kinds[0]!);
    setTitle('');
    setDescription('');
    setPlace(null);
    setReporterName('');
    setReporterPhone('');
    setProblem(undefined);
  };
  const startPick = () => {
    pick.current?.abort();
    const controller = new AbortController();
    pick.current = controller;
    setPicking(true);
    void pickPoint(controller.signal).then((point) => {
      if (controller.signal.aborted && !point) return;
      setPicking(false);
      if (point) setPlace({ kind: 'point', ...point });
    });
  };
  const cancelPick = () => {
    pick.current?.abort();
    setPicking(false);
  };
  const submit = async () => {
    if (!title.trim()) return setProblem(t.titleRequired);
    const area = place?.kind === 'area' ? places.find((candidate) => candidate.name === place.name) : undefined;
    const position = place?.kind === 'point' ? place : area;
    if (!position) return setProblem(t.placeRequired);
    if (reporterPhone.trim() && !PHONE.test(reporterPhone.trim())) return setProblem(t.phoneInvalid);
    setBusy(true);
    setProblem(undefined);
    try {
      await onSubmit({
        kind,
        title: title.trim(),
        longitude: position.longitude,
        latitude: position.latitude,
        ...(description.trim() ? { description: description.trim() } : {}),
        ...(reporterName.trim() ? { reporterName: reporterName.trim() } : {}),
        ...(reporterPhone.trim() ? { reporterPhone: reporterPhone.trim() } : {}),
      });
      reset();
    } catch (error) {
      setProblem(errorMessage(error));
    } finally {
      setBusy(false);
    }
  };
  if (picking)
    return (
      <Callout className="field-cases__picking" intent="primary" role="status">
        {t.pickingOnMap}
        <Button size="small" variant="minimal" text={t.cancel} onClick={cancelPick} />
      </Callout>
    );
  return (
    <Dialog isOpen={isOpen} title={t.form} onClose={onClose} className="bp6-dark field-cases__dialog">
      <form
        aria-label={t.form}
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <DialogBody>
          <FormGroup label={t.formKind} labelFor="case-kind">
            <HTMLSelect
              id="case-kind"
              fill
              value={kind}
              onChange={(event) => setKind(kinds.find((value) => value === event.currentTarget.value) ?? kinds[0]!)}
              options={kinds.map((value) => ({ value, label: CASE_KIND_LABELS[value] }))}
            />
          </FormGroup>
          <FormGroup label={t.formTitle} labelFor="case-title">
            <InputGroup id="case-title" value={title} maxLength={100} onValueChange={setTitle} />
          </FormGroup>
          <FormGroup label={t.formDescription} labelFor="case-description">
            <TextArea
              id="case-description"
              fill
              value={description}
              maxLength={1000}
              onChange={(event) => setDescription(event.currentTarget.value)}
            />
          </FormGroup>
          <FormGroup
            label={t.formPlace}
            labelFor="case-place"
            helperText={place?.kind === 'point' ? t.pickedPoint(place.longitude, place.latitude) : t.formPlaceHint}
          >
            <div className="field-cases__place">
              <HTMLSelect
                id="case-place"
                fill
                value={place?.kind === 'area' ? place.name : ''}
                onChange={(event) => setPlace(event.currentTarget.value ? { kind: 'area', name: event.currentTarget.value } : null)}
                options={[
                  { value: '', label: place?.kind === 'point' ? t.pickOnMap : t.formPlaceHint },
                  ...places.map((item) => ({ value: item.name, label: item.name })),
                ]}
              />
              <Button icon="map-marker" text={t.pickOnMap} onClick={startPick} />
            </div>
          </FormGroup>
          <FormGroup label={t.formReporterName} labelFor="case-reporter">
            <InputGroup id="case-reporter" value={reporterName} maxLength={32} onValueChange={setReporterName} />
          </FormGroup>
          <FormGroup label={t.formReporterPhone} labelFor="case-phone">
            <InputGroup id="case-phone" value={reporterPhone} maxLength={11} onValueChange={setReporterPhone} />
          </FormGroup>
          {problem ? (
            <Callout compact intent="danger" role="alert">
              {problem}
            </Callout>
          ) : null}
        </DialogBody>
        <DialogFooter
          actions={
            <>
              <Button text={t.cancel} onClick={onClose} />
              <Button type="submit" intent="primary" text={t.submit} loading={busy} />
            </>
          }
        />
      </form>
    </Dialog>
  );
}
