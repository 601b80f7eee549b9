import type { PartImage } from '@shop/shared';
import { useState } from 'react';
import { errorMessage } from '../../../lib/form-errors';
import { useUpdatePartImage } from '../api/update-part-image';
import { altTextProblem, smallestVariant } from '../utils/part-pictures';
import { type MoveFocus, PictureRow } from './picture-row';

interface SavedPictureProps {
  toolId: string;
  image: PartImage;
  index: number;
  count: number;
  onMove: (to: number) => void;
  moveDisabled: boolean;
  focusAfterMove: MoveFocus | null;
  onRemove: () => void;
}

/** Its smallest file, in the best format the browser takes. */
function Thumbnail({ image }: { image: PartImage }) {
  const { src, sources } = smallestVariant(image);
  return (
    <picture>
      {sources.map((source) => (
        <source key={source.type} type={source.type} srcSet={source.srcSet} />
      ))}
      <img
        src={src}
        alt=""
        width={64}
        height={64}
        loading="lazy"
        decoding="async"
        className="h-16 w-16 object-contain"
      />
    </picture>
  );
}

/**
 * An uploaded picture of Manage Tools' list. Its alt text is saved when the field is left (or
 * on Enter) if it changed, saying Saving... then Saved, or why not; Escape puts the saved text
 * back.
 */
export function SavedPicture({ toolId, image, ...row }: SavedPictureProps) {
  const update = useUpdatePartImage();
  const [draft, setDraft] = useState(image.alt);
  const [problem, setProblem] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);

  const save = () => {
    const alt = draft.trim();
    if (alt === image.alt || update.isPending) return;
    const refusal = altTextProblem(draft);
    setProblem(refusal);
    setSaved(false);
    if (refusal) return;
    update.mutate(
      { toolId, imageId: image.id, changes: { alt } },
      {
        onSuccess: (answer) => {
          setDraft(answer.alt);
          setSaved(true);
        },
        onError: (error) => setProblem(errorMessage(error)),
      },
    );
  };

  let status = null;
  if (update.isPending) {
    status = (
      <p className="text-base-content/70 flex items-center gap-1 text-xs">
        <span className="loading loading-spinner loading-xs" aria-hidden="true" />
        Saving...
      </p>
    );
  } else if (saved) {
    status = <p className="text-xs text-green-800">Saved</p>;
  }

  return (
    <PictureRow
      {...row}
      thumbnail={<Thumbnail image={image} />}
      altText={{
        value: draft,
        onChange: (value) => {
          setDraft(value);
          setSaved(false);
        },
        onBlur: save,
        onKeyDown: (event) => {
          if (event.key === 'Enter') {
            event.preventDefault();
            save();
          } else if (event.key === 'Escape' && draft !== image.alt) {
            event.preventDefault();
            setDraft(image.alt);
            setProblem(null);
          }
        },
        error: problem,
      }}
      status={<div aria-live="polite">{status}</div>}
    />
  );
}
