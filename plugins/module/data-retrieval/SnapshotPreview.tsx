import { NonIdealState, Spinner } from '@blueprintjs/core';
import { useEffect, useState } from 'react';
import { formatDateTime, PanelBox } from '@ops/sdk';
import { errorMessage, type RecognitionRecord } from '@ops/contracts';
import { dataRetrievalStrings as t } from './dataRetrievalStrings';
import { recordSummary, type RecognitionDictionaries } from './recognitionSearch';

export interface SnapshotPreviewProps {
  record: RecognitionRecord | undefined;
  /** Fetches the record's snapshot with the session (an <img> cannot send it). */
  loadSnapshot(recordId: number): Promise<Blob>;
  dictionaries: RecognitionDictionaries;
}

type Picture =
  | { recordId: number; status: 'loading' }
  | { recordId: number; status: 'ready'; url: string }
  | { recordId: number; status: 'error'; error: string };

/** 抓拍详情: the selected record's snapshot (loading, kept or expired, failed) and what was recognised. */
export function SnapshotPreview({ record, loadSnapshot, dictionaries }: SnapshotPreviewProps) {
  const [picture, setPicture] = useState<Picture | undefined>();
  useEffect(() => {
    if (!record?.hasSnapshot) return setPicture(undefined);
    let url: string | undefined;
    let current = true;
    setPicture({ recordId: record.recordId, status: 'loading' });
    const recordId = record.recordId;
    void (async () => {
      try {
        const blob = await loadSnapshot(recordId);
        if (!current) return;
        url = URL.createObjectURL(blob);
        setPicture({ recordId, status: 'ready', url });
      } catch (error) {
        if (current) setPicture({ recordId, status: 'error', error: errorMessage(error) });
      }
    })();
    return () => {
      current = false;
      if (url) URL.revokeObjectURL(url);
    };
  }, [record?.recordId, record?.hasSnapshot, loadSnapshot]);

  const summary = record ? recordSummary(record, dictionaries) : '';
  return (
    <PanelBox title={t.preview} className="data-retrieval__preview">
      {!record ? (
        <NonIdealState icon="media" description={t.selectRecord} />
      ) : (
        <div className="data-retrieval__preview-body">
          <div className="data-retrieval__picture">
            {!record.hasSnapshot ? (
              <NonIdealState icon="time" description={t.snapshotExpired} />
            ) : picture?.status === 'ready' && picture.recordId === record.recordId ? (
              <img src={picture.url} alt={t.snapshotAlt(summary)} className="data-retrieval__image" />
            ) : picture?.status === 'error' ? (
              <NonIdealState icon="error" description={picture.error} />
            ) : (
              <Spinner aria-label={t.preview} />
            )}
          </div>
          <dl className="data-retrieval__facts">
            <dt>{t.columns.kind}</dt>
            <dd>{dictionaries.kind.label(record.kind)}</dd>
            <dt>{t.columns.content}</dt>
            <dd>{summary || '—'}</dd>
            <dt>{t.details.time}</dt>
            <dd>{formatDateTime(record.at)}</dd>
            <dt>{t.details.camera}</dt>
            <dd>{record.deviceName}</dd>
            <dt>{t.details.position}</dt>
            <dd>
              {record.longitude.toFixed(5)}, {record.latitude.toFixed(5)}
            </dd>
            <dt>{t.details.recordId}</dt>
            <dd>{record.recordId}</dd>
          </dl>
        </div>
      )}
    </PanelBox>
  );
}
