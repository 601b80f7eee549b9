import { useState } from 'react';
import type { QueuedPicture } from '../hooks/use-picture-queue';
import { PictureDropZone } from './picture-drop-zone';
import { type PictureProblem, PictureProblems } from './picture-problems';
import { PictureRow } from './picture-row';

interface QueuedPicturesProps {
  pictures: readonly QueuedPicture[];
  refused: readonly PictureProblem[];
  /** The part's name as typed: what an empty alt text will be. */
  name: string;
  /** The part is being added and its pictures uploaded: nothing changes meanwhile. */
  busy: boolean;
  /** No image URL was given: the first picture goes with the part and is its image. */
  firstIsImage: boolean;
  onFiles: (files: File[]) => void;
  onAltChange: (key: string, alt: string) => void;
  onMove: (key: string, to: number) => void;
  onRemove: (key: string) => void;
  onDismiss: (key: string) => void;
}

/** The id of a queued picture's alt text field, for the form to focus a refused one. */
export const queuedAltId = (key: string) => `${key}-alt`;

const stateText: Record<QueuedPicture['state'], string | null> = {
  queued: null,
  uploading: 'Uploading...',
  uploaded: 'Uploaded',
  failed: 'Not uploaded',
};

/** The browser's copy of the file; a file it cannot show (not a picture after all) says so. */
function Preview({ src }: { src: string }) {
  const [broken, setBroken] = useState(false);
  if (broken) {
    return (
      <span className="text-base-content/70 flex h-16 w-16 items-center justify-center p-1 text-center text-xs">
        No preview
      </span>
    );
  }
  return (
    <img src={src} alt="" className="h-16 w-16 object-contain" onError={() => setBroken(true)} />
  );
}

/**
 * Add Tool's pictures (issue 34): chosen or dropped before the part exists, each shown from the
 * browser's copy with its alt text, in the order they will be uploaded once the tool is added.
 */
export function QueuedPictures({
  pictures,
  refused,
  name,
  busy,
  firstIsImage,
  onFiles,
  onAltChange,
  onMove,
  onRemove,
  onDismiss,
}: QueuedPicturesProps) {
  return (
    <div className="grid gap-3">
      {pictures.length === 0 ? (
        <p className="text-base-content/70 text-sm">No pictures yet.</p>
      ) : (
        <ol className="grid gap-2" aria-label="Pictures to upload">
          {pictures.map((picture, index) => (
            <PictureRow
              key={picture.key}
              index={index}
              count={pictures.length}
              thumbnail={<Preview src={picture.preview} />}
              altText={{
                id: queuedAltId(picture.key),
                value: picture.alt,
                onChange: (alt) => onAltChange(picture.key, alt),
                placeholder: name.trim() || undefined,
                hint: "Left empty, the part's name.",
                error: picture.altProblem,
                disabled: busy,
              }}
              status={
                <>
                  {index === 0 && firstIsImage && picture.state === 'queued' && (
                    <p className="text-base-content/70 text-xs">
                      The part&apos;s image: it goes with the tool.
                    </p>
                  )}
                  {stateText[picture.state] && (
                    <p className="text-base-content/70 flex items-center gap-1 text-xs">
                      {picture.state === 'uploading' && (
                        <span className="loading loading-spinner loading-xs" aria-hidden="true" />
                      )}
                      {stateText[picture.state]}
                    </p>
                  )}
                  {picture.refusal && (
                    <p className="text-sm break-words text-red-700">Refused: {picture.refusal}</p>
                  )}
                </>
              }
              onMove={(to) => onMove(picture.key, to)}
              moveDisabled={busy}
              onRemove={() => onRemove(picture.key)}
              removeDisabled={busy}
            />
          ))}
        </ol>
      )}
      <PictureProblems problems={refused} onDismiss={onDismiss} />
      <PictureDropZone onFiles={onFiles} disabled={busy} />
    </div>
  );
}
