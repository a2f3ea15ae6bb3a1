import { Button, FormGroup, HTMLSelect, InputGroup } from '@blueprintjs/core';
import { DateRangeField, PanelBox } from '@ops/sdk';
import { PLATE_TEXT_MAX_LENGTH, type RecognitionCamera, type RecognitionKind } from '@ops/contracts';
import { dataRetrievalStrings as t } from './dataRetrievalStrings';
import { KIND_ATTRIBUTES, type AttributeField, type RecognitionDictionaries, type SearchDraft } from './recognitionSearch';

export interface SearchFormProps {
  draft: SearchDraft;
  onDraft(draft: SearchDraft): void;
  onSubmit(): void;
  onReset(): void;
  onExport(): void;
  exporting: boolean;
  /** The draft's problem (Chinese), shown under the form; 查询 and 导出 wait for it to be fixed. */
  problem?: string;
  cameras: readonly RecognitionCamera[];
  dictionaries: RecognitionDictionaries;
}

/** 检索条件: days, camera, kind and the kind's attributes (options from the dictionaries), plate text; 查询, 重置, 导出 CSV. */
export function SearchForm({ draft, onDraft, onSubmit, onReset, onExport, exporting, problem, cameras, dictionaries }: SearchFormProps) {
  const attributeFields: readonly AttributeField[] = draft.kind ? KIND_ATTRIBUTES[draft.kind] : [];
  const plateShown = draft.kind === undefined || draft.kind === 'vehicle';
  const setAttribute = (field: AttributeField, value: string) =>
    onDraft({ ...draft, attributes: { ...draft.attributes, [field]: value || undefined } });
  return (
    <PanelBox
      title={t.search}
      className="data-retrieval__search"
      actions={
        <Button icon="download" size="small" loading={exporting} disabled={Boolean(problem)} onClick={onExport} title={t.exportLimit}>
          {t.exportCsv}
        </Button>
      }
    >
      <form
        className="data-retrieval__form"
        aria-label={t.search}
        onSubmit={(event) => {
          event.preventDefault();
          onSubmit();
        }}
      >
        <FormGroup label={t.timeRange} className="data-retrieval__field data-retrieval__field--range">
          <DateRangeField
            label={t.timeRange}
            beginLabel={t.beginDate}
            endLabel={t.endDate}
            value={{ begin: draft.begin, end: draft.end }}
            onChange={(range) => onDraft({ ...draft, begin: range.begin, end: range.end })}
          />
        </FormGroup>
        <FormGroup label={t.camera} className="data-retrieval__field">
          <HTMLSelect
            aria-label={t.camera}
            value={draft.deviceId ?? ''}
            onChange={(event) => onDraft({ ...draft, deviceId: event.currentTarget.value ? Number(event.currentTarget.value) : undefined })}
            options={[{ value: '', label: t.allCameras }, ...cameras.map((camera) => ({ value: camera.deviceId, label: camera.name }))]}
          />
        </FormGroup>
        <FormGroup label={t.kind} className="data-retrieval__field">
          <HTMLSelect
            aria-label={t.kind}
            value={draft.kind ?? ''}
            onChange={(event) =>
              onDraft({ ...draft, kind: (event.currentTarget.value || undefined) as RecognitionKind | undefined, attributes: {} })
            }
            options={[{ value: '', label: t.allKinds }, ...dictionaries.kind.options]}
          />
        </FormGroup>
        {attributeFields.map((field) => (
          <FormGroup key={field} label={t.fields[field]} className="data-retrieval__field">
            <HTMLSelect
              aria-label={t.fields[field]}
              value={draft.attributes[field] ?? ''}
              onChange={(event) => setAttribute(field, event.currentTarget.value)}
              options={[{ value: '', label: t.all(t.fields[field]) }, ...dictionaries[field].options]}
            />
          </FormGroup>
        ))}
        {plateShown ? (
          <FormGroup label={t.plate} className="data-retrieval__field data-retrieval__field--plate">
            <InputGroup
              type="search"
              leftIcon="drive-time"
              aria-label={t.plate}
              placeholder={t.platePlaceholder}
              value={draft.plate}
              maxLength={PLATE_TEXT_MAX_LENGTH + 2}
              onChange={(event) => onDraft({ ...draft, plate: event.currentTarget.value })}
            />
          </FormGroup>
        ) : null}
        <div className="data-retrieval__buttons">
          <Button type="submit" intent="primary" icon="search" disabled={Boolean(problem)}>
            {t.submit}
          </Button>
          <Button variant="minimal" icon="reset" onClick={onReset}>
            {t.reset}
          </Button>
        </div>
      </form>
      {problem ? (
        <p className="data-retrieval__problem" role="alert">
          {problem}
        </p>
      ) : null}
    </PanelBox>
  );
}
