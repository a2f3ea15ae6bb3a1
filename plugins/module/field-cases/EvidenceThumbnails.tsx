import { useEffect, useState } from 'react';
import type { CaseEvidence } from '@ops/contracts';
import { fieldCasesStrings as t } from './fieldCasesStrings';

export interface EvidenceThumbnailsProps {
  evidence: readonly CaseEvidence[];
  /** The image's bytes (fetched with the session). */
  load(url: string): Promise<Blob>;
}

/** A case's evidence images as thumbnails (each opens full size in a new tab); object URLs are freed on change. */
export function EvidenceThumbnails({ evidence, load }: EvidenceThumbnailsProps) {
  const [urls, setUrls] = useState<Record<number, string>>({});
  const key = evidence.map((item) => item.evidenceId).join(',');
  useEffect(() => {
    let live = true;
    const made: string[] = [];
    for (const item of evidence)
      load(item.url).then(
        (blob) => {
          const url = URL.createObjectURL(blob);
          made.push(url);
          if (live) setUrls((previous) => ({ ...previous, [item.evidenceId]: url }));
        },
        () => undefined,
      );
    return () => {
      live = false;
      for (const url of made) URL.revokeObjectURL(url);
      setUrls({});
    };
    // key stands for the evidence's ids: a new array of the same images loads nothing again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, load]);
  if (!evidence.length) return <p className="field-cases__muted">{t.noEvidence}</p>;
  return (
    <ul className="field-cases__evidence" aria-label={t.evidence}>
      {evidence.map((item, index) => (
        <li key={item.evidenceId}>
          {urls[item.evidenceId] ? (
            <a href={urls[item.evidenceId]} target="_blank" rel="noreferrer" aria-label={t.evidenceImage(index + 1)}>
              <img src={urls[item.evidenceId]} alt={t.evidenceImage(index + 1)} />
            </a>
          ) : (
            <span className="field-cases__evidence-placeholder" aria-label={t.evidenceImage(index + 1)} />
          )}
        </li>
      ))}
    </ul>
  );
}
