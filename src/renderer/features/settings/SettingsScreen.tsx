import { useAtomValue } from 'jotai';
import { settingsAtom } from '../../app/boot/boot.atoms';
import { PageHeader } from '../../ui/page';
import { AnalysisSettings } from './AnalysisSettings';
import { AssistantModelSettings } from './AssistantModelSettings';
import { BackendSettings } from './BackendSettings';
import { ChatServiceSettings } from './ChatServiceSettings';
import { LayoutSettings } from './LayoutSettings';
import { TokenStorageSettings } from './TokenStorageSettings';
import { WidgetShopSettings } from './WidgetShopSettings';
import { IntegrationsSettings } from './IntegrationsSettings';
import { BrandSettings } from './BrandSettings';
import { OutboxSettings } from './OutboxSettings';
import './settings.css';

/** Settings: back end, sign-in token storage, layout, the assistant's optional model server, the chat service, widgets and shop, and the mail kept unsent. */
export function SettingsScreen() {
  const settings = useAtomValue(settingsAtom);
  return (
    <div className="page">
      <PageHeader title="Settings" description="Where Reelscope connects, how your sign-in is kept, how the app looks, and the keys of its services." />
      {settings && (
        <div className="settings-grid">
          <BackendSettings settings={settings} />
          <TokenStorageSettings settings={settings} />
          <LayoutSettings />
          <AnalysisSettings />
          <AssistantModelSettings />
          <ChatServiceSettings settings={settings} />
          <BrandSettings />
          <WidgetShopSettings settings={settings} />
          <IntegrationsSettings settings={settings} />
          <OutboxSettings />
        </div>
      )}
    </div>
  );
}
