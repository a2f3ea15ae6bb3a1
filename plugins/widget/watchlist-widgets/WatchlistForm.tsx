import { Button, Checkbox, FileInput, FormGroup, HTMLSelect, InputGroup, TextArea } from '@blueprintjs/core';
import { useState } from 'react';
import { Api, ApiFiles, Notifier, useDictionary, useService, WidgetState, type WidgetComponentProps } from '@ops/sdk';
import {
  errorMessage,
  routes,
  WATCHLIST_API,
  WATCHLIST_EVENTS,
  watchlistEventsOf,
  type WatchlistCoverage,
  type WatchlistEventType,
} from '@ops/contracts';
import { draftBody, emptyDraft, photoProblem, VALID_DAYS, type WatchlistDraft } from './watchlistDraft';
import { kindOf, useAlarmTypeNames } from './watchlistLabels';
import { watchlistStrings as t } from './watchlistStrings';
import './watchlistWidgets.css';

/**
 * `watchlistForm`: a new deployment of the page's kind (option `kind`): name, type (an alarm type of the
 * kind), grade (the alarm_grade dictionary), areas and cameras (the panel's data, GET /watchlist/areas:
 * the tenant's named places and recognition cameras; a camera in a chosen area is covered already),
 * valid days, alarm interval, and plates/patterns or people (name + photo, uploaded as chosen).
 */
export default function WatchlistForm({ data, options, status, error, onRetry, wall }: WidgetComponentProps<WatchlistCoverage>) {
  const kind = kindOf(options);
  const api = useService(Api);
  const files = useService(ApiFiles);
  const notifier = useService(Notifier);
  const grades = useDictionary('alarm_grade');
  const alarmTypeName = useAlarmTypeNames();
  const [draft, setDraft] = useState<WatchlistDraft>(() => emptyDraft(kind));
  const [personName, setPersonName] = useState('');
  const [uploading, setUploading] = useState(false);
  const [sending, setSending] = useState(false);
  const [shown, setShown] = useState(false);
  const cameras = data?.cameras ?? [];
  const areas = data?.areas ?? [];
  const inChosenArea = (area: string) => draft.areas.includes(area);
  const covered = cameras.filter((camera) => draft.deviceIds.includes(camera.deviceId) || inChosenArea(camera.area)).length;
  const checked = draftBody(kind, draft, Date.now());
  const problem = 'problem' in checked ? checked.problem : undefined;
  const patch = (change: Partial<WatchlistDraft>) => setDraft((current) => ({ ...current, ...change }));

  const addPerson = async (file: File | undefined) => {
    if (!file) return;
    const name = personName.trim();
    const refused = !name ? t.problems.personName : photoProblem(file);
    if (refused) return notifier.show('error', refused);
    setUploading(true);
    try {
      const { photoId } = await files.upload<{ photoId: number }>(WATCHLIST_API.photo, {}, file);
      setDraft((current) => ({ ...current, people: [...current.people, { name, photoId, fileName: file.name }] }));
      setPersonName('');
    } catch (failure) {
      notifier.show('error', errorMessage(failure));
    } finally {
      setUploading(false);
    }
  };
  const submit = async () => {
    setShown(true);
    if (!('body' in checked)) return;
    setSending(true);
    try {
      await api.call(routes.watchlists.create, { body: checked.body }, { loading: false, quiet: true });
      notifier.show('success', t.created(checked.body.name));
      setDraft(emptyDraft(kind));
      setShown(false);
    } catch (failure) {
      notifier.show('error', errorMessage(failure));
    } finally {
      setSending(false);
    }
  };

  return (
    <WidgetState status={status} empty={!data} error={error} onRetry={onRetry} wall={wall}>
      <form
        className="watchlist-form"
        aria-label={t.formTitle[kind]}
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <FormGroup label={t.name} labelFor="watchlist-name">
          <InputGroup
            id="watchlist-name"
            value={draft.name}
            maxLength={40}
            placeholder={t.namePlaceholder[kind]}
            onValueChange={(name) => patch({ name })}
          />
        </FormGroup>
        <div className="watchlist-form__row">
          <FormGroup label={t.eventType} labelFor="watchlist-type">
            <HTMLSelect
              id="watchlist-type"
              value={draft.eventType}
              onChange={(event) => patch({ eventType: event.currentTarget.value as WatchlistEventType })}
              options={watchlistEventsOf(kind).map((type) => ({ value: type, label: alarmTypeName(WATCHLIST_EVENTS[type].alarmType) }))}
            />
          </FormGroup>
          <FormGroup label={t.grade} labelFor="watchlist-grade">
            <HTMLSelect
              id="watchlist-grade"
              value={draft.grade}
              onChange={(event) => patch({ grade: event.currentTarget.value })}
              options={[{ value: '', label: t.gradeDefault }, ...grades.options]}
            />
          </FormGroup>
        </div>
        <div className="watchlist-form__row">
          <FormGroup label={t.days} labelFor="watchlist-days">
            <HTMLSelect
              id="watchlist-days"
              value={draft.days}
              onChange={(event) => patch({ days: Number(event.currentTarget.value) })}
              options={VALID_DAYS.map((days) => ({ value: days, label: t.daysOption(days) }))}
            />
          </FormGroup>
          <FormGroup label={t.interval} labelFor="watchlist-interval" helperText={t.intervalHint}>
            <InputGroup
              id="watchlist-interval"
              value={draft.interval}
              inputMode="numeric"
              onValueChange={(interval) => patch({ interval })}
            />
          </FormGroup>
        </div>
        <FormGroup label={`${t.areas}（${t.areasHint(draft.areas.length)}）`} helperText={t.areasHelp}>
          <div className="watchlist-form__cameras" role="group" aria-label={t.areas}>
            {areas.length ? null : <span>{t.noAreas}</span>}
            {areas.map((area) => (
              <Checkbox
                key={area.name}
                label={t.areaOption(area.name, area.cameraCount)}
                checked={inChosenArea(area.name)}
                onChange={(event) => {
                  const on = event.currentTarget.checked;
                  setDraft((current) => ({
                    ...current,
                    areas: on ? [...current.areas, area.name] : current.areas.filter((name) => name !== area.name),
                  }));
                }}
              />
            ))}
          </div>
        </FormGroup>
        <FormGroup label={`${t.cameras}（${t.camerasHint(covered, cameras.length)}）`}>
          <div className="watchlist-form__cameras" role="group" aria-label={t.cameras}>
            {cameras.length ? (
              <Checkbox
                label={t.allCameras}
                checked={draft.deviceIds.length === cameras.length}
                indeterminate={draft.deviceIds.length > 0 && draft.deviceIds.length < cameras.length}
                onChange={(event) => patch({ deviceIds: event.currentTarget.checked ? cameras.map((camera) => camera.deviceId) : [] })}
              />
            ) : (
              <span>{t.noCameras}</span>
            )}
            {cameras.map((camera) => (
              <Checkbox
                key={camera.deviceId}
                label={inChosenArea(camera.area) ? t.inArea(camera.name) : camera.name}
                title={camera.area}
                disabled={inChosenArea(camera.area)}
                checked={draft.deviceIds.includes(camera.deviceId) || inChosenArea(camera.area)}
                onChange={(event) => {
                  const on = event.currentTarget.checked;
                  setDraft((current) => ({
                    ...current,
                    deviceIds: on ? [...current.deviceIds, camera.deviceId] : current.deviceIds.filter((id) => id !== camera.deviceId),
                  }));
                }}
              />
            ))}
          </div>
        </FormGroup>
        {kind === 'vehicle' ? (
          <FormGroup label={t.plates} labelFor="watchlist-plates">
            <TextArea
              id="watchlist-plates"
              fill
              rows={3}
              value={draft.plates}
              placeholder={t.platesPlaceholder}
              onChange={(event) => patch({ plates: event.currentTarget.value })}
            />
          </FormGroup>
        ) : (
          <FormGroup label={t.addPerson}>
            <div className="watchlist-form__row">
              <InputGroup
                aria-label={t.personName}
                placeholder={t.personName}
                value={personName}
                maxLength={32}
                onValueChange={setPersonName}
              />
              <FileInput
                className="watchlist-form__file"
                text={uploading ? t.uploading : t.personPhoto}
                buttonText={t.choosePhoto}
                disabled={uploading}
                inputProps={{
                  accept: 'image/jpeg,image/png',
                  'aria-label': t.personPhoto,
                  onChange: (event) => {
                    void addPerson(event.currentTarget.files?.[0]);
                    event.currentTarget.value = '';
                  },
                }}
              />
            </div>
            <ul className="watchlist-form__people">
              {draft.people.length ? null : <li>{t.noPeople}</li>}
              {draft.people.map((person, index) => (
                <li key={person.photoId}>
                  {person.name}（{person.fileName}）
                  <Button
                    size="small"
                    variant="minimal"
                    onClick={() => setDraft((current) => ({ ...current, people: current.people.filter((_, at) => at !== index) }))}
                  >
                    {t.removePerson}
                  </Button>
                </li>
              ))}
            </ul>
          </FormGroup>
        )}
        {shown && problem ? (
          <p className="watchlist-form__problem" role="alert">
            {problem}
          </p>
        ) : null}
        <Button type="submit" intent="primary" icon="shield" loading={sending} disabled={uploading}>
          {t.submit}
        </Button>
      </form>
    </WidgetState>
  );
}
