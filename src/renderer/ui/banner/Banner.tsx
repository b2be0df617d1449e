import { useEffect } from 'react';
import { useAtomValue, useSetAtom } from 'jotai';
import { BANNER_DISMISS_MS } from '../../../shared/constants';
import { bannerMessagesAtom, dismissBannerAtom } from './banner.atoms';
import './banner.css';

/** The banner area: server messages and errors; the first auto-dismisses after 6000 ms, a click dismisses one. */
export function Banner() {
  const messages = useAtomValue(bannerMessagesAtom);
  const dismiss = useSetAtom(dismissBannerAtom);
  const firstId = messages[0]?.id;

  useEffect(() => {
    if (firstId === undefined) return;
    const timer = window.setTimeout(() => dismiss(firstId), BANNER_DISMISS_MS);
    return () => window.clearTimeout(timer);
  }, [firstId, dismiss]);

  return (
    <div className="banner-area" aria-live="polite">
      {messages.map((message) => (
        <div
          key={message.id}
          className={`banner banner--${message.tone}`}
          role={message.tone === 'error' ? 'alert' : 'status'}
          onClick={() => dismiss(message.id)}
        >
          <span className="banner__text">{message.text}</span>
          <button
            type="button"
            className="banner__close"
            aria-label="Dismiss message"
            onClick={(event) => {
              event.stopPropagation();
              dismiss(message.id);
            }}
          >
            ×
          </button>
        </div>
      ))}
    </div>
  );
}
