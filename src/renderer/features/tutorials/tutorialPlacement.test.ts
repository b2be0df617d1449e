import { describe, expect, it } from 'vitest';
import { placeTutorialCard, type Box } from './tutorialPlacement';

const card = { width: 360, height: 200 };
const inside = (at: { top: number; left: number }, view: { width: number; height: number }) =>
  at.left >= 0 && at.top >= 0 && at.left + card.width <= view.width && at.top + card.height <= view.height;

describe('placeTutorialCard', () => {
  it('keeps the card inside the window for a full-width target at 1024, 1400 and 1920 px, either direction', () => {
    for (const view of [{ width: 1024, height: 768 }, { width: 1400, height: 900 }, { width: 1920, height: 1080 }]) {
      const targets: Box[] = [
        { top: 380, left: 264, width: view.width - 296, height: 180 }, // the overview panel: no room beside it
        { top: 80, left: 264, width: view.width - 296, height: view.height }, // taller than the window
        { top: 10, left: 500, width: 300, height: 40 }, // the search box in the top bar
      ];
      for (const target of targets) for (const rtl of [false, true]) expect(inside(placeTutorialCard(target, card, view, rtl), view)).toBe(true);
    }
  });

  it('puts the card beside a narrow target at its inline end: right in LTR, left in RTL', () => {
    const view = { width: 1400, height: 900 };
    const target = { top: 100, left: 600, width: 200, height: 100 };
    expect(placeTutorialCard(target, card, view, false).left).toBe(816);
    expect(placeTutorialCard(target, card, view, true).left).toBe(600 - 16 - 360);
  });

  it('keeps the card below the sticky top bar, even for a target scrolled up under it or inside it', () => {
    const view = { width: 1400, height: 900 };
    const bar = 64;
    for (const target of [{ top: 20, left: 600, width: 200, height: 100 }, { top: -40, left: 264, width: 1100, height: 300 }, { top: 10, left: 500, width: 300, height: 40 }]) {
      for (const rtl of [false, true]) expect(placeTutorialCard(target, card, view, rtl, bar).top).toBeGreaterThanOrEqual(bar + 16);
    }
  });
});
