import type { Locator, Page } from '@playwright/test';

/** The signed-in shell: navigation, top bar and user menu. */
export class ShellPage {
  readonly navigation: Locator;
  readonly greeting: Locator;

  constructor(readonly page: Page) {
    this.navigation = page.getByRole('navigation');
    this.greeting = page.getByText(/Good (morning|afternoon|evening),/);
  }

  async signOut(): Promise<void> {
    const direct = this.page.getByRole('button', { name: 'Sign out' });
    if (!(await direct.isVisible())) {
      await this.page.getByRole('button', { name: /account|user menu|profile/i }).first().click();
    }
    await this.page.getByRole('button', { name: 'Sign out' }).click();
  }
}
