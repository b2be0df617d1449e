import { useAtomValue } from 'jotai';
import { Route, Routes } from 'react-router-dom';
import { ActivityScreen } from '../../features/activity';
import { AppManagerScreen } from '../../features/appManager';
import { AssistantScreen } from '../../features/assistant';
import { ConfirmEmailScreen, ForgotPasswordScreen, LoginScreen, MailOutboxScreen, ResetPasswordScreen, SignUpScreen } from '../../features/auth';
import { CampaignDetailScreen, CampaignsScreen, CampaignWizardScreen } from '../../features/campaigns';
import { ChatScreen } from '../../features/chat';
import { CreatorDetailScreen, CreatorsScreen } from '../../features/creators';
import { DownloadsTray } from '../../features/downloads';
import { HomeScreen } from '../../features/home';
import { OnboardingScreen } from '../../features/onboarding';
import { LibraryScreen } from '../../features/library';
import { LicensingScreen } from '../../features/licensing';
import { ProductDetailScreen, ProductsScreen } from '../../features/products';
import { ReportScreen, ReportsScreen } from '../../features/reports';
import { SettingsScreen } from '../../features/settings';
import { JoinBrandScreen, TeamScreen } from '../../features/team';
import { UpdateNotice } from '../../features/updates';
import { VideoDetailScreen, VideosScreen } from '../../features/videos';
import { WidgetAnalyticsScreen, WidgetBuilderScreen, WidgetsScreen } from '../../features/widgets';
import { authPhaseAtom } from '../session/session.atoms';
import { AppShell } from '../shell/AppShell';
import { FallbackRedirect, PublicOnly, RequireSession } from './guards';
import { OfflineCapable } from './OfflineCapable';
import { useHostNavigation } from './useHostNavigation';

/** Every route of the app: sign-in screens outside the shell, the rest inside it; the transfers tray over them. */
export function AppRoutes() {
  const phase = useAtomValue(authPhaseAtom);
  useHostNavigation();
  return (
    <>
      <Routes>
        <Route element={<PublicOnly />}>
          <Route path="/login" element={<LoginScreen />} />
          <Route path="/signup" element={<SignUpScreen />} />
          <Route path="/forgot-password" element={<ForgotPasswordScreen />} />
          <Route path="/reset-password" element={<ResetPasswordScreen />} />
          <Route path="/mail-outbox" element={<MailOutboxScreen />} />
          <Route path="/confirm-email" element={<ConfirmEmailScreen />} />
        </Route>
        <Route element={<RequireSession />}>
          <Route element={<AppShell />}>
            <Route path="/home" element={<HomeScreen />} />
            <Route path="/onboarding" element={<OnboardingScreen />} />
            <Route path="/videos" element={<VideosScreen />} />
            <Route path="/videos/:id" element={<VideoDetailScreen />} />
            <Route path="/products" element={<ProductsScreen />} />
            <Route path="/products/:id" element={<ProductDetailScreen />} />
            <Route path="/creators" element={<CreatorsScreen />} />
            <Route path="/creators/:id" element={<CreatorDetailScreen />} />
            <Route path="/campaigns" element={<CampaignsScreen />} />
            <Route path="/campaigns/new" element={<CampaignWizardScreen />} />
            <Route path="/campaigns/:id" element={<CampaignDetailScreen />} />
            <Route path="/campaigns/:id/edit" element={<CampaignWizardScreen />} />
            <Route path="/licensing" element={<LicensingScreen />} />
            <Route path="/chat" element={<ChatScreen />} />
            <Route path="/reports" element={<ReportsScreen />} />
            <Route path="/reports/:id" element={<ReportScreen />} />
            <Route path="/app-manager" element={<AppManagerScreen />} />
            <Route path="/activity" element={<ActivityScreen />} />
            <Route path="/widgets" element={<WidgetsScreen />} />
            <Route path="/widgets/new" element={<WidgetBuilderScreen />} />
            <Route path="/widgets/:id" element={<WidgetBuilderScreen />} />
            <Route path="/widgets/:id/analytics" element={<WidgetAnalyticsScreen />} />
            <Route path="/assistant" element={<AssistantScreen />} />
            <Route path="/settings" element={<SettingsScreen />} />
            <Route path="/team" element={<TeamScreen />} />
          </Route>
        </Route>
        {/* An invitation link works signed out (sign up or in) and signed in (accept). */}
        <Route path="/join-brand" element={<JoinBrandScreen />} />
        {/* The offline library needs only the host: reachable signed in or not, with the back end down. */}
        <Route element={<OfflineCapable />}>
          <Route path="/library" element={<LibraryScreen />} />
        </Route>
        <Route path="*" element={<FallbackRedirect />} />
      </Routes>
      {phase === 'signedIn' && <DownloadsTray />}
      <UpdateNotice />
    </>
  );
}
