import { useCallback, useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { Api, ApiFiles, formatDate, Notifier, useLoaded, useService } from '@ops/sdk';
import {
  errorMessage,
  recognitionSnapshotPath,
  routes,
  type RecognitionCamera,
  type RecognitionQuery,
  type RecognitionRecord,
} from '@ops/contracts';
import { dataRetrievalStrings as t } from './dataRetrievalStrings';
import { draftQuery, focusedDraft, initialDraft, queryString, type SearchDraft } from './recognitionSearch';
import { RecordTable } from './RecordTable';
import { SearchForm } from './SearchForm';
import { SnapshotPreview } from './SnapshotPreview';
import { useRecognitionDictionaries } from './useRecognitionDictionaries';
import './DataRetrieval.css';

const PAGE_SIZE = 20;
const reading = { loading: false, quiet: true };

/** 数据检索: the search form, one page of the AI cameras' recognition records, the selected record's snapshot, and the CSV export. */
export default function DataRetrievalPage() {
  const api = useService(Api);
  const files = useService(ApiFiles);
  const notifier = useService(Notifier);
  const dictionaries = useRecognitionDictionaries();

  const [params] = useSearchParams();
  // A link to one record (a watchlist hit) opens on it: its camera at its instant, the record selected.
  const focus = useMemo(() => focusedDraft(params), [params]);
  const [draft, setDraft] = useState<SearchDraft>(() => focus?.draft ?? initialDraft(Date.now()));
  const checked = useMemo(() => draftQuery(draft), [draft]);
  const problem = 'problem' in checked ? checked.problem : undefined;
  // The search shown: the draft as it was at the last 查询 (the week up to today at first, or the linked record's instant).
  const [search, setSearch] = useState<{ query: RecognitionQuery; pageNum: number } | undefined>(() => {
    const first = draftQuery(focus?.draft ?? initialDraft(Date.now()));
    return 'query' in first ? { query: first.query, pageNum: 1 } : undefined;
  });
  useEffect(() => {
    if (!focus) return;
    setDraft(focus.draft);
    const first = draftQuery(focus.draft);
    if ('query' in first) setSearch({ query: first.query, pageNum: 1 });
  }, [focus]);
  const readPage = useCallback(async () => {
    if (!search) return { rows: [], total: 0 };
    const reply = await api.call(
      routes.recognition.list,
      { query: { ...search.query, pageNum: search.pageNum, pageSize: PAGE_SIZE } },
      reading,
    );
    return { rows: reply.rows, total: reply.total, totalCapped: reply.totalCapped ?? false };
  }, [api, search]);
  const [page, reloadPage] = useLoaded(readPage);
  const [selected, setSelected] = useState<RecognitionRecord | undefined>();
  const [cameras, setCameras] = useState<RecognitionCamera[]>([]);
  const [exporting, setExporting] = useState(false);

  useEffect(() => {
    api.call(routes.recognition.cameras, undefined, reading).then(
      (reply) => setCameras(reply.data),
      () => setCameras([]),
    );
  }, [api]);
  // A new page: select its first record unless the selected one is on it.
  useEffect(() => {
    const rows = page.data?.rows ?? [];
    const linked = focus && rows.find((row) => row.recordId === focus.recordId);
    setSelected((current) => linked ?? (current && rows.some((row) => row.recordId === current.recordId) ? current : rows[0]));
  }, [page.data, focus]);

  const submit = () => {
    if ('query' in checked) setSearch({ query: checked.query, pageNum: 1 });
  };
  const reset = () => {
    const fresh = initialDraft(Date.now());
    setDraft(fresh);
    const first = draftQuery(fresh);
    if ('query' in first) setSearch({ query: first.query, pageNum: 1 });
  };
  const loadSnapshot = useCallback((recordId: number) => files.download(recognitionSnapshotPath(recordId)), [files]);
  const exportCsv = async () => {
    if (!('query' in checked)) return;
    setExporting(true);
    try {
      const blob = await files.download(`${routes.recognition.export.path}?${queryString(checked.query)}`);
      const link = document.createElement('a');
      link.href = URL.createObjectURL(blob);
      link.download = t.exportName(formatDate(checked.query.beginTime), formatDate(checked.query.endTime));
      document.body.append(link);
      link.click();
      link.remove();
      setTimeout(() => URL.revokeObjectURL(link.href), 60_000);
      notifier.show('success', t.exported);
    } catch (error) {
      notifier.show('error', errorMessage(error));
    } finally {
      setExporting(false);
    }
  };

  return (
    <div className="data-retrieval">
      <SearchForm
        draft={draft}
        onDraft={setDraft}
        onSubmit={submit}
        onReset={reset}
        onExport={() => void exportCsv()}
        exporting={exporting}
        problem={problem}
        cameras={cameras}
        dictionaries={dictionaries}
      />
      <div className="data-retrieval__main">
        <RecordTable
          page={page.data}
          status={page.status}
          error={page.error}
          onRetry={() => void reloadPage()}
          pageNum={search?.pageNum ?? 1}
          pageSize={PAGE_SIZE}
          onPage={(pageNum) => setSearch((current) => (current ? { ...current, pageNum } : current))}
          activeId={selected?.recordId}
          onOpen={setSelected}
          dictionaries={dictionaries}
        />
        <SnapshotPreview record={selected} loadSnapshot={loadSnapshot} dictionaries={dictionaries} />
      </div>
    </div>
  );
}
