import type { Locator, Page } from '@playwright/test';

/** The video analysis detail (/videos/:id) and the video popup. */
export class VideoDetailPage {
  readonly title: Locator;
  readonly player: Locator;
  readonly tabPanel: Locator;
  readonly popup: Locator;

  constructor(readonly page: Page) {
    this.title = page.getByTestId('video-title');
    this.player = page.getByTestId('player-html5');
    this.tabPanel = page.getByRole('tabpanel');
    this.popup = page.getByTestId('video-popup');
  }

  async open(baseUrl: string, videoId: string, tab?: string): Promise<void> {
    await this.page.goto(`${baseUrl}/#/videos/${videoId}${tab ? `?tab=${tab}` : ''}`);
    await this.title.waitFor();
  }

  tab(name: string): Locator {
    return this.page.getByRole('tab', { name, exact: true });
  }

  async openTab(name: string): Promise<void> {
    await this.tab(name).click();
  }

  /** Plays the HTML5 player muted (autoplay rules) and answers its readyState and currentTime after a moment. */
  async playMuted(): Promise<{ readyState: number; currentTime: number }> {
    await this.player.evaluate(async (element) => {
      const video = element as HTMLVideoElement;
      video.muted = true;
      await video.play();
    });
    await this.page.waitForFunction(() => {
      const video = document.querySelector<HTMLVideoElement>('[data-testid="player-html5"]');
      return !!video && video.readyState >= 2 && video.currentTime > 0.3;
    });
    return this.player.evaluate((element) => {
      const video = element as HTMLVideoElement;
      video.pause();
      return { readyState: video.readyState, currentTime: video.currentTime };
    });
  }

  currentTime(): Promise<number> {
    return this.player.evaluate((element) => (element as HTMLVideoElement).currentTime);
  }

  duration(): Promise<number> {
    return this.player.evaluate((element) => (element as HTMLVideoElement).duration);
  }
}
