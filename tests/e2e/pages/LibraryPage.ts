import type { Locator, Page } from '@playwright/test';

/** The offline library (/library), the transfers tray and the transcript export dialog. */
export class LibraryPage {
  readonly heading: Locator;
  readonly items: Locator;
  readonly viewer: Locator;
  readonly video: Locator;
  readonly search: Locator;
  readonly searchHits: Locator;
  readonly tray: Locator;
  readonly exportDialog: Locator;
  readonly serverDownDialog: Locator;
  readonly serverDownStrip: Locator;

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { level: 1, name: 'Offline library' });
    this.items = page.getByTestId('library-item');
    this.viewer = page.getByTestId('library-viewer');
    this.video = page.getByTestId('library-video');
    this.search = page.getByRole('searchbox', { name: 'Search all offline transcripts' });
    this.searchHits = page.getByTestId('library-search-hit');
    this.tray = page.getByTestId('downloads-tray');
    this.exportDialog = page.getByTestId('export-dialog');
    this.serverDownDialog = page.getByRole('alertdialog');
    this.serverDownStrip = page.getByTestId('server-down-strip');
  }

  async open(baseUrl: string): Promise<void> {
    await this.page.goto(`${baseUrl}/#/library`);
    await this.heading.waitFor();
  }

  item(kind: 'video' | 'transcript', title: string): Locator {
    return this.page.locator(`[data-testid="library-item"][data-kind="${kind}"]`).filter({ hasText: title });
  }

  trayDownload(title: string): Locator {
    return this.tray.getByTestId('tray-download').filter({ hasText: title });
  }

  get trayExport(): Locator {
    return this.tray.getByTestId('tray-export');
  }

  /** Plays the offline player muted (autoplay rules) and waits until it has advanced. */
  async playMuted(): Promise<{ readyState: number; currentTime: number }> {
    await this.video.evaluate(async (element) => {
      const video = element as HTMLVideoElement;
      video.muted = true;
      await video.play();
    });
    await this.page.waitForFunction(() => {
      const video = document.querySelector<HTMLVideoElement>('[data-testid="library-video"]');
      return !!video && video.readyState >= 2 && video.currentTime > 0.3;
    });
    return this.video.evaluate((element) => {
      const video = element as HTMLVideoElement;
      return { readyState: video.readyState, currentTime: video.currentTime };
    });
  }

  currentTime(): Promise<number> {
    return this.video.evaluate((element) => (element as HTMLVideoElement).currentTime);
  }

  duration(): Promise<number> {
    return this.video.evaluate((element) => (element as HTMLVideoElement).duration);
  }
}
