import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import type { PictureProblem } from '../components/picture-problems';
import { refreshPartImages } from '../api/get-part-images';
import { uploadPartImage } from '../api/upload-part-image';
import {
  altOrName,
  altTextProblem,
  isPictureRefusal,
  moveItem,
  pictureFileProblem,
  PictureRefusedError,
  uploadFailureMessage,
} from '../utils/part-pictures';

/** A picture chosen for a part not added yet: its file, its preview, its alt text. */
export interface QueuedPicture {
  key: string;
  file: File;
  /** An object URL of the file, revoked when the picture leaves the queue. */
  preview: string;
  alt: string;
  altProblem: string | null;
  state: 'queued' | 'uploading' | 'uploaded' | 'failed';
  /** Why the shop refused it when it went with the part (Add Tool without an image URL). */
  refusal: string | null;
}

let nextKey = 0;

/**
 * Add Tool's pictures: chosen before the part exists, shown from the browser's own copy
 * (`URL.createObjectURL`, revoked as each leaves), uploaded in their order once the part is
 * added. A file over the API's limit is refused at once, unqueued.
 */
export function usePictureQueue() {
  const [pictures, setPictures] = useState<QueuedPicture[]>([]);
  const [refused, setRefused] = useState<PictureProblem[]>([]);
  const queryClient = useQueryClient();
  // The queue as last rendered, for the handlers and the goodbye below.
  const current = useRef(pictures);
  useEffect(() => {
    current.current = pictures;
  }, [pictures]);

  // Leaving the screen lets go of every preview still held.
  useEffect(
    () => () => {
      for (const picture of current.current) URL.revokeObjectURL(picture.preview);
    },
    [],
  );

  const add = (files: readonly File[], alt: string) => {
    const added: QueuedPicture[] = [];
    const problems: PictureProblem[] = [];
    for (const file of files) {
      const key = `queued-${(nextKey += 1)}`;
      const refusal = pictureFileProblem(file);
      if (refusal) problems.push({ key, fileName: file.name, message: refusal });
      else {
        const preview = URL.createObjectURL(file);
        added.push({ key, file, preview, alt, altProblem: null, state: 'queued', refusal: null });
      }
    }
    if (added.length > 0) setPictures((queued) => [...queued, ...added]);
    if (problems.length > 0) setRefused((shown) => [...shown, ...problems]);
  };

  const change = (key: string, change: Partial<QueuedPicture>) =>
    setPictures((queued) =>
      queued.map((picture) => (picture.key === key ? { ...picture, ...change } : picture)),
    );

  const remove = (key: string) => {
    const gone = current.current.find((picture) => picture.key === key);
    if (gone) URL.revokeObjectURL(gone.preview);
    setPictures((queued) => queued.filter((picture) => picture.key !== key));
  };

  const move = (key: string, to: number) =>
    setPictures((queued) =>
      moveItem(
        queued,
        queued.findIndex((picture) => picture.key === key),
        to,
      ),
    );

  /**
   * Checks every alt text (an empty one will be the part's name) by the shared rule: answers
   * the first picture refused, or null. A refusal of an attempt before is forgotten.
   */
  const check = (name: string): string | null => {
    const checked = current.current.map((picture) => ({
      ...picture,
      altProblem: altTextProblem(altOrName(picture.alt, name)),
      state: 'queued' as const,
      refusal: null,
    }));
    setPictures(checked);
    return checked.find((picture) => picture.altProblem)?.key ?? null;
  };

  /**
   * Sends the first picture with the part (Add Tool without an image URL, issue 49): `send`
   * gets its file and alt text and adds the part with it. A picture the shop refuses keeps its
   * place, marked with the shop's words, and the refusal is thrown as a `PictureRefusedError`;
   * another failure leaves it as it was.
   */
  const sendFirstWith = async <T>(
    name: string,
    send: (picture: { file: File; alt: string }) => Promise<T>,
  ): Promise<T> => {
    const first = current.current[0];
    if (!first) throw new Error('No picture to send with the part');
    change(first.key, { state: 'uploading', refusal: null });
    try {
      const answer = await send({ file: first.file, alt: altOrName(first.alt, name) });
      change(first.key, { state: 'uploaded' });
      return answer;
    } catch (error) {
      if (!isPictureRefusal(error)) {
        change(first.key, { state: 'queued' });
        throw error;
      }
      const message = uploadFailureMessage(error);
      change(first.key, { state: 'failed', refusal: message });
      throw new PictureRefusedError(first.file.name, message);
    }
  };

  /**
   * Uploads the queue to the part added, one after another in its order, from the picture at
   * `from` (1 when the first went with the part); then empties it, and forgets the files
   * refused before (they were for that part). Answers the pictures that failed, with the
   * API's words.
   */
  const uploadTo = async (toolId: string, name: string, from = 0): Promise<PictureProblem[]> => {
    const failed: PictureProblem[] = [];
    for (const picture of current.current.slice(from)) {
      change(picture.key, { state: 'uploading' });
      try {
        await uploadPartImage({ toolId, file: picture.file, alt: altOrName(picture.alt, name) });
        change(picture.key, { state: 'uploaded' });
      } catch (error) {
        change(picture.key, { state: 'failed' });
        failed.push({
          key: picture.key,
          fileName: picture.file.name,
          message: uploadFailureMessage(error),
        });
      }
    }
    for (const picture of current.current) URL.revokeObjectURL(picture.preview);
    setPictures([]);
    setRefused([]);
    await refreshPartImages(queryClient, toolId);
    return failed;
  };

  const dismiss = (key: string) =>
    setRefused((shown) => shown.filter((problem) => problem.key !== key));

  return { pictures, refused, add, change, remove, move, check, sendFirstWith, uploadTo, dismiss };
}
