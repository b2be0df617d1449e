import { useEffect, useState } from 'react';
import { MESSAGES } from '../../../shared/messages';
import { toFailure } from '../../lib/httpFailure';
import { ConfirmDialog, Modal } from '../../ui/dialog';
import { FormAlert } from '../../ui/form';
import { useMyRole } from '../team';
import type { MetricsApi } from './widgets.api';

type Phase = { step: 'busy' } | { step: 'ready'; snippet: string } | { step: 'failed'; detail: string };

/** "Get snippet": a new embed token and the one line to paste into any page, with copy; or the spec's message (§8) on failure. */
export function SnippetDialog({ calls, widgetId, onClose }: { calls: MetricsApi; widgetId: string; onClose: () => void }) {
  const [phase, setPhase] = useState<Phase>({ step: 'busy' });
  const [copied, setCopied] = useState(false);
  const [revoked, setRevoked] = useState<number | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [attempt, setAttempt] = useState(0);
  // Revoking live snippets is a delete for good, a manager's: a member gets a snippet, not the revoke.
  const canRevoke = useMyRole() !== 'member';
  useEffect(() => {
    let live = true;
    calls.snippet(widgetId).then(
      ({ snippet }) => live && setPhase({ step: 'ready', snippet }),
      (error: unknown) => live && setPhase({ step: 'failed', detail: toFailure(error).error }),
    );
    return () => {
      live = false;
    };
  }, [calls, widgetId, attempt]);
  const generate = () => {
    setRevoked(null);
    setPhase({ step: 'busy' });
    setAttempt((n) => n + 1);
  };
  const copy = async (snippet: string) => {
    await navigator.clipboard.writeText(snippet);
    setCopied(true);
  };
  const revoke = async () => {
    setRevoked(await calls.revokeTokens(widgetId));
    setPhase({ step: 'failed', detail: 'Every snippet of this widget stopped working. Generate a new one to embed it again.' });
  };
  return (
    <Modal title="Embed snippet" onDismiss={onClose} actions={<>
      {phase.step === 'ready' && canRevoke && <button type="button" className="btn btn--danger" onClick={() => setConfirming(true)}>Revoke all snippets</button>}
      {phase.step === 'failed' && <button type="button" className="btn" onClick={generate}>Generate again</button>}
      <button type="button" className="btn" onClick={onClose}>Close</button>
      {phase.step === 'ready' && <button type="button" className="btn btn--primary" onClick={() => void copy(phase.snippet)}>{copied ? 'Copied' : 'Copy snippet'}</button>}
    </>}>
      {phase.step === 'busy' && <p role="status">Generating the snippet…</p>}
      {phase.step === 'ready' && (
        <>
          <p>Paste this line where the carousel should appear on your page. It loads after the page and reserves its space, so nothing moves.</p>
          <textarea className="input snippet-code" readOnly rows={6} value={phase.snippet} aria-label="Snippet" onFocus={(event) => event.currentTarget.select()} />
          {copied && <p className="field__hint" role="status">The snippet is on the clipboard.</p>}
        </>
      )}
      {phase.step === 'failed' && (revoked === null
        ? <FormAlert tone="error">{MESSAGES.snippetFailed}<br />{phase.detail}</FormAlert>
        : <FormAlert tone="success">{revoked} snippet{revoked === 1 ? '' : 's'} revoked. {phase.detail}</FormAlert>)}
      {confirming && <ConfirmDialog title="Revoke all snippets?" question="Pages that embed this widget will show nothing until you paste a new snippet."
        onConfirm={revoke} onClose={() => setConfirming(false)} />}
    </Modal>
  );
}
