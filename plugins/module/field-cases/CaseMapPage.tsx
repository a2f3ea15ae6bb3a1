import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { Api, ApiFiles, EventBus, Notifier, subscribePush, useService } from '@ops/sdk';
import { caseChangedPushTopic, type CaseDetail, type CaseStatus } from '@ops/contracts';
import { CaseDetailPanel } from './CaseDetailPanel';
import { CaseFiguresColumn } from './CaseFiguresColumn';
import { caseEffects } from './caseEffects';
import { flyToPlace, pickPointOnMap } from './caseGlobeLayer';
import { CASE_PAGES, DEFAULT_CASE_PAGE, kindsOf, positiveInteger, STATUS_LEGEND } from './caseGroups';
import { CaseListPanel } from './CaseListPanel';
import { createFieldCasesApi } from './fieldCasesApi';
import { fieldCasesStrings as t } from './fieldCasesStrings';
import { RegisterCaseDialog } from './RegisterCaseDialog';
import { useLoadable } from '@ops/sdk';
import { useMapEffects } from '@ops/sdk';
import './FieldCases.css';

const PAGE_SIZE = 10;

/** 综合执法's case pages (投诉建议, 其他事件, 绿化环境, 违停); each child keeps its own state. */
export default function CaseMapPage({ childName }: { moduleName?: string; childName?: string }) {
  const page = childName && CASE_PAGES[childName] ? childName : DEFAULT_CASE_PAGE;
  return <CaseView key={page} page={page} />;
}

function CaseView({ page }: { page: string }) {
  const { group, name } = CASE_PAGES[page]!;
  const caller = useService(Api);
  const files = useService(ApiFiles);
  const bus = useService(EventBus);
  const notifier = useService(Notifier);
  const api = useMemo(() => createFieldCasesApi(caller, files), [caller, files]);
  const [params, setParams] = useSearchParams();
  const linkedCase = positiveInteger(params.get('caseId'));
  const linkedAlarm = positiveInteger(params.get('alarmId'));
  const [pageNum, setPageNum] = useState(1);
  const [status, setStatus] = useState<CaseStatus | ''>('');
  const [keyword, setKeyword] = useState('');
  const [registering, setRegistering] = useState(false);

  const listKey = `${group}|${pageNum}|${status}|${keyword.trim()}`;
  const [cases, reloadCases] = useLoadable(
    () =>
      api.list({
        group,
        pageNum,
        pageSize: PAGE_SIZE,
        ...(status ? { status } : {}),
        ...(keyword.trim() ? { keyword: keyword.trim() } : {}),
      }),
    listKey,
  );
  const [stats, reloadStats] = useLoadable(() => api.stats(group), group);
  const [mapCases, reloadMap] = useLoadable(() => api.onMap(group), group);
  const [places] = useLoadable(() => api.places(), 'places');

  // ?alarmId= (an alarm toast): the case the alarm was raised for.
  const [alarmCase, setAlarmCase] = useState<{ alarmId: number; caseId: number | null; looking: boolean } | null>(null);
  useEffect(() => {
    if (!linkedAlarm || linkedCase) return setAlarmCase(null);
    let live = true;
    setAlarmCase({ alarmId: linkedAlarm, caseId: null, looking: true });
    api.byAlarm(linkedAlarm).then(
      (found) => live && setAlarmCase({ alarmId: linkedAlarm, caseId: found.caseId, looking: false }),
      () => live && setAlarmCase({ alarmId: linkedAlarm, caseId: null, looking: false }),
    );
    return () => {
      live = false;
    };
  }, [api, linkedAlarm, linkedCase]);
  const focusedId = linkedCase ?? (linkedAlarm ? (alarmCase?.caseId ?? null) : null);
  const [detail, reloadDetail] = useLoadable(focusedId ? () => api.detail(focusedId) : null, String(focusedId ?? ''));

  // Live: any change of the tenant's cases refreshes the figures, the list and the map; the focused case's detail too.
  const focusedRef = useRef(focusedId);
  focusedRef.current = focusedId;
  useEffect(
    () =>
      subscribePush(bus, caseChangedPushTopic, (data) => {
        if (!kindsOf(group).includes(data.kind)) return;
        reloadCases();
        reloadStats();
        reloadMap();
        if (data.caseId === focusedRef.current) reloadDetail();
      }),
    [bus, group, reloadCases, reloadDetail, reloadMap, reloadStats],
  );

  // The camera goes to a case once when it is focused (and again on 定位).
  const flown = useRef<number | null>(null);
  useEffect(() => {
    const focused = detail.data;
    if (!focused || focused.caseId !== focusedId || flown.current === focused.caseId) return;
    flown.current = focused.caseId;
    void flyToPlace(focused.longitude, focused.latitude);
  }, [detail.data, focusedId]);

  const specs = useMemo(() => caseEffects(mapCases.data ?? [], focusedId), [mapCases.data, focusedId]);
  const drawn = useMapEffects(specs);

  const focus = useCallback((caseId: number) => setParams({ caseId: String(caseId) }), [setParams]);
  const afterChange = useCallback(() => {
    reloadDetail();
    reloadCases();
    reloadStats();
    reloadMap();
  }, [reloadCases, reloadDetail, reloadMap, reloadStats]);
  const act = (action: string) => async (item: CaseDetail, run: () => Promise<unknown>) => {
    await run();
    notifier.show('success', t.done(action, item.caseNo));
    afterChange();
  };
  const notice =
    linkedAlarm && !linkedCase && alarmCase?.caseId === null ? (alarmCase.looking ? t.lookingUpAlarm : t.alarmCaseMissing) : undefined;

  return (
    <div className={`field-cases is-${group}`} data-map-effects={drawn.length} data-focused-case={focusedId ?? ''}>
      <CaseFiguresColumn stats={stats} onRetry={reloadStats} />
      <div className="field-cases__column is-right">
        <CaseListPanel
          groupName={name}
          cases={cases}
          pageNum={pageNum}
          pageSize={PAGE_SIZE}
          status={status}
          keyword={keyword}
          focusedId={focusedId}
          onPage={setPageNum}
          onStatus={(value) => {
            setStatus(value);
            setPageNum(1);
          }}
          onKeyword={(value) => {
            setKeyword(value);
            setPageNum(1);
          }}
          onFocus={focus}
          onRegister={() => setRegistering(true)}
          onRetry={reloadCases}
          className="field-cases__panel is-list"
        />
        <CaseDetailPanel
          detail={focusedId ? detail : null}
          {...(notice ? { notice } : {})}
          loadEvidence={api.evidenceImage}
          onLocate={(item) => void flyToPlace(item.longitude, item.latitude)}
          onRetry={reloadDetail}
          onAssign={(item, team) => act(t.assign)(item, () => api.assign(item.caseId, team))}
          onHandle={(item, note) => act(t.handle)(item, () => api.handle(item.caseId, note))}
          onClose={(item, note) => act(t.close)(item, () => api.close(item.caseId, note))}
          onReject={(item, reason) => act(t.reject)(item, () => api.reject(item.caseId, reason))}
          onUpload={async (item, file) => {
            await api.uploadEvidence(item.caseId, file);
            notifier.show('success', t.uploaded);
            reloadDetail();
          }}
          className="field-cases__panel is-detail"
        />
      </div>
      <ul className="field-cases__legend" aria-label={t.legend}>
        {STATUS_LEGEND.map((entry) => (
          <li key={entry.status}>
            <span className="field-cases__swatch" style={{ background: entry.color }} />
            {entry.name}
          </li>
        ))}
      </ul>
      <RegisterCaseDialog
        isOpen={registering}
        kinds={kindsOf(group)}
        places={places.data ?? []}
        pickPoint={pickPointOnMap}
        onClose={() => setRegistering(false)}
        onSubmit={async (body) => {
          const created = await api.register(body);
          notifier.show('success', t.registered(created.caseNo));
          setRegistering(false);
          setStatus('');
          setPageNum(1);
          afterChange();
          focus(created.caseId);
        }}
      />
    </div>
  );
}
