import { useEffect, useId, useRef, useState } from 'react';
import { useServices } from '../../../app/useServices';
import { toFailure } from '../../../lib/httpFailure';
import { resolveMediaUrl } from '../../../ui/player/playerSource';
import { bannerFileProblem, cropBanner, dimensionsOf } from './bannerCrop';

/** A chosen picture, its crop as it will be stored, and whether that crop is stored yet. */
interface Chosen { file: File; preview: string; blob: Blob; stored: boolean }

/** How long the crop position rests before the new crop is uploaded (dragging the slider sends one upload, not fifty). */
const RECROP_UPLOAD_DELAY_MS = 500;

/** Uploads whatever crop is chosen but not stored yet; true when the banner is stored (or none was chosen). */
export type BannerFlush = () => Promise<boolean>;

/**
 * The banner (wizard step 1): a picture chosen is checked, cropped to the campaign's shape and uploaded at once
 * (issue 26 item 18: choosing is uploading); moving the crop position uploads the new crop. A failed upload stays
 * marked with its reason and a retry, and `registerFlush` lets the wizard's Next finish or retry it before moving
 * on. `upload` saves the draft first when it has none yet (the banner belongs to a stored campaign). The wizard keys
 * this field by the shape: another shape starts the choice again.
 */
export function BannerField({ current, dimensions, upload, registerFlush }: {
  current: string | null; dimensions: string; upload: (banner: Blob, onProgress: (fraction: number) => void) => Promise<void>;
  registerFlush: (flush: BannerFlush | null) => void;
}) {
  const { backend } = useServices();
  const id = useId();
  const [chosen, setChosen] = useState<Chosen | null>(null);
  const [focus, setFocus] = useState(50);
  const [error, setError] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const { width, height } = dimensionsOf(dimensions);
  const sending = useRef<Promise<boolean> | null>(null);
  const latest = useRef<Chosen | null>(null);
  const recrop = useRef<ReturnType<typeof setTimeout> | null>(null);

  // A stored crop keeps its preview: the picture's object URL is released only when another crop replaces it.
  const preview = chosen?.preview;
  useEffect(() => () => {
    if (preview) URL.revokeObjectURL(preview);
  }, [preview]);

  const send = (picked: Chosen): Promise<boolean> => {
    const run = (async () => {
      setError(null);
      setProgress(0);
      try {
        await upload(picked.blob, setProgress);
        // A newer crop chosen while this one travelled stays to be sent.
        if (latest.current === picked) {
          const stored = { ...picked, stored: true };
          latest.current = stored;
          setChosen(stored);
        }
        return true;
      } catch (failure) {
        setError(toFailure(failure).error || 'The banner could not be uploaded.');
        return false;
      } finally {
        setProgress(null);
      }
    })();
    sending.current = run;
    return run;
  };

  const pick = async (file: File, at: number): Promise<Chosen> => {
    const blob = await cropBanner(file, dimensions, at / 100);
    const picked = { file, blob, preview: URL.createObjectURL(blob), stored: false };
    latest.current = picked;
    setChosen(picked);
    return picked;
  };

  const choose = (file: File | undefined) => {
    setError(null);
    if (!file) return;
    const problem = bannerFileProblem(file);
    if (problem) return setError(problem);
    setFocus(50);
    // Next, pressed while the picture is still being cropped, waits for the crop and its upload too.
    sending.current = pick(file, 50).then(send, (failure: unknown) => {
      setError(toFailure(failure).error);
      return true;
    });
  };

  const refocus = (at: number) => {
    setFocus(at);
    if (!chosen) return;
    if (recrop.current) clearTimeout(recrop.current);
    const file = chosen.file;
    recrop.current = setTimeout(() => {
      recrop.current = null;
      pick(file, at).then(send, (failure: unknown) => setError(toFailure(failure).error));
    }, RECROP_UPLOAD_DELAY_MS);
  };

  // Next asks: a crop still travelling is waited for, one not stored (a failed upload) is sent again.
  useEffect(() => {
    registerFlush(async () => {
      if (recrop.current) {
        clearTimeout(recrop.current);
        recrop.current = null;
        if (latest.current) await send(await pick(latest.current.file, focus));
      }
      // The upload under way is waited for; if it (or an earlier one) failed, Next tries it once more.
      if (sending.current) await sending.current;
      const pending = latest.current;
      return !pending || pending.stored || send(pending);
    });
    return () => registerFlush(null);
  });

  const shown = chosen?.preview ?? (current ? resolveMediaUrl(current, backend.origin) : null);
  const uploading = progress !== null;
  return (
    <div className="field campaign-banner">
      <label className="field__label" htmlFor={id}>Banner image</label>
      <div className="campaign-banner__frame" style={{ aspectRatio: `${width} / ${height}` }}>
        {shown ? <img src={shown} alt={chosen ? 'Banner preview, cropped' : 'Current banner'} /> : <span className="campaign-banner__empty">No banner yet</span>}
      </div>
      <input id={id} type="file" accept="image/png,image/jpeg,image/webp" aria-invalid={error ? true : undefined} aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
        onChange={(event) => {
          choose(event.target.files?.[0]);
          event.target.value = '';
        }} />
      <p className="field__hint" id={`${id}-hint`}>PNG, JPEG or WebP, up to 5 MB; cropped to {width} × {height} and uploaded as soon as you choose it.</p>
      {chosen && (
        <div className="campaign-banner__crop">
          <label className="toolbar-field">
            <span>Crop position</span>
            <input type="range" min={0} max={100} value={focus} onChange={(event) => refocus(Number(event.target.value))} />
          </label>
          {uploading && <progress max={1} value={progress} aria-label="Banner upload" />}
          <p className="campaign-banner__state" role="status">{uploading ? 'Uploading the banner…' : chosen.stored ? 'Banner uploaded.' : ''}</p>
          {!uploading && !chosen.stored && error && (
            <button type="button" className="btn btn--small" onClick={() => void send(chosen)}>Try the upload again</button>
          )}
        </div>
      )}
      {error && <p className="field__error" id={`${id}-error`} role="alert">{error}</p>}
    </div>
  );
}
