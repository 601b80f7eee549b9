import type { Tool } from '@shop/shared';
import { useId, useRef, useState } from 'react';
import { toast } from 'sonner';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { TextField } from '../../../components/ui/form-field';
import { QueryState } from '../../../components/ui/query-state';
import { errorMessage } from '../../../lib/form-errors';
import { useDeletePartImage } from '../api/delete-part-image';
import { usePartImages, type PartImages } from '../api/get-part-images';
import { useUpdatePartImage } from '../api/update-part-image';
import { usePictureUploads } from '../hooks/use-picture-uploads';
import { altTextProblem } from '../utils/part-pictures';
import { PictureDropZone } from './picture-drop-zone';
import { PictureProblems } from './picture-problems';
import type { MoveFocus } from './picture-row';
import { SavedPicture } from './saved-picture';

type Image = PartImages[number];

/**
 * Manage Tools' pictures of one part (issue 34), saved as they change, apart from the editor's
 * Save: the uploaded images in order, each with its alt text, Move up, Move down and Remove
 * (after a question); new files by the chooser or dropped, sent one after another with the alt
 * text of "Alt text for new pictures" (the part's name to start with).
 */
export function PartPictures({ tool }: { tool: Pick<Tool, '_id' | 'name'> }) {
  const images = usePartImages(tool._id);
  const move = useUpdatePartImage();
  const remove = useDeletePartImage();
  const uploads = usePictureUploads(tool._id);
  const headingId = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const [newAlt, setNewAlt] = useState(tool.name);
  const [newAltProblem, setNewAltProblem] = useState<string | null>(null);
  const [moved, setMoved] = useState<{ id: string; focus: MoveFocus } | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const [removing, setRemoving] = useState<{ image: Image; place: number } | null>(null);

  const onMove = (image: Image, from: number, to: number, count: number) => {
    setMoved({ id: image.id, focus: to < from ? 'up' : 'down' });
    setAnnouncement(`Picture moved to place ${to + 1} of ${count}.`);
    move.mutate(
      { toolId: tool._id, imageId: image.id, changes: { position: to + 1 } },
      { onError: (error) => setAnnouncement(`Not moved: ${errorMessage(error)}`) },
    );
  };

  const onFiles = (files: File[]) => {
    const refusal = altTextProblem(newAlt);
    setNewAltProblem(refusal);
    if (!refusal) uploads.add(files, newAlt.trim());
  };

  const onConfirmRemove = () => {
    if (!removing) return;
    remove.mutate(
      { toolId: tool._id, imageId: removing.image.id },
      {
        onSuccess: () => {
          toast.success(`Picture ${removing.place} removed`, { description: tool.name });
          setRemoving(null);
        },
      },
    );
  };

  return (
    <section
      aria-labelledby={headingId}
      className="bg-base-200 rounded-box grid min-w-0 gap-3 p-4"
      data-testid="part-pictures"
    >
      <div>
        <h2 id={headingId} ref={headingRef} tabIndex={-1} className="font-semibold">
          Pictures
        </h2>
        <p className="text-base-content/70 text-sm">
          Saved as you change them. The part&apos;s page shows the first; without any, its image
          URL.
        </p>
      </div>
      <QueryState
        query={images}
        pendingLabel="Loading the pictures"
        errorTitle="The pictures could not be loaded"
        errorHeadingLevel={3}
        isEmpty={(list) => list.length === 0}
        empty={<p className="text-base-content/70 py-2 text-sm">No pictures yet.</p>}
      >
        {(list) => (
          <ol className="grid gap-2" aria-label={`Pictures of ${tool.name}`}>
            {list.map((image, index) => (
              <SavedPicture
                key={image.id}
                toolId={tool._id}
                image={image}
                index={index}
                count={list.length}
                onMove={(to) => onMove(image, index, to, list.length)}
                moveDisabled={move.isPending}
                focusAfterMove={moved?.id === image.id ? moved.focus : null}
                onRemove={() => {
                  remove.reset();
                  setRemoving({ image, place: index + 1 });
                }}
              />
            ))}
          </ol>
        )}
      </QueryState>
      <p role="status" className="sr-only">
        {announcement}
      </p>
      {uploads.pending.length > 0 && (
        <ul className="grid gap-1 text-sm" aria-label="Pictures on their way">
          {uploads.pending.map((entry) => (
            <li key={entry.key} className="flex min-w-0 items-center gap-2">
              <span
                className={`loading loading-spinner loading-xs ${entry.state === 'waiting' ? 'opacity-40' : ''}`}
                aria-hidden="true"
              />
              <span className="min-w-0 truncate">{entry.fileName}</span>
              <span className="text-base-content/70 shrink-0">
                {entry.state === 'uploading' ? 'Uploading...' : 'Waiting...'}
              </span>
            </li>
          ))}
        </ul>
      )}
      <PictureProblems problems={uploads.problems} onDismiss={uploads.dismiss} />
      <div className="grid gap-x-4 gap-y-2 md:grid-cols-2 md:items-start">
        <TextField
          label="Alt text for new pictures"
          hint="What the picture shows, for those who cannot see it. Change it above once uploaded."
          type="text"
          autoComplete="off"
          value={newAlt}
          onChange={(event) => {
            setNewAlt(event.target.value);
            setNewAltProblem(null);
          }}
          error={newAltProblem ?? undefined}
        />
        <PictureDropZone onFiles={onFiles} />
      </div>
      <ConfirmDialog
        open={removing !== null}
        title="Remove this picture?"
        confirmLabel="Remove"
        busy={remove.isPending}
        error={remove.isError ? errorMessage(remove.error) : null}
        onConfirm={onConfirmRemove}
        onCancel={() => setRemoving(null)}
        fallbackFocusRef={headingRef}
      >
        {removing && (
          <p>
            Picture {removing.place}, &ldquo;{removing.image.alt}&rdquo;, will no longer show on the
            part&apos;s page.
          </p>
        )}
      </ConfirmDialog>
    </section>
  );
}
