/**
 * The submission page's style (served inside its nonce'd style block). The page colour and the button colours are the
 * campaign's (custom properties set before this); the form card follows the visitor's light or dark preference.
 * Logical properties only, so a right-to-left campaign mirrors.
 */
export const SUBMISSION_PAGE_CSS = `
* { box-sizing: border-box; }
html { color-scheme: light dark; }
body { margin: 0; min-block-size: 100vh; background: var(--page); color: var(--page-text); font: 16px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; }
.submit-page { display: grid; gap: 20px; max-inline-size: 640px; margin-inline: auto; padding-block: 0 48px; padding-inline: 0; }
.banner { display: block; inline-size: 100%; block-size: auto; max-block-size: 420px; object-fit: cover; }
.intro { display: grid; gap: 8px; padding-inline: 20px; padding-block-start: 20px; }
.intro p, .intro h1 { margin: 0; overflow-wrap: anywhere; }
.intro h1 { font-size: 1.75rem; line-height: 1.2; }
.brand { font-size: 0.8rem; text-transform: uppercase; letter-spacing: 0.06em; opacity: 0.9; }
.tag { font-weight: 600; }
.text { white-space: pre-line; }
.when { font-size: 0.9rem; opacity: 0.95; }
.card { margin-inline: 20px; padding: 20px; border-radius: 16px; background: Canvas; color: CanvasText; box-shadow: 0 6px 20px rgb(0 0 0 / 20%); }
.card h2 { margin-block: 0 12px; font-size: 1.2rem; }
.closed { margin-block: 0; font-weight: 600; }
form.card { display: grid; gap: 14px; }
.field { display: grid; gap: 4px; }
label { font-weight: 600; font-size: 0.95rem; }
input[type="text"], input:not([type]), input[type="email"], input[type="url"], input[type="file"] {
  inline-size: 100%; padding-block: 10px; padding-inline: 12px; border: 1px solid GrayText; border-radius: 8px; background: Field; color: FieldText; font: inherit;
}
input:focus-visible, button:focus-visible, a:focus-visible { outline: 3px solid Highlight; outline-offset: 2px; }
input[aria-invalid="true"] { border-color: #c0392b; border-width: 2px; }
.hint { margin: 0; font-size: 0.85rem; opacity: 0.8; }
.ways { display: flex; flex-wrap: wrap; gap: 8px 20px; margin: 0; padding: 0; border: 0; }
.ways legend { font-weight: 600; margin-block-end: 6px; padding: 0; }
.ways label { display: inline-flex; gap: 6px; align-items: center; font-weight: 400; }
[hidden] { display: none !important; }
/* Each sentence takes its own direction from its words, so an English sentence on a right-to-left page keeps its
   full stop at its end, while alignment still follows the page's direction. */
p, h1, h2, label, legend, button { unicode-bidi: plaintext; }
/* Plaintext would also align such a sentence by its own direction: on a right-to-left page it stays at the page's start. */
:root[dir="rtl"] :is(p, h1, h2, label, legend) { text-align: right; }
progress { inline-size: 100%; block-size: 12px; accent-color: var(--button); }
.status { margin: 0; font-size: 0.9rem; min-block-size: 0; }
.status:empty, .error:empty { display: none; }
.error { margin: 0; padding: 10px 12px; border-radius: 8px; background: #fdecea; color: #8a1c12; font-weight: 600; }
.error:focus { outline: 2px solid #8a1c12; }
.submit { padding: 12px; border: 0; border-radius: 999px; background: var(--button); color: var(--button-text); font: inherit; font-weight: 700; cursor: pointer; }
.submit:disabled { opacity: 0.7; cursor: progress; }
.terms { margin: 0; font-size: 0.85rem; }
.terms a { color: LinkText; }
.done:focus { outline: none; }
@media (prefers-color-scheme: dark) {
  .error { background: #4a1410; color: #ffd9d4; }
}
`;
