import { type DragEvent, useId, useRef, useState } from 'react';
import { PART_IMAGE_MAX_BYTES } from '@shop/shared';
import { LineIcon } from '../../../components/ui/line-icon';
import { PICTURE_FILE_TYPES } from '../utils/part-pictures';

interface PictureDropZoneProps {
  /** The files chosen or dropped, in their order. */
  onFiles: (files: File[]) => void;
  disabled?: boolean;
}

const carriesFiles = (event: DragEvent) => event.dataTransfer.types.includes('Files');

/**
 * Where pictures come in: a zone to drop files on, which is also a button that opens the file
 * chooser (the keyboard's way), and the file input itself, visible. Either takes several files.
 */
export function PictureDropZone({ onFiles, disabled = false }: PictureDropZoneProps) {
  const inputRef = useRef<HTMLInputElement>(null);
  const inputId = useId();
  const hintId = useId();
  const [over, setOver] = useState(false);
  // dragenter and dragleave come for each child the pointer crosses: counted, not toggled.
  const depth = useRef(0);

  const take = (files: FileList | null) => {
    const chosen = files ? [...files] : [];
    if (chosen.length > 0 && !disabled) onFiles(chosen);
  };
  const leave = () => {
    depth.current = 0;
    setOver(false);
  };

  return (
    <div className="grid gap-2">
      <button
        type="button"
        data-testid="picture-drop-zone"
        className={`rounded-box flex w-full flex-col items-center gap-1 border-2 border-dashed px-4 py-6 text-center transition-colors ${
          over ? 'border-primary bg-primary/10' : 'border-base-300 bg-base-100 hover:border-primary'
        }`}
        onClick={() => inputRef.current?.click()}
        disabled={disabled}
        aria-describedby={hintId}
        onDragEnter={(event) => {
          if (!carriesFiles(event) || disabled) return;
          event.preventDefault();
          depth.current += 1;
          setOver(true);
        }}
        onDragOver={(event) => {
          if (!carriesFiles(event) || disabled) return;
          // Without it the browser would open the file instead of dropping it here.
          event.preventDefault();
          event.dataTransfer.dropEffect = 'copy';
          if (!over) setOver(true);
        }}
        onDragLeave={() => {
          depth.current = Math.max(0, depth.current - 1);
          if (depth.current === 0) setOver(false);
        }}
        onDrop={(event) => {
          event.preventDefault();
          leave();
          take(event.dataTransfer.files);
        }}
      >
        <LineIcon className="text-primary h-7 w-7">
          <path d="M4 16v3a1 1 0 0 0 1 1h14a1 1 0 0 0 1-1v-3M12 15V4M7 9l5-5 5 5" />
        </LineIcon>
        <span className="font-semibold">{over ? 'Drop them here' : 'Choose pictures'}</span>
        <span className={`text-base-content/70 text-sm ${over ? 'invisible' : ''}`}>
          or drop them here
        </span>
      </button>
      <p id={hintId} className="text-base-content/70 text-xs">
        JPEG, PNG, WebP or AVIF, at most {PART_IMAGE_MAX_BYTES / 1024 / 1024} MB each.
      </p>
      <div className="fieldset py-0">
        <label htmlFor={inputId} className="fieldset-legend py-0 pb-1 text-sm">
          Picture files
        </label>
        <input
          ref={inputRef}
          id={inputId}
          type="file"
          accept={PICTURE_FILE_TYPES}
          multiple
          disabled={disabled}
          // The browser's own file button in the shop's look, as the catalogue import has it
          // (no daisyUI file-input: the stylesheet includes only the components it needs).
          className="border-base-300 rounded-field file:border-base-300 file:bg-base-200 hover:file:bg-base-300 w-full min-w-0 cursor-pointer border p-1.5 text-sm file:mr-3 file:cursor-pointer file:rounded-[calc(var(--radius-field)-2px)] file:border file:px-3 file:py-1.5 file:font-medium"
          onChange={(event) => {
            take(event.target.files);
            // The same file chosen again is a change too.
            event.target.value = '';
          }}
        />
      </div>
    </div>
  );
}
