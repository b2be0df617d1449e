import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { TUTORIAL_STEPS } from '../../src/shared/constants';
import { MESSAGES, TUTORIAL_TEXTS } from '../../src/shared/messages';
import { TutorialCard, TUTORIALS } from '../../src/renderer/features/tutorials';

function card(name: keyof typeof TUTORIALS, step: number, withUploadMore = false) {
  const handlers = { onBack: vi.fn(), onNext: vi.fn(), onClose: vi.fn(), onUploadMore: vi.fn() };
  render(<TutorialCard tutorial={TUTORIALS[name]} step={step} {...handlers} onUploadMore={withUploadMore ? handlers.onUploadMore : undefined} />);
  return handlers;
}

describe('tutorials (spec §2, §4)', () => {
  it('has the step counts of the spec: home-overview 5, first-video 2, first-video-analyzed 2', () => {
    expect(TUTORIALS['home-overview'].steps).toHaveLength(TUTORIAL_STEPS.homeOverview);
    expect(TUTORIALS['first-video'].steps).toHaveLength(2);
    expect(TUTORIALS['first-video-analyzed'].steps).toHaveLength(TUTORIAL_STEPS.firstVideoAnalyzed);
    expect(TUTORIALS['home-overview'].closeTo).toBe('/home');
    expect(TUTORIALS['first-video'].closeTo).toBe('/videos');
  });

  it('shows the step counter and hides Back on step 1', () => {
    const handlers = card('home-overview', 0);
    expect(screen.getByText('Step 1 of 5')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Back' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(handlers.onNext).toHaveBeenCalledOnce();
  });

  it('shows Back after step 1 and Done on the last step; close calls onClose', () => {
    const handlers = card('home-overview', 4);
    expect(screen.getByText('Step 5 of 5')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(handlers.onBack).toHaveBeenCalledOnce();
    fireEvent.click(screen.getByRole('button', { name: 'Done' }));
    fireEvent.click(screen.getByRole('button', { name: 'Close tutorial' }));
    expect(handlers.onClose).toHaveBeenCalledTimes(2);
  });

  it("first-video step 2 says about 10 minutes and a minimum of 5 videos, and offers Upload More Videos", () => {
    const handlers = card('first-video', 1, true);
    expect(screen.getByText(TUTORIAL_TEXTS.firstVideo[1].body).textContent).toMatch(/about 10 minutes.*minimum of 5 videos/);
    fireEvent.click(screen.getByRole('button', { name: TUTORIAL_TEXTS.uploadMoreVideos }));
    expect(handlers.onUploadMore).toHaveBeenCalledOnce();
  });

  it("first-video-analyzed step 1 says 'Your video has been analyzed!'", () => {
    card('first-video-analyzed', 0);
    expect(screen.getByRole('heading', { name: MESSAGES.firstVideoAnalyzed })).toBeTruthy();
    expect(screen.getByText('Step 1 of 2')).toBeTruthy();
  });

  it('Escape closes the tutorial', () => {
    const handlers = card('video-detail', 0);
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' });
    expect(handlers.onClose).toHaveBeenCalledOnce();
  });

  it('Escape closes it with focus anywhere on the page, but not while a dialog is open above it', () => {
    const handlers = card('video-detail', 0);
    const modal = document.createElement('div');
    modal.setAttribute('aria-modal', 'true');
    document.body.append(modal);
    fireEvent.keyDown(document.body, { key: 'Escape' });
    expect(handlers.onClose).not.toHaveBeenCalled();
    modal.remove();
    fireEvent.keyDown(document.body, { key: 'Escape' });
    expect(handlers.onClose).toHaveBeenCalledOnce();
  });
});
