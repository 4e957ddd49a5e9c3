import { PHOTO_LIMITS, type ArtifactImage, type ArtifactImageInput } from '@antiquarium/contracts';
import { useEffect, useRef, useState } from 'react';
import { sortFiles } from './photo-files';
import { keptPhoto, moved, newPhoto, photoInputs, photoProblems, type Photo, type PhotoText } from './photo-list';
import { PHOTO_TEXTS } from './photo-texts';
import { usePhotoUploads } from './use-photo-uploads';

/** The file input's id: where focus goes when the last photo is removed. */
export const PHOTO_INPUT_ID = 'artifact-photos-input';
export const photoItemId = (key: string) => `photo-${key}`;
export const photoControlId = (key: string, part: string) => `photo-${key}-${part}`;

export interface PhotosState {
  list: Photo[];
  /** A submit was tried: every photo's problems show from then on, and stay current. */
  checked: boolean;
  /** Why the files of the last pick or drop were not all taken, one sentence each. */
  refusals: string[];
  /** Said by the polite live region (moves and removals). */
  announcement: string;
  /** The api's message about the photos (a 400's `fields.images`), until the member changes them. */
  serverMessage: string | undefined;
  add: (files: readonly File[]) => void;
  remove: (key: string) => void;
  /** Moves a photo to position `to` (0-based); `focusId` keeps the keyboard on the control used. */
  move: (key: string, to: number, focusId?: string) => void;
  /** Changes a text; from then on its message shows (and goes) as it is typed. */
  edit: (key: string, field: PhotoText, value: string) => void;
  retry: (key: string) => void;
  reset: (images: readonly ArtifactImage[]) => void;
  showServerMessage: (message: string | undefined) => void;
  /** On submit: the photos to send in order, or null while something stops them (its messages then show). */
  check: () => ArtifactImageInput[] | null;
}

/** The photos of the artifact form: picked, uploaded, described and ordered. */
export function usePhotos(initial: readonly ArtifactImage[] = []): PhotosState {
  const [list, setList] = useState<Photo[]>(() => initial.map(keptPhoto));
  const [checked, setChecked] = useState(false);
  const [refusals, setRefusals] = useState<string[]>([]);
  const [announcement, setAnnouncement] = useState('');
  const [serverMessage, setServerMessage] = useState<string>();
  const [focusRequest, setFocusRequest] = useState<{ id: string } | null>(null);
  const previews = useRef(new Set<string>());
  const nextKey = useRef(0);

  const update = (key: string, patch: Partial<Photo>) =>
    setList((current) => current.map((photo) => (photo.key === key ? { ...photo, ...patch } : photo)));
  const uploads = usePhotoUploads(update);

  useEffect(() => {
    if (focusRequest) document.getElementById(focusRequest.id)?.focus();
  }, [focusRequest]);

  useEffect(() => {
    const urls = previews.current;
    return () => {
      for (const url of urls) URL.revokeObjectURL(url);
      urls.clear();
    };
  }, []);

  const forget = (photo: Photo) => {
    uploads.stop(photo.key);
    if (photo.file && previews.current.delete(photo.preview)) URL.revokeObjectURL(photo.preview);
  };

  const changed = () => setServerMessage(undefined);

  return {
    list,
    checked,
    refusals,
    announcement,
    serverMessage,
    add(files) {
      const { accepted, refusals: refused } = sortFiles(files, PHOTO_LIMITS.maxPhotos - list.length);
      setRefusals(refused);
      const added = accepted.map((file) => {
        const preview = URL.createObjectURL(file);
        previews.current.add(preview);
        return newPhoto(file, `new-${(nextKey.current += 1)}`, preview);
      });
      if (added.length === 0) return;
      setList((current) => [...current, ...added]);
      for (const photo of added) uploads.start(photo);
      changed();
    },
    remove(key) {
      const index = list.findIndex((photo) => photo.key === key);
      const photo = list[index];
      if (!photo) return;
      forget(photo);
      setList((current) => current.filter((item) => item.key !== key));
      setAnnouncement(PHOTO_TEXTS.removed(index + 1));
      // The next photo takes its place; after the last one, the one before; with none left, the picker.
      const next = list[index + 1] ?? list[index - 1];
      setFocusRequest({ id: next ? photoItemId(next.key) : PHOTO_INPUT_ID });
      changed();
    },
    move(key, to, focusId) {
      const from = list.findIndex((photo) => photo.key === key);
      if (from < 0 || to < 0 || to >= list.length || to === from) return;
      setList((current) => moved(current, from, to));
      setAnnouncement(PHOTO_TEXTS.moved(from + 1, to + 1));
      // A moved element can lose the focus in the browser; it is given back after the render.
      if (focusId) setFocusRequest({ id: focusId });
      changed();
    },
    edit(key, field, value) {
      setList((current) => current.map((photo) => (photo.key === key ? { ...photo, [field]: value, touched: { ...photo.touched, [field]: true } } : photo)));
      changed();
    },
    retry(key) {
      const photo = list.find((item) => item.key === key);
      if (!photo?.file) return;
      update(key, { stage: 'uploading', sent: 0, problem: undefined, upload: undefined, locationRemoved: false });
      uploads.start(photo);
      changed();
    },
    reset(images) {
      for (const photo of list) forget(photo);
      uploads.stopAll();
      setList(images.map(keptPhoto));
      setChecked(false);
      setRefusals([]);
      setAnnouncement('');
      setServerMessage(undefined);
    },
    showServerMessage: setServerMessage,
    check() {
      setChecked(true);
      return photoProblems(list).length === 0 ? photoInputs(list) : null;
    },
  };
}
