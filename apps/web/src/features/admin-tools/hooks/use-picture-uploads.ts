import { useRef, useState } from 'react';
import { useUploadPartImage } from '../api/upload-part-image';
import type { PictureProblem } from '../components/picture-problems';
import { pictureFileProblem, uploadFailureMessage } from '../utils/part-pictures';

/** A file on its way to a part: waiting for the one before it, or being sent. */
export interface PendingUpload {
  key: string;
  fileName: string;
  state: 'waiting' | 'uploading';
}

let nextKey = 0;

/**
 * Manage Tools' uploads: the files given go to the part one after another, in their order, each
 * with the alt text given with it. A file over the API's limit is refused here, unsent. What is
 * pending is listed until it is in the part's list (read again before the upload counts as
 * done), and each failure keeps the API's words until dismissed.
 */
export function usePictureUploads(toolId: string) {
  const upload = useUploadPartImage();
  const [pending, setPending] = useState<PendingUpload[]>([]);
  const [problems, setProblems] = useState<PictureProblem[]>([]);
  const line = useRef(Promise.resolve());

  const add = (files: readonly File[], alt: string) => {
    for (const file of files) {
      const key = `upload-${(nextKey += 1)}`;
      const refusal = pictureFileProblem(file);
      if (refusal) {
        setProblems((shown) => [...shown, { key, fileName: file.name, message: refusal }]);
        continue;
      }
      setPending((shown) => [...shown, { key, fileName: file.name, state: 'waiting' }]);
      line.current = line.current.then(async () => {
        setPending((shown) =>
          shown.map((entry) => (entry.key === key ? { ...entry, state: 'uploading' } : entry)),
        );
        try {
          await upload.mutateAsync({ toolId, file, alt });
        } catch (error) {
          const message = uploadFailureMessage(error);
          setProblems((shown) => [...shown, { key, fileName: file.name, message }]);
        } finally {
          setPending((shown) => shown.filter((entry) => entry.key !== key));
        }
      });
    }
  };

  const dismiss = (key: string) =>
    setProblems((shown) => shown.filter((problem) => problem.key !== key));

  return { pending, problems, add, dismiss };
}
