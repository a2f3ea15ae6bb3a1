import { useEffect, useState } from 'react';
import { fieldPatrolStrings as t } from './fieldPatrolStrings';

/** A check-in's photo fetched with the session (an object URL revoked when it goes); a placeholder without one. */
export function CheckInPhoto({
  checkInId,
  hasPhoto,
  checkpointName,
  load,
  size,
}: {
  checkInId: number;
  hasPhoto: boolean;
  checkpointName: string;
  load(checkInId: number): Promise<string>;
  size: 'thumb' | 'large';
}) {
  const [url, setUrl] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    if (!hasPhoto) return;
    let live = true;
    let made: string | null = null;
    setFailed(false);
    load(checkInId).then(
      (objectUrl) => {
        made = objectUrl;
        if (live) setUrl(objectUrl);
        else URL.revokeObjectURL(objectUrl);
      },
      () => live && setFailed(true),
    );
    return () => {
      live = false;
      if (made) URL.revokeObjectURL(made);
      setUrl(null);
    };
  }, [checkInId, hasPhoto, load]);
  const className = `field-patrols__photo is-${size}`;
  if (!hasPhoto || failed) return <span className={`${className} is-empty`}>{failed ? t.photoFailed : t.noPhoto}</span>;
  return url ? <img className={className} src={url} alt={t.photoAlt(checkpointName)} /> : <span className={`${className} is-loading`} />;
}
