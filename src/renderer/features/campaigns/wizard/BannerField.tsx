import { useEffect, useId, useState } from 'react';
import { useServices } from '../../../app/useServices';
import { toFailure } from '../../../lib/httpFailure';
import { resolveMediaUrl } from '../../../ui/player/playerSource';
import { bannerFileProblem, cropBanner, dimensionsOf } from './bannerCrop';

interface Chosen { file: File; preview: string; blob: Blob }

/**
 * The banner (wizard step 1): a picture chosen, checked, cropped to the campaign's shape with an adjustable focus,
 * then uploaded (the wizard keys it by the shape: another shape starts the choice again). `upload` saves the draft first when it has none yet (the banner belongs to a stored campaign).
 */
export function BannerField({ current, dimensions, upload }: {
  current: string | null; dimensions: string; upload: (banner: Blob, onProgress: (fraction: number) => void) => Promise<void>;
}) {
  const { backend } = useServices();
  const id = useId();
  const [chosen, setChosen] = useState<Chosen | null>(null);
  const [focus, setFocus] = useState(50);
  const [error, setError] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const { width, height } = dimensionsOf(dimensions);

  useEffect(() => () => {
    if (chosen) URL.revokeObjectURL(chosen.preview);
  }, [chosen]);

  const prepare = async (file: File, at: number) => {
    const blob = await cropBanner(file, dimensions, at / 100);
    setChosen({ file, blob, preview: URL.createObjectURL(blob) });
  };
  const refocus = (at: number) => {
    setFocus(at);
    if (chosen) prepare(chosen.file, at).catch((failure: unknown) => setError(toFailure(failure).error));
  };

  const choose = async (file: File | undefined) => {
    setError(null);
    if (!file) return;
    const problem = bannerFileProblem(file);
    if (problem) return setError(problem);
    try {
      setFocus(50);
      await prepare(file, 50);
    } catch (failure) {
      setError(toFailure(failure).error);
    }
  };

  const send = async () => {
    if (!chosen) return;
    setError(null);
    setProgress(0);
    try {
      await upload(chosen.blob, setProgress);
      setChosen(null);
    } catch (failure) {
      setError(toFailure(failure).error || 'The banner could not be uploaded.');
    } finally {
      setProgress(null);
    }
  };

  const shown = chosen?.preview ?? (current ? resolveMediaUrl(current, backend.origin) : null);
  return (
    <div className="field campaign-banner">
      <label className="field__label" htmlFor={id}>Banner image</label>
      <div className="campaign-banner__frame" style={{ aspectRatio: `${width} / ${height}` }}>
        {shown ? <img src={shown} alt={chosen ? 'Banner preview, cropped' : 'Current banner'} /> : <span className="campaign-banner__empty">No banner yet</span>}
      </div>
      <input id={id} type="file" accept="image/png,image/jpeg,image/webp" aria-invalid={error ? true : undefined} aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
        onChange={(event) => {
          void choose(event.target.files?.[0]);
          event.target.value = '';
        }} />
      <p className="field__hint" id={`${id}-hint`}>PNG, JPEG or WebP, up to 5 MB; cropped to {width} × {height}.</p>
      {chosen && (
        <div className="campaign-banner__crop">
          <label className="toolbar-field">
            <span>Crop position</span>
            <input type="range" min={0} max={100} value={focus} onChange={(event) => refocus(Number(event.target.value))} />
          </label>
          <button type="button" className="btn btn--primary btn--small" disabled={progress !== null} aria-busy={progress !== null} onClick={() => void send()}>
            {progress === null ? 'Upload banner' : 'Uploading…'}
          </button>
          {progress !== null && <progress max={1} value={progress} aria-label="Banner upload" />}
        </div>
      )}
      {error && <p className="field__error" id={`${id}-error`} role="alert">{error}</p>}
    </div>
  );
}
