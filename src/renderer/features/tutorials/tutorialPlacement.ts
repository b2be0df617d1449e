/** The space kept between the card and its target, and between the card and the window's edges. */
const GAP = 16;

export type Box = { top: number; left: number; width: number; height: number };
export type Size = { width: number; height: number };

const clamp = (value: number, low: number, high: number) => Math.min(Math.max(value, low), Math.max(low, high));

/**
 * Where a tutorial card of `card` size goes next to `target` in a `view`-sized window (physical top/left): beside the
 * target at its inline end, else at its inline start, else below it, else above it; a target that leaves no room
 * around it (wider or taller than the window) gets the card in the window's bottom inline-end corner. Every answer
 * keeps the whole card inside the window, so Next and Close stay within the mouse's reach at any window size, and
 * below `topInset` (the sticky top bar's bottom edge): a card over the bar hid its search and user menu.
 */
export function placeTutorialCard(target: Box, card: Size, view: Size, rtl: boolean, topInset = 0): { top: number; left: number } {
  const right = target.left + target.width;
  const bottom = target.top + target.height;
  const minTop = topInset + GAP;
  const maxTop = view.height - card.height - GAP;
  const maxLeft = view.width - card.width - GAP;
  const besideTop = clamp(target.top, minTop, maxTop);
  const afterRight = right + GAP;
  const beforeLeft = target.left - GAP - card.width;
  const sides = rtl ? [beforeLeft, afterRight] : [afterRight, beforeLeft];
  for (const left of sides) if (left >= GAP && left <= maxLeft) return { top: besideTop, left };
  const alignedLeft = clamp(rtl ? right - card.width : target.left, GAP, maxLeft);
  if (bottom + GAP <= maxTop) return { top: bottom + GAP, left: alignedLeft };
  if (target.top - GAP - card.height >= minTop) return { top: target.top - GAP - card.height, left: alignedLeft };
  return { top: clamp(maxTop, minTop, maxTop), left: rtl ? GAP : clamp(maxLeft, GAP, maxLeft) };
}
