import { Button, Dialog, DialogBody, DialogFooter, Icon, Spinner } from '@blueprintjs/core';
import { useEffect, useState } from 'react';
import type { WorkOrderPhoto } from '@ops/contracts';
import { workOrderStrings as t } from './workOrderStrings';

export interface PhotoThumbProps {
  photo: WorkOrderPhoto;
  /** The photo's bytes, fetched with the session (an <img> cannot send it). */
  load(photo: WorkOrderPhoto): Promise<Blob>;
}

/** A photo of the order as a thumbnail; a click shows it large. */
export function PhotoThumb({ photo, load }: PhotoThumbProps) {
  const [url, setUrl] = useState<string | undefined>();
  const [failed, setFailed] = useState(false);
  const [open, setOpen] = useState(false);
  useEffect(() => {
    let live = true;
    let objectUrl: string | undefined;
    load(photo).then(
      (blob) => {
        if (!live) return;
        objectUrl = URL.createObjectURL(blob);
        setUrl(objectUrl);
      },
      () => live && setFailed(true),
    );
    return () => {
      live = false;
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [load, photo]);
  return (
    <>
      <button
        type="button"
        className="work-order__thumb"
        aria-label={t.enlargePhoto(photo.photoId)}
        title={failed ? t.photoFailed : t.enlargePhoto(photo.photoId)}
        disabled={!url}
        onClick={() => setOpen(true)}
      >
        {url ? (
          <img src={url} alt={t.photoAlt(photo.photoId)} />
        ) : failed ? (
          <Icon icon="media" aria-label={t.photoFailed} />
        ) : (
          <Spinner size={16} aria-hidden />
        )}
      </button>
      {url ? (
        <Dialog
          isOpen={open}
          onClose={() => setOpen(false)}
          title={t.photoAlt(photo.photoId)}
          className="work-order__photo-dialog"
          isCloseButtonShown={false}
        >
          <DialogBody>
            <img className="work-order__photo-large" src={url} alt={t.photoAlt(photo.photoId)} />
          </DialogBody>
          <DialogFooter actions={<Button onClick={() => setOpen(false)}>{t.closePhoto}</Button>} />
        </Dialog>
      ) : null}
    </>
  );
}
