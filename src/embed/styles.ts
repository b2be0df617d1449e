import { EMBED_HEIGHT } from '../shared/rules/widgets';

/** Height the embed reserves before anything loads (the snippet's room): the carousel is exactly this tall. */
export const RESERVED_HEIGHT = EMBED_HEIGHT;
export const CARD_HEIGHT = 300;

/** The widget's styles, inside its shadow root: nothing of the host page reaches in and nothing leaks out. */
export const STYLES = `
:host{all:initial;display:block;height:${RESERVED_HEIGHT}px;font:14px/1.4 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:inherit}
*{box-sizing:border-box}
.sr{position:absolute;width:1px;height:1px;overflow:hidden;clip-path:inset(50%);white-space:nowrap}
.rs{height:${RESERVED_HEIGHT}px;display:flex;flex-direction:column;gap:8px;padding:8px 0;color-scheme:light;min-width:0;max-width:100%;container-type:inline-size}
.bar{display:flex;align-items:center;gap:8px;min-height:36px;padding:0 4px}
h2{font-size:16px;margin:0;flex:0 1 auto;max-width:55%;overflow:hidden;text-overflow:ellipsis;white-space:nowrap}
.chips{display:flex;gap:6px;overflow-x:auto;flex:1 1 0;min-width:0}
.chip{border:1px solid #c9d1d6;background:#fff;color:#1d2327;border-radius:999px;padding:4px 10px;font:inherit;font-size:12px;cursor:pointer;white-space:nowrap}
.chip[aria-pressed=true]{background:var(--rs-primary);border-color:var(--rs-primary);color:var(--rs-text)}
.nav{width:32px;height:32px;border-radius:50%;border:1px solid #c9d1d6;background:#fff;cursor:pointer;font-size:18px;line-height:1;color:#1d2327}
button:focus-visible,a:focus-visible,select:focus-visible{outline:3px solid var(--rs-primary);outline-offset:2px}
.track{min-width:0;display:flex;gap:12px;overflow-x:auto;scroll-snap-type:x mandatory;list-style:none;margin:0;padding:4px;height:${CARD_HEIGHT + 24}px;scrollbar-width:thin}
.track li{flex:none;scroll-snap-align:start}
.card{position:relative;display:block;height:${CARD_HEIGHT}px;aspect-ratio:var(--rs-ratio);padding:0;border:0;border-radius:12px;overflow:hidden;cursor:pointer;background:#26323a;color:#fff;font:inherit;text-align:start}
.card img,.card video{position:absolute;inset:0;width:100%;height:100%;object-fit:cover}
.card .cap{position:absolute;inset:auto 0 0 0;padding:28px 10px 10px;background:linear-gradient(transparent,rgba(0,0,0,.78));font-size:13px;font-weight:600}
.card .tile{position:absolute;inset:0;background:linear-gradient(160deg,var(--rs-primary),#1d2327)}
.badge{position:absolute;top:8px;inset-inline-start:8px;background:rgba(0,0,0,.65);border-radius:6px;padding:2px 6px;font-size:11px}
.stars{color:#ffd35a;letter-spacing:1px}
.modal{position:fixed;inset:0;z-index:2147483647;background:rgba(8,12,16,.72);display:grid;place-items:center;padding:16px}
.modal[hidden]{display:none}
.panel{display:flex;gap:16px;max-height:calc(100vh - 32px);max-width:min(820px,calc(100vw - 32px));background:#fff;border-radius:14px;padding:16px;overflow:auto;position:relative}
.player{width:min(340px,calc(100vw - 64px));aspect-ratio:340/738;max-height:calc(100vh - 64px);background:#000;border-radius:10px;flex:none}
.info{min-width:220px;max-width:380px;display:flex;flex-direction:column;gap:10px}
.info h3{margin:0 28px 0 0;font-size:17px}
.info p{margin:0;color:#46535b}
.close{position:absolute;top:8px;inset-inline-end:8px;width:32px;height:32px;border-radius:50%;border:0;background:#eef1f3;font-size:18px;cursor:pointer;color:#1d2327}
.products{list-style:none;margin:0;padding:0;display:grid;gap:10px}
.product{display:grid;grid-template-columns:auto 1fr;gap:10px;align-items:center;border:1px solid #e1e6e9;border-radius:10px;padding:8px}
.product img{width:56px;height:56px;border-radius:8px;object-fit:cover;background:#eef1f3}
.product .name{font-weight:600;color:#1d2327;text-decoration:none}
.product .name:hover{text-decoration:underline}
.price{font-weight:700}
.actions{display:flex;gap:6px;flex-wrap:wrap;grid-column:1/-1}
.btn{display:inline-block;border-radius:8px;padding:7px 12px;font:inherit;font-size:13px;font-weight:600;text-decoration:none;border:1px solid var(--rs-primary);cursor:pointer}
.btn.primary{background:var(--rs-primary);color:var(--rs-text)}
.btn.ghost{background:#fff;color:#1d2327}
select{font:inherit;font-size:13px;padding:4px;border-radius:6px;border:1px solid #c9d1d6}
.cta{text-align:center}
@media (max-width:640px){.panel{flex-direction:column;align-items:center}}
@container (max-width:480px){.bar{flex-wrap:wrap;row-gap:6px}.chips{order:3;flex-basis:100%;max-width:100%}.track{height:${CARD_HEIGHT - 20}px}.card{height:${CARD_HEIGHT - 44}px}}
@media (prefers-reduced-motion:reduce){.track{scroll-behavior:auto}}
`;
